package dev.duet.dialect

/**
 * A parsed dialect value. Objects keep their members in canonical key order (Unicode scalar
 * order, see [ScalarOrder]) with distinct keys, so writing one never sorts.
 *
 * ```kotlin
 * val value = Dialect.parse("""{"b":1,"a":[true,null]}""")
 * Dialect.compact(value)          // {"a":[true,null],"b":1}
 * (value as JsonObject)["b"]      // JsonInt(1)
 * ```
 */
sealed class JsonValue

data class JsonString(val value: String) : JsonValue()

/** Integers only: the dialect has no fractions or exponents. */
data class JsonInt(val value: Long) : JsonValue()

data class JsonBool(val value: Boolean) : JsonValue() {
    companion object {
        val TRUE = JsonBool(true)
        val FALSE = JsonBool(false)
        fun of(value: Boolean) = if (value) TRUE else FALSE
    }
}

/** A literal `null` in an input tree; nil optionals are omitted, never written as this. */
object JsonNull : JsonValue() {
    override fun toString() = "JsonNull"
}

data class JsonArray(val elements: List<JsonValue>) : JsonValue()

/** Members sorted by key in scalar order; build through [JsonObject.of] or [JsonObjectBuilder]. */
class JsonObject private constructor(val keys: Array<String>, val values: Array<JsonValue>) : JsonValue() {
    val size: Int get() = keys.size

    operator fun get(key: String): JsonValue? {
        var low = 0
        var high = keys.size - 1
        while (low <= high) {
            val mid = (low + high) ushr 1
            val c = ScalarOrder.compare(keys[mid], key)
            when {
                c < 0 -> low = mid + 1
                c > 0 -> high = mid - 1
                else -> return values[mid]
            }
        }
        return null
    }

    val members: List<Pair<String, JsonValue>> get() = keys.indices.map { keys[it] to values[it] }

    /** A copy with `key` set to `value`, or removed when `value` is null. */
    fun with(key: String, value: JsonValue?): JsonObject {
        val builder = JsonObjectBuilder()
        for (i in keys.indices) if (keys[i] != key) builder.put(keys[i], values[i])
        if (value != null) builder.put(key, value)
        return builder.build()
    }

    override fun equals(other: Any?): Boolean =
        other is JsonObject && keys.contentEquals(other.keys) && values.contentEquals(other.values)

    override fun hashCode(): Int = 31 * keys.contentHashCode() + values.contentHashCode()

    override fun toString(): String = members.joinToString(prefix = "{", postfix = "}") { "${it.first}=${it.second}" }

    companion object {
        val EMPTY = JsonObject(emptyArray(), emptyArray())

        /** Distinct keys in any order; a duplicate key is a programming error. */
        fun of(vararg members: Pair<String, JsonValue>): JsonObject {
            val builder = JsonObjectBuilder()
            for ((key, value) in members) builder.put(key, value)
            return builder.build()
        }

        /** Keys already distinct, normalized and in scalar order (the parser's and the codecs' own output). */
        fun sortedUnchecked(keys: Array<String>, values: Array<JsonValue>) = JsonObject(keys, values)
    }
}

/** Collects members in any order and sorts them once; refuses a key given twice. */
class JsonObjectBuilder {
    private val keys = ArrayList<String>()
    private val values = ArrayList<JsonValue>()
    private var sorted = true

    fun put(key: String, value: JsonValue): JsonObjectBuilder {
        val normalized = ScalarOrder.normalized(key)
        if (sorted && keys.isNotEmpty()) {
            val c = ScalarOrder.compare(keys[keys.size - 1], normalized)
            require(c != 0) { "duplicate key \"$normalized\"" }
            if (c > 0) sorted = false
        }
        keys.add(normalized)
        values.add(value)
        return this
    }

    fun build(): JsonObject {
        if (sorted) return JsonObject.sortedUnchecked(keys.toTypedArray(), values.toTypedArray())
        val order = keys.indices.sortedWith(Comparator { a, b -> ScalarOrder.compare(keys[a], keys[b]) })
        for (i in 1 until order.size) {
            require(ScalarOrder.compare(keys[order[i - 1]], keys[order[i]]) != 0) { "duplicate key \"${keys[order[i]]}\"" }
        }
        return JsonObject.sortedUnchecked(
            Array(order.size) { keys[order[it]] },
            Array(order.size) { values[order[it]] })
    }
}
