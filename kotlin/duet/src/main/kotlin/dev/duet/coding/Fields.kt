package duet.coding

import duet.dialect.JsonObject
import duet.dialect.JsonValue
import duet.dialect.ScalarOrder

/** One labelled member of an object: its key, codec, role, and how to read it from `O`. */
class Field<O, V>(val name: String, val codec: Codec<V>, val role: Role, val read: (O) -> V, val runtimeOnly: Boolean = false) {
    internal var index = -1
}

/** The decoded members of one object, read back by their [Field] handles. */
class Fields internal constructor(private val values: Array<Any?>) {
    @Suppress("UNCHECKED_CAST")
    operator fun <V> get(field: Field<*, V>): V = values[field.index] as V
}

/**
 * The object rule shared by structs and labelled sum payloads: every non-absent member
 * written in scalar key order, every required member present on decode (unknown keys ignored,
 * as Swift's synthesized `Decodable` does).
 */
internal class ObjectLayout<O>(val declared: List<Field<O, *>>) {
    private val sorted: List<Field<O, *>> by lazy { declared.sortedWith(Comparator { a, b -> ScalarOrder.compare(a.name, b.name) }) }

    init {
        declared.forEachIndexed { i, field -> field.index = i }
    }

    private val sortedKeys: Array<String> by lazy { Array(sorted.size) { sorted[it].name } }

    /** Members straight into key-ordered arrays: the fields are sorted once, here. */
    fun encode(value: O): JsonObject {
        val keys = sortedKeys
        val values = arrayOfNulls<JsonValue>(keys.size)
        var present = 0
        for (i in keys.indices) {
            val encoded = member(sorted[i], value)
            if (encoded != null) values[i] = encoded.also { present++ }
        }
        if (present == keys.size) {
            @Suppress("UNCHECKED_CAST")
            return JsonObject.sortedUnchecked(keys, values as Array<JsonValue>)
        }
        val presentKeys = ArrayList<String>(present)
        val presentValues = ArrayList<JsonValue>(present)
        for (i in keys.indices) values[i]?.let { presentKeys.add(keys[i]); presentValues.add(it) }
        return JsonObject.sortedUnchecked(presentKeys.toTypedArray(), presentValues.toTypedArray())
    }

    private fun <V> member(field: Field<O, V>, value: O): JsonValue? {
        val member = field.read(value)
        return if (field.codec.isAbsent(member)) null else field.codec.encode(member)
    }

    fun decode(json: JsonValue, at: CodingPath): Fields {
        val obj = json as? JsonObject ?: Codecs.mismatch(at, "an object", json)
        val values = arrayOfNulls<Any?>(declared.size)
        for (field in declared) {
            val member = obj[field.name]
            values[field.index] = when {
                member != null -> field.codec.decode(member, at.key(field.name))
                field.codec.isOptional -> null
                else -> throw CodingError(at.toString(), "missing key \"${field.name}\"")
            }
        }
        return Fields(values)
    }
}
