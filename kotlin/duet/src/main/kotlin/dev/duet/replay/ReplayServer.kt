package dev.duet.replay

import dev.duet.dialect.CompactWriter
import dev.duet.dialect.Dialect
import dev.duet.dialect.DialectError
import dev.duet.dialect.JsonArray
import dev.duet.dialect.JsonInt
import dev.duet.dialect.JsonObject
import dev.duet.dialect.JsonString
import dev.duet.dialect.JsonValue
import java.io.BufferedOutputStream
import java.io.FileDescriptor
import java.io.FileOutputStream
import java.io.InputStream
import java.io.OutputStream
import java.io.PrintStream

/**
 * The runner side of the replay protocol (DESIGN §5): JSON lines over stdio.
 * Ops: `reduce`, `describe`, `restore`, `exit` (EOF is the same). Every request gets exactly
 * one response line, and every answer is written before the server returns (on `exit` and at EOF
 * alike); a bad request or an unknown op answers `{"error":…}` and the loop goes on. Recording
 * stays on the Swift runner, so `scenarios` answers an error saying so. The handshake carries
 * `"build"`, the runner's [RunnerBuild] identity, when it has one.
 *
 * ```kotlin
 * ReplayServer(registry).serve()     // handshake, then one response line per request until exit/EOF
 * ```
 */
class ReplayServer(private val registry: ReplayRegistry, private val build: String? = RunnerBuild.current()) {
    /** Serves on the process's stdin/stdout; stray prints from feature code go to stderr. */
    fun serve() {
        val protocolOut = FileOutputStream(FileDescriptor.out)
        System.setOut(PrintStream(FileOutputStream(FileDescriptor.err), true))
        serve(System.`in`, protocolOut)
    }

    fun serve(input: InputStream, output: OutputStream) {
        val out = BufferedOutputStream(output, 1 shl 16)
        val reader = LineReader(input)
        out.write(line(handshake()))
        out.flush()
        try {
            while (true) {
                val request = reader.next() ?: return
                if (request.all { it == 0x20.toByte() || it == 0x0D.toByte() || it == 0x09.toByte() }) continue
                if (!respond(request, out)) return
                // Flush only when no further request is already waiting: a pipelined client gets
                // whole batches per write, an interactive one gets every answer at once.
                if (!reader.hasBufferedLine()) out.flush()
            }
        } finally {
            // `exit` or EOF behind answers still buffered (a pipelined batch): they go out first.
            out.flush()
        }
    }

    fun handshake(): JsonValue {
        val members = arrayListOf<Pair<String, JsonValue>>(
            "features" to JsonArray(registry.featureNames.map { JsonString(it) }),
            "platform" to JsonString(registry.platform),
            "protocol" to JsonString("duet-replay"),
            "version" to JsonInt(1))
        if (build != null) members.add("build" to JsonString(build))
        return JsonObject.of(*members.toTypedArray())
    }

    private val response = CompactWriter(1 shl 14)

    /** Writes the response line to one request line; false for `exit`. */
    fun respond(request: ByteArray, out: OutputStream): Boolean {
        val tree = try {
            Dialect.parse(request) as? JsonObject
        } catch (e: DialectError) {
            out.write(error("request is not canonical JSON: $e"))
            return true
        }
        if (tree != null && (tree["op"] as? JsonString)?.value == "reduce") {
            reduce(tree, out)
            return true
        }
        val answer = respond(tree) ?: return false
        out.write(answer)
        return true
    }

    /** The response line (with its newline) to one request line; null for `exit`. */
    fun respond(request: ByteArray): ByteArray? {
        val tree = try {
            Dialect.parse(request) as? JsonObject
        } catch (e: DialectError) {
            return error("request is not canonical JSON: $e")
        }
        if (tree != null && (tree["op"] as? JsonString)?.value == "reduce") {
            return java.io.ByteArrayOutputStream().also { reduce(tree, it) }.toByteArray()
        }
        return respond(tree)
    }

    private fun respond(tree: JsonObject?): ByteArray? {
        if (tree == null) return error("request is not a JSON object")
        val op = (tree["op"] as? JsonString)?.value ?: return error("request has no \"op\" string")
        return when (op) {
            "exit" -> null
            "describe" -> describe()
            "restore" -> restore(tree)
            "scenarios" -> error("this runner carries no scenarios; recording stays on the Swift runner")
            else -> error("unknown op \"$op\" (this runner speaks reduce, describe, restore, exit)")
        }
    }

    /** `{"effects":"…","state":"…"}`: both canonical texts written once, embedded as dialect strings. */
    private fun reduce(request: JsonObject, out: OutputStream) {
        val name = (request["feature"] as? JsonString)?.value ?: return out.write(error("reduce needs a \"feature\" string"))
        val feature = registry.feature(name) ?: return out.write(unknownFeature(name))
        val state = request["state"]
        val action = request["action"]
        if (state == null || action == null) return out.write(error("reduce needs \"state\" and \"action\""))
        try {
            val (stateTree, effectsTree) = feature.reduce(state, action)
            response.reset()
            response.raw("{\"effects\":\"")
            response.embedded = true
            response.write(effectsTree)
            response.embedded = false
            response.raw("\",\"state\":\"")
            response.embedded = true
            response.write(stateTree)
            response.embedded = false
            response.raw("\"}\n")
            response.writeTo(out)
        } catch (e: Exception) {
            out.write(error("$name: ${e.message}"))
        }
    }

    private fun describe(): ByteArray = try {
        line(JsonObject.of("features" to JsonArray(registry.featureNames.map { registry.describe(it)!!.toJson() })))
    } catch (e: Exception) {
        error("describe: ${e.message}")
    }

    private fun restore(request: JsonObject): ByteArray {
        val name = (request["feature"] as? JsonString)?.value ?: return error("restore needs a \"feature\" string")
        val feature = registry.feature(name) ?: return unknownFeature(name)
        val spine = request["spine"] ?: return error("restore needs a \"spine\"")
        return try {
            line(JsonObject.of("state" to JsonString(feature.restore(spine, request["base"]))))
        } catch (e: Exception) {
            error("restore $name: ${e.message}")
        }
    }

    private fun unknownFeature(name: String) =
        error("unknown feature \"$name\" (this runner serves ${registry.featureNames.joinToString(", ")})")

    private fun error(message: String) = line(JsonObject.of("error" to JsonString(message)))

    private fun line(value: JsonValue): ByteArray = (Dialect.compact(value) + "\n").toByteArray(Charsets.UTF_8)
}
