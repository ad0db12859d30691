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

    private fun session(input: String, environment: Map<String, String> = emptyMap()): Session {
        val command = runner
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
