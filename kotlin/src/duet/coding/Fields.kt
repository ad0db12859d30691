package duet.coding

import duet.dialect.JsonObject
import duet.dialect.JsonObjectBuilder
import duet.dialect.JsonValue
import duet.dialect.ScalarOrder

/** One labelled member of an object: its key, codec, role, and how to read it from `O`. */
class Field<O, V>(val name: String, val codec: Codec<V>, val role: Role, val read: (O) -> V) {
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

    fun encode(value: O): JsonObject {
        val out = JsonObjectBuilder()
        for (field in sorted) member(out, field, value)
        return out.build()
    }

    private fun <V> member(out: JsonObjectBuilder, field: Field<O, V>, value: O) {
        val member = field.read(value)
        if (!field.codec.isAbsent(member)) out.put(field.name, field.codec.encode(member))
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
