package dev.duet.coding

import dev.duet.dialect.JsonObject
import dev.duet.dialect.JsonValue
import dev.duet.dialect.ScalarOrder
import kotlin.reflect.KProperty1

/**
 * One labelled member of an object: its wire name, codec, role, and how to read it from `O`.
 * Made by [field] (a struct's property) or [label] (a sum case's payload property).
 */
class Field<O, V> internal constructor(
    val name: String,
    val codec: Codec<V>,
    val role: Role,
    val read: (O) -> V,
    val runtimeOnly: Boolean = false
)

/**
 * A data-class property as a dialect member. Its wire name is the property's name, fixed when the
 * property reference is compiled (no reflection at run time, and no renaming can change it);
 * [name] overrides it where the wire spells the member otherwise.
 *
 * ```kotlin
 * field(State::sheet, optional(Sheet.Coding), Role.Slot)   // "sheet", an L0 slot
 * field(Chrome::session, optional(text), runtimeOnly = true) // "runtimeOnly": true in describe
 * ```
 *
 * A runtime-only field's value exists only while the process runs (a session token, a live
 * handle): `describe` says so, as Swift's `@RuntimeOnly`, and the restore drill reports a spine
 * that holds one.
 */
fun <O, V> field(property: KProperty1<O, V>, codec: Codec<V>, role: Role = Role.Data, runtimeOnly: Boolean = false,
                 name: String = property.name): Field<O, V> = Field(name, codec, role, property, runtimeOnly)

/** A label of a sum case's payload object: `label(Appeared::code, text)` is `"code"`. */
fun <C, V> label(property: KProperty1<C, V>, codec: Codec<V>, name: String = property.name): Field<C, V> =
    Field(name, codec, Role.Data, property)

/**
 * The object rule shared by structs and labelled sum payloads: every non-absent member
 * written in scalar key order, every required member present on decode (unknown keys ignored,
 * as Swift's synthesized `Decodable` does). Decoding gives the members in declaration order.
 */
internal class ObjectLayout<O>(val declared: List<Field<O, *>>) {
    private val sorted: List<Field<O, *>> = declared.sortedWith(Comparator { a, b -> ScalarOrder.compare(a.name, b.name) })
    private val sortedKeys: Array<String> = Array(sorted.size) { sorted[it].name }

    init {
        for (i in 1 until sortedKeys.size) {
            require(sortedKeys[i - 1] != sortedKeys[i]) { "member \"${sortedKeys[i]}\" declared twice" }
        }
    }

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

    /** The members' values in declaration order. */
    fun decode(json: JsonValue, at: CodingPath): Array<Any?> {
        val obj = json as? JsonObject ?: Codecs.mismatch(at, "an object", json)
        val values = arrayOfNulls<Any?>(declared.size)
        for (i in declared.indices) {
            val field = declared[i]
            val member = obj[field.name]
            values[i] = when {
                member != null -> field.codec.decode(member, at.key(field.name))
                field.codec.isOptional -> null
                else -> throw CodingError(at.toString(), "missing key \"${field.name}\"")
            }
        }
        return values
    }
}
