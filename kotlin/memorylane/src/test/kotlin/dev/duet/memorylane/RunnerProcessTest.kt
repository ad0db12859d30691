package dev.duet.memorylane

import dev.duet.dialect.Dialect
import dev.duet.dialect.JsonObject
import dev.duet.dialect.JsonString
import dev.duet.testing.expect
import java.io.File
import java.util.concurrent.TimeUnit
import org.junit.Assert.assertEquals
import org.junit.Assume.assumeTrue
import org.junit.Test

/**
 * The built runner (`kotlin/build/memorylane-runner`, passed as `-Dduet.runner` by kotlin/build.sh)
 * as a client sees it: a pipe written all at once and closed, then read to the end.
 */
class RunnerProcessTest {
    private val runner = System.getProperty("duet.runner")?.let(::File)

    private class Session(val status: Int, val lines: List<String>, val errors: String)

    private fun session(input: String, environment: Map<String, String> = emptyMap(), command: File? = runner): Session {
        assumeTrue("no built runner (-Dduet.runner): the process tests need kotlin/build.sh to have built it", command != null && command.canExecute())
        val process = ProcessBuilder(command!!.path).apply { environment().putAll(environment) }.start()
        process.outputStream.use { it.write(input.toByteArray(Charsets.UTF_8)) }
        val out = process.inputStream.readBytes().toString(Charsets.UTF_8)
        val err = process.errorStream.readBytes().toString(Charsets.UTF_8)
        expect(process.waitFor(60, TimeUnit.SECONDS)) { "the runner did not exit" }
        return Session(process.exitValue(), out.lines().filter { it.isNotEmpty() }, err)
    }

    private val reduce = """{"op":"reduce","feature":"mainnav","state":{"activeTab":{"case":"myLane"},"hasAnsweredPriming":false,""" +
        """"memoriesCaptured":0,"unseenSharedCount":0},"action":{"case":"captureTapped"}}"""

    @Test fun `reduce then exit in one pipe gets the answer before the runner exits`() {
        val answered = session("$reduce\n{\"op\":\"exit\"}\n")
        assertEquals(answered.errors, 0, answered.status)
        assertEquals(2, answered.lines.size)
        val answer = Dialect.parse(answered.lines[1]) as JsonObject
        assertEquals("""{"activeTab":{"case":"myLane"},"hasAnsweredPriming":false,"memoriesCaptured":0,"sheet":{"case":"capture"},"unseenSharedCount":0}""",
            (answer["state"] as JsonString).value)
    }

    @Test fun `a batch cut by EOF gets every answer too`() {
        val answered = session("$reduce\n$reduce\n$reduce")
        assertEquals(0, answered.status)
        assertEquals(4, answered.lines.size)
    }

    @Test fun `the handshake names the runner's build, the same for the same jars`() {
        val first = Dialect.parse(session("").lines[0]) as JsonObject
        val build = (first["build"] as? JsonString)?.value
        expect(build != null && Regex("[0-9a-f]{64}").matches(build)) { "build: $build" }
        assertEquals(build, ((Dialect.parse(session("").lines[0]) as JsonObject)["build"] as JsonString).value)
        // The launcher hashes natively what the runner would hash itself (its own jars, not the stdlib): the two agree.
        val jars = File(runner!!.parentFile, "duet.jar").path + ":" + File(runner.parentFile, "memorylane.jar").path + ":/usr/share/java/kotlin-stdlib.jar"
        assertEquals(dev.duet.replay.RunnerBuild.ofClassPath(jars), build)
    }

