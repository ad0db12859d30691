package dev.duet.coding

import dev.duet.dialect.JsonArray
import dev.duet.dialect.JsonBool
import dev.duet.dialect.JsonInt
import dev.duet.dialect.JsonNull
import dev.duet.dialect.JsonObject
import dev.duet.dialect.JsonObjectBuilder
import dev.duet.dialect.JsonString
import dev.duet.dialect.JsonValue
import dev.duet.dialect.ScalarOrder
import java.time.Instant
import java.util.UUID

/**
 * The scalar and container codecs. Integers are 64-bit (`Long`), as the dialect's are.
 *
 * ```kotlin
 * Codecs.date.encode(Instant.ofEpochMilli(1_782_984_600_000))   // "2026-07-02T09:30:00.000Z"
 * Codecs.optional(Codecs.string).isOptional                    // true: nil is omitted
 * ```
 */
object Codecs {
    val string: Codec<String> = object : Codec<String>() {
        override val shape = "string"
        override fun encode(value: String) = JsonString(value)
        override fun decode(json: JsonValue, at: CodingPath) = (json as? JsonString)?.value ?: mismatch(at, "a string", json)
    }

    val int: Codec<Long> = object : Codec<Long>() {
        override val shape = "int"
        override fun encode(value: Long) = JsonInt(value)
        override fun decode(json: JsonValue, at: CodingPath) = (json as? JsonInt)?.value ?: mismatch(at, "an integer", json)
    }

    val bool: Codec<Boolean> = object : Codec<Boolean>() {
        override val shape = "bool"
        override fun encode(value: Boolean) = JsonBool.of(value)
        override fun decode(json: JsonValue, at: CodingPath) = (json as? JsonBool)?.value ?: mismatch(at, "true or false", json)
    }

    val uuid: Codec<UUID> = object : Codec<UUID>() {
        override val shape = "uuid"
        override fun encode(value: UUID) = JsonString(value.toString())
        override fun decode(json: JsonValue, at: CodingPath): UUID {
            val text = (json as? JsonString)?.value ?: mismatch(at, "a UUID string", json)
            if (!ScalarOrder.isUuidShaped(text)) throw CodingError(at.toString(), "\"$text\" is not a UUID (8-4-4-4-12 hex digits)")
            return UUID.fromString(text)
        }
    }

    val date: Codec<Instant> = object : Codec<Instant>() {
        override val shape = "date"
        override fun encode(value: Instant) = JsonString(DateText.format(value))
        override fun decode(json: JsonValue, at: CodingPath): Instant {
            val text = (json as? JsonString)?.value ?: mismatch(at, "a date string", json)
            return DateText.parse(text)
                ?: throw CodingError(at.toString(), "\"$text\" is not a dialect date (yyyy-MM-ddTHH:mm:ss.SSSZ, UTC)")
        }
    }

    fun <V> optional(wrapped: Codec<V>): Codec<V?> = object : Codec<V?>() {
        override val shape = "optional<${wrapped.shape}>"
        override val kinds get() = wrapped.kinds
        override val element get() = wrapped
        override val isOptional = true
        override fun isAbsent(value: V?) = value == null
        override fun encode(value: V?): JsonValue = if (value == null) JsonNull else wrapped.encode(value)
        override fun decode(json: JsonValue, at: CodingPath): V? = if (json === JsonNull) null else wrapped.decode(json, at)
    }

    fun <V> list(item: Codec<V>): Codec<List<V>> = object : Codec<List<V>>() {
        override val shape = "array<${item.shape}>"
        override val kinds get() = item.kinds
        override val element get() = item
        override fun encode(value: List<V>) = JsonArray(value.map { item.encode(it) })
        override fun decode(json: JsonValue, at: CodingPath): List<V> {
            val array = json as? JsonArray ?: mismatch(at, "an array", json)
            return array.elements.mapIndexed { i, e -> item.decode(e, at.index(i)) }
        }
    }

    /** String-keyed dictionaries only: the dialect has no other keys. */
    fun <V> map(item: Codec<V>): Codec<Map<String, V>> = object : Codec<Map<String, V>>() {
        override val shape = "map<${item.shape}>"
        override val kinds get() = item.kinds
        override val element get() = item
        override fun encode(value: Map<String, V>): JsonValue {
            val out = JsonObjectBuilder()
            for ((k, v) in value) out.put(k, item.encode(v))
            return out.build()
        }
        override fun decode(json: JsonValue, at: CodingPath): Map<String, V> {
            val obj = json as? JsonObject ?: mismatch(at, "an object", json)
            val out = LinkedHashMap<String, V>()
            for ((k, v) in obj.members) out[k] = item.decode(v, at.key(k))
            return out
        }
    }

    /** A raw-value enum: the raw string is the whole encoding (`"welcome"`). */
    fun <E : Enum<E>> rawEnum(values: Array<E>, raw: (E) -> String): Codec<E> = object : Codec<E>() {
        private val byRaw = values.associateBy(raw)
        override val shape = "enum"
        override val kinds = values.map(raw)
        override fun encode(value: E) = JsonString(raw(value))
        override fun decode(json: JsonValue, at: CodingPath): E {
            val text = (json as? JsonString)?.value ?: mismatch(at, "one of ${kinds.joinToString()}", json)
            return byRaw[text] ?: throw CodingError(at.toString(), "\"$text\" is not one of ${kinds.joinToString()}")
        }
    }

    internal fun mismatch(at: CodingPath, expected: String, found: JsonValue): Nothing =
        throw CodingError(at.toString(), "expected $expected, found ${describe(found)}")

    private fun describe(value: JsonValue) = when (value) {
        is JsonString -> "a string"
        is JsonInt -> "an integer"
        is JsonBool -> "a boolean"
        is JsonNull -> "null"
        is JsonArray -> "an array"
        is JsonObject -> "an object"
    }
}
