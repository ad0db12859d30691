package dev.duet.testlauncher

import org.junit.Test
import org.junit.runner.JUnitCore
import org.junit.runner.Result
import java.io.File
import java.lang.reflect.Modifier
import java.util.jar.JarFile
import kotlin.system.exitProcess

/**
 * What Gradle's `test` task does for one module, for `kotlin/build.sh test`: finds the JUnit 4
 * classes in a test jar, runs them with [JUnitCore], writes a JUnit XML report and prints one
 * line per failure or skip and a `MODULE: N passed, N failed, N skipped` line.
 *
 * ```sh
 * java -cp test-launcher.jar:duet-tests.jar:duet.jar:… dev.duet.testlauncher.JUnitLauncherKt \
 *     --module duet --report build/test-results/duet.xml build/duet-tests.jar
 * ```
 */
fun main(args: Array<String>) {
    val options = LaunchOptions.parse(args)
    val classes = options.jars.flatMap { testClasses(it) }
    if (classes.isEmpty()) {
        System.err.println("${options.module}: no JUnit test class in ${options.jars.joinToString()}: nothing was tested")
        exitProcess(1)
    }
    val report = JUnitXmlReport(options.module)
    val core = JUnitCore()
    core.addListener(report)
    core.addListener(ConsoleLines(options.module))
    val result = core.run(*classes.toTypedArray())
    options.report.parentFile?.mkdirs()
    options.report.writeText(report.xml(), Charsets.UTF_8)
    println(countLine(options.module, result))
    exitProcess(if (result.wasSuccessful()) 0 else 1)
}

internal fun countLine(module: String, result: Result): String {
    val skipped = result.ignoreCount + result.assumptionFailureCount
    return "$module: ${result.runCount - result.failureCount - result.assumptionFailureCount} passed, " +
        "${result.failureCount} failed, $skipped skipped"
}

/** The concrete top-level classes of `jar` with at least one `@Test` method, in name order. */
internal fun testClasses(jar: File): List<Class<*>> {
    val loader = Thread.currentThread().contextClassLoader
    val names = JarFile(jar).use { file ->
        file.entries().toList().map { it.name }
            .filter { it.endsWith(".class") && !it.contains('$') }
            .map { it.removeSuffix(".class").replace('/', '.') }
            .sorted()
    }
    return names.map { Class.forName(it, false, loader) }.filter { type ->
        !Modifier.isAbstract(type.modifiers) && type.methods.any { it.isAnnotationPresent(Test::class.java) }
    }
}

private class LaunchOptions(val module: String, val report: File, val jars: List<File>) {
    companion object {
        fun parse(args: Array<String>): LaunchOptions {
            var module: String? = null
            var report: File? = null
            val jars = ArrayList<File>()
            var i = 0
            while (i < args.size) {
                when (args[i]) {
                    "--module" -> module = args.getOrNull(++i)
                    "--report" -> report = args.getOrNull(++i)?.let(::File)
                    else -> jars.add(File(args[i]))
                }
                i++
            }
            if (module == null || report == null || jars.isEmpty()) {
                System.err.println("usage: JUnitLauncher --module NAME --report FILE.xml TESTS.jar…")
                exitProcess(2)
            }
            return LaunchOptions(module, report, jars)
        }
    }
}