    /**
     * Where the JVM took two classes from in a session: the JDK's `java.lang.Object` and the runner's
     * main class — "shared objects file" (an archive), `jrt:/…` or a jar. An app archive the JVM
     * refuses costs the JDK's own archive too (Object from jrt); one the launcher leaves out does not.
     */
    private fun classSources(command: File? = runner, environment: Map<String, String> = emptyMap()): Pair<String, String> {
        val log = File.createTempFile("class-load", ".log")
        try {
            val answered = session("$reduce\n", environment + ("DUET_KOTLIN_JAVA_OPTS" to "-Xlog:class+load=info:file=${log.path}"), command)
            assertEquals(answered.errors, 0, answered.status)
            assertEquals("every request answered: " + answered.errors, 2, answered.lines.size)
            val lines = log.readLines()
            fun source(name: String) = lines.firstOrNull { it.contains(" $name source: ") }?.substringAfter(" source: ") ?: "(not loaded)"
            return source("java.lang.Object") to source("dev.duet.memorylane.MemoryLaneRunnerKt")
        } finally {
            log.delete()
        }
    }

    private val archived = "shared objects file"

    @Test fun `the runner starts from the class-data archive kotlin-build-sh writes, and without it when told`() {
        assertEquals(archived to archived, classSources())
        // Negative control: the same probe tells a class read from the jar.
        val off = classSources(environment = mapOf("DUET_KOTLIN_CDS" to "off"))
        expect(off.first == archived && off.second.endsWith("/memorylane.jar")) { "DUET_KOTLIN_CDS=off: $off" }
    }

    @Test fun `a stale archive is left out or refused, and the session is served from the jars`() {
        assumeTrue("no built runner (-Dduet.runner)", runner != null && runner.canExecute())
        val folder = java.nio.file.Files.createTempDirectory("runner").toFile()
        try {
            for (name in listOf("memorylane-runner", "duet.jar", "memorylane.jar", "memorylane.jsa")) {
                val from = File(runner!!.parentFile, name)
                expect(from.isFile) { "kotlin/build.sh did not write $name" }
                from.copyTo(File(folder, name)).setLastModified(from.lastModified())
            }
            val copied = File(folder, "memorylane-runner").apply { setExecutable(true) }
            // Moved: this JDK maps an archive only for the class path it was written for; the launcher leaves it out.
            var sources = classSources(copied)
            expect(sources.first == archived && sources.second.startsWith("file:" + folder.path)) { "a moved runner: $sources" }
            // Passed anyway: the JVM refuses it, and serves the session without any archive.
            sources = classSources(copied, mapOf("DUET_KOTLIN_CDS" to "-XX:SharedArchiveFile=${File(folder, "memorylane.jsa").path}"))
            expect(sources.first.startsWith("jrt:") && sources.second.startsWith("file:" + folder.path)) { "a refused archive: $sources" }
            // The launcher told the archive is for this folder passes it (the JVM still refuses it: the jars' paths differ)…
            copied.writeText(copied.readText().replace(Regex("archived_in='[^']*'"), "archived_in='${folder.path}'"))
            sources = classSources(copied)
            expect(sources.first.startsWith("jrt:")) { "the launcher left out an archive newer than its jars: $sources" }
            // …but not once a jar is newer than the archive.
            File(folder, "memorylane.jar").setLastModified(File(folder, "memorylane.jsa").lastModified() + 60_000)
            sources = classSources(copied)
            expect(sources.first == archived && sources.second.startsWith("file:" + folder.path)) { "a jar newer than the archive: $sources" }
        } finally {
            folder.deleteRecursively()
        }
    }

    @Test fun `an unusable class-data archive costs start-up time, not the session`() {
        val garbage = File.createTempFile("garbage", ".jsa")
        try {
            garbage.writeText("not an archive")
            val answered = session("$reduce\n", mapOf("DUET_KOTLIN_CDS" to "-XX:SharedArchiveFile=${garbage.path}"))
            assertEquals(answered.errors, 0, answered.status)
            assertEquals("stdout holds the protocol only", 2, answered.lines.size)
            expect(answered.lines.all { it.startsWith("{") }) { answered.lines.joinToString("\n") }
        } finally {
            garbage.delete()
        }
    }
}
