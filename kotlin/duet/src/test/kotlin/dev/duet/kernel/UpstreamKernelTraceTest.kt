package dev.duet.kernel

import dev.duet.testing.Repository
import java.io.File
import org.junit.Assert.assertEquals
import org.junit.Assume.assumeTrue
import org.junit.Test

/**
 * The kernel-trace vectors (`vectors/kernel-trace`, written by the Kotlin store: [KernelTraceTest])
 * are upstream's traces byte for byte. Upstream's files are read where they are (`../shared/reference`,
 * never copied in); on a fresh clone without them this one test is skipped, saying so.
 */
class UpstreamKernelTraceTest {
    @Test fun `every kernel-trace vector is upstream's trace`() {
        val upstream = File(Repository.reference, "duet/kernel-trace")
        assumeTrue("upstream's traces are not at ${upstream.path}: the vectors are checked against the store only", upstream.isDirectory)
        val theirs = upstream.listFiles { file -> file.name.endsWith(".trace.jsonl") }.orEmpty().sortedBy { it.name }
        val ours = Repository.file("vectors/kernel-trace").listFiles { file -> file.name.endsWith(".trace.jsonl") }.orEmpty().sortedBy { it.name }
        assertEquals("one vector per upstream trace", theirs.map { it.name }, ours.map { it.name })
        for (trace in theirs) {
            assertEquals("vectors/kernel-trace/${trace.name} differs from upstream's", trace.readText(Charsets.UTF_8),
                Repository.file("vectors/kernel-trace/${trace.name}").readText(Charsets.UTF_8))
        }
    }
}
