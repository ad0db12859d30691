package dev.duet.replay

import dev.duet.composition.Counter
import dev.duet.composition.Shell
import dev.duet.composition.ShellSeams
import dev.duet.dialect.Dialect
import dev.duet.dialect.JsonArray
import dev.duet.dialect.JsonObject
import dev.duet.dialect.JsonString
import dev.duet.testing.expect
import java.io.ByteArrayInputStream
import java.io.ByteArrayOutputStream
import java.io.File
import org.junit.Assert.assertEquals
import org.junit.Assert.assertNull
import org.junit.Test

/** The server side of the protocol, in process: what a client reads back for what it writes. */
class ReplayServerTest {
    private fun registry() = ReplayRegistry("kotlin").apply {
        register(Shell)
        register(Counter)
        addSeams(listOf(ShellSeams.counter))
    }

    private fun serve(input: String, build: String? = "b".repeat(64)): List<String> {
        val out = ByteArrayOutputStream()
        ReplayServer(registry(), build).serve(ByteArrayInputStream(input.toByteArray()), out)
        return out.toString("UTF-8").lines().filter { it.isNotEmpty() }
    }

    private val reduce = """{"op":"reduce","feature":"counter","state":{"count":1},"action":{"case":"increment"}}"""

    @Test fun `exit after a batch still answers every request before it`() {
        val lines = serve("$reduce\n$reduce\n{\"op\":\"exit\"}\n$reduce\n")
        assertEquals("the handshake, two answers, nothing after exit", 3, lines.size)
        assertEquals("""{"effects":"[{\"kind\":\"run\",\"payload\":{\"case\":\"save\"}}]","state":"{\"count\":2}"}""", lines[1])
    }

    @Test fun `EOF without exit answers the last request too`() {
        assertEquals(3, serve("$reduce\n$reduce").size)
    }

    @Test fun `the handshake carries the build when there is one, and not otherwise`() {
        val with = Dialect.parse(serve("")[0]) as JsonObject
        assertEquals("b".repeat(64), (with["build"] as JsonString).value)
        assertEquals(JsonArray(listOf(JsonString("counter"), JsonString("shell"))), with["features"])
        assertNull((Dialect.parse(serve("", build = null)[0]) as JsonObject)["build"])
    }

    @Test fun `describe lists a parent's seams, its initial state and its restore`() {
        val described = Dialect.parse(serve("{\"op\":\"describe\"}\n")[1]) as JsonObject
        val shell = (described["features"] as JsonArray).elements.map { it as JsonObject }.first { (it["feature"] as JsonString).value == "shell" }
        assertEquals("""[{"child":"counter","placement":"ifLet"}]""", Dialect.compact(shell["seams"]!!))
        assertEquals(JsonString("""{"routes":[],"showsCounter":false,"total":0}"""), shell["initialState"])
        assertEquals(JsonString("overlay"), shell["restore"])
    }

    @Test fun `an unknown op and a malformed line are per-request errors`() {
        val lines = serve("{\"op\":\"fly\"}\nnot json\n$reduce\n")
        expect(lines[1].contains("unknown op \\\"fly\\\"")) { lines[1] }
        expect(lines[2].startsWith("{\"error\":\"request is not canonical JSON")) { lines[2] }
        expect(lines[3].startsWith("{\"effects\"")) { lines[3] }
    }
}

class RunnerBuildTest {
    @Test fun `the build is the SHA-256 of the class-path jars' bytes, and changes with them`() {
        val a = File.createTempFile("build-a", ".jar")
        val b = File.createTempFile("build-b", ".jar")
        try {
            a.writeText("abc")
            b.writeText("")
            // SHA-256("abc"), a known vector: the empty file adds nothing.
            assertEquals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", RunnerBuild.ofClassPath("${a.path}:${b.path}"))
            b.writeText("d")
            expect(RunnerBuild.ofClassPath("${a.path}:${b.path}") != RunnerBuild.ofClassPath("${a.path}")) { "a changed jar kept its build" }
            assertNull(RunnerBuild.ofClassPath("/no/such/file.jar"))
            assertEquals("the Kotlin standard library is platform, not the runner's build",
                RunnerBuild.ofClassPath(a.path), RunnerBuild.ofClassPath("${a.path}:/usr/share/java/kotlin-stdlib.jar"))
        } finally {
            a.delete(); b.delete()
        }
    }
}
