package dev.duet.coding

import dev.duet.dialect.Dialect
import dev.duet.dialect.JsonArray
import dev.duet.dialect.JsonBool
import dev.duet.dialect.JsonInt
import dev.duet.dialect.JsonObject
import dev.duet.dialect.JsonObjectBuilder
import dev.duet.dialect.JsonString
import dev.duet.dialect.JsonValue
import java.time.Instant

/**
 * Checks that codec declarations say what their types hold: every struct, labelled case payload and
 * sum case reachable from a codec is decoded from a probe whose members all differ and encoded
 * back, and must give the probe's bytes. This catches what the compiler cannot: two members of the
 * same type given to `members(::Type, …)` in swapped order. Booleans differ across a few probes
 * (bit k of each boolean's index), so any two of them are told apart by one.
 *
 * ```kotlin
 * CodecCheck.mismatches(MainNav.stateCodec)   // [] when every declaration round-trips
 * ```
 */
object CodecCheck {
    /** Every declaration under [codec] that does not round-trip, with the probe and what came back. */
    fun mismatches(codec: Codec<*>): List<String> {
        val found = ArrayList<String>()
        for (each in reachable(codec)) {
            when {
                each is SumCodec<*> -> for (name in each.caseNames) {
                    val payload = each.payloadOf(name)
                    for (bit in bits(payload)) {
                        val probe = Probe(bit)
                        val value = payload?.let { probe.value(it) }
                        val members = arrayListOf<Pair<String, JsonValue>>("case" to JsonString(name))
                        if (value != null && !(value is JsonObject && value.size == 0)) members.add("value" to value)
                        check(each, JsonObject.of(*members.toTypedArray()), "case $name of ${nameOf(each)}")?.let { found.add(it) }
                    }
                }
                each.fields != null -> for (bit in bits(each)) {
                    check(each, Probe(bit).value(each), nameOf(each))?.let { found.add(it) }
                }
            }
        }
        return found
    }

    private fun check(codec: Codec<*>, probe: JsonValue, what: String): String? {
        val back = try {
            encodeAny(codec, codec.decode(probe))
        } catch (e: Exception) {
            return "$what: the probe ${Dialect.compact(probe)} does not decode: ${e.message}"
        }
        val expected = Dialect.compact(probe)
        val actual = Dialect.compact(back)
        return if (expected == actual) null else "$what: decoded and encoded again, $expected became $actual"
    }

    @Suppress("UNCHECKED_CAST")
    private fun encodeAny(codec: Codec<*>, value: Any?): JsonValue = (codec as Codec<Any?>).encode(value)

    /** Bit positions enough to tell every boolean of a probe of [codec] from every other. */
    private fun bits(codec: Codec<*>?): IntRange {
        val dry = Probe(0)
        if (codec != null) dry.value(codec)
        var needed = 1
        while ((1 shl needed) < dry.booleans) needed++
        return 0 until needed
    }

    /** [roots] and every codec under them (wrapped, members, case payloads), each once, roots first. */
    fun reachable(vararg roots: Codec<*>): List<Codec<*>> {
        val seen = LinkedHashSet<Codec<*>>()
        fun visit(codec: Codec<*>?) {
            if (codec == null || !seen.add(codec)) return
            visit(codec.element)
            codec.fields?.forEach { visit(it.codec) }
            if (codec is SumCodec<*>) codec.caseNames.forEach { visit(codec.payloadOf(it)) }
        }
        roots.forEach { visit(it) }
        return seen.toList()
    }

    private fun nameOf(codec: Codec<*>) = codec.javaClass.name.substringAfterLast('.').replace('$', '.')

    /** Members that all differ: a counter for strings, integers, UUIDs and dates; bit [bit] for booleans. */
    private class Probe(private val bit: Int) {
        private var next = 1L
        var booleans = 0
            private set

        fun value(codec: Codec<*>): JsonValue {
            val n = next++
            val element = codec.element
            val fields = codec.fields
            return when {
                codec.isOptional && element != null -> value(element)
                codec.shape.startsWith("array<") && element != null -> JsonArray(listOf(value(element), value(element)))
                codec.shape.startsWith("map<") && element != null -> JsonObjectBuilder().put("k$n", value(element)).build()
                codec is SumCodec<*> -> {
                    val name = codec.caseNames[(n % codec.caseNames.size).toInt()]
                    val payload = codec.payloadOf(name)?.let { value(it) }
                    if (payload == null || (payload is JsonObject && payload.size == 0)) JsonObject.of("case" to JsonString(name))
                    else JsonObject.of("case" to JsonString(name), "value" to payload)
                }
                codec.shape == "sum" -> JsonObject.of("case" to JsonString(rotate(codec, n)))
                codec.shape == "enum" -> JsonString(rotate(codec, n))
                fields != null -> JsonObjectBuilder().apply { for (field in fields) put(field.name, value(field.codec)) }.build()
                else -> scalar(codec.shape, n)
            }
        }

        private fun rotate(codec: Codec<*>, n: Long): String {
            val kinds = codec.kinds ?: throw IllegalStateException("${codec.shape} codec without kinds")
            return kinds[(n % kinds.size).toInt()]
        }

        private fun scalar(shape: String, n: Long): JsonValue = when (shape) {
            "string" -> JsonString("s$n")
            "int" -> JsonInt(n)
            "bool" -> JsonBool.of(((booleans++ shr bit) and 1) == 1)
            "uuid" -> JsonString("00000000-0000-4000-8000-" + n.toString().padStart(12, '0'))
            "date" -> JsonString(DateText.format(Instant.ofEpochMilli(1_700_000_000_000L + n * 1000)))
            else -> throw IllegalStateException("no probe for shape $shape")
        }
    }
}
