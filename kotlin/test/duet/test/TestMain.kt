package duet.test

import java.io.File
import kotlin.system.exitProcess

/** `kotlin/build.sh test`: every suite; the argument is the `kotlin/` folder. */
fun main(args: Array<String>) {
    val kotlinDir = File(args.firstOrNull() ?: ".").absoluteFile
    val reference = System.getenv("DUET_REFERENCE")?.let(::File) ?: File(kotlinDir, "../../shared/reference")
    exitProcess(runSuites(listOf(
        DialectParserTests(), DialectRejectionTests(), CompactWriterTests(), SumCodingTests(), DeclarationTests(),
        StoreTests(), KernelTraceTests(File(reference, "duet/kernel-trace")))))
}
