package dev.duet.coding

import dev.duet.dialect.JsonValue

/**
 * How one Kotlin type maps to the dialect, and what it says about itself for `describe`:
 * one definition gives the encoder, the strict decoder and the declared shape.
 *
 * ```kotlin
 * val ids: Codec<List<UUID>> = Codecs.list(Codecs.uuid)
 * ids.encode(listOf(id))              // JsonArray([JsonString("6ba7…")])
 * ids.shape                           // array<uuid>
 * ```
 */
abstract class Codec<T> {
    abstract fun encode(value: T): JsonValue
    abstract fun decode(json: JsonValue, at: CodingPath): T

    fun decode(json: JsonValue): T = decode(json, CodingPath.ROOT)

    /** `string`, `int`, `bool`, `date`, `uuid`, `object`, `sum`, `enum`, or a wrapper around one. */
    abstract val shape: String

    /** Every case, when the value (or its element) is an enum or a sum type. */
    open val kinds: List<String>? get() = null

    /** The wrapped codec of an optional, the element codec of an array or a map; null otherwise. */
    open val element: Codec<*>? get() = null

    /** The declared fields, when the value is a struct (`describe` lists nested struct fields too). */
    open val fields: List<Field<*, *>>? get() = null

    /** An optional's nil is omitted from its object, never written as `null`. */
    open val isOptional: Boolean get() = false

    /** Whether this value equals what encoding gives back: the absent optional is never encoded. */
    open fun isAbsent(value: T): Boolean = false
}

/** Where a decode failed: `state.draft.photoIds[2]`. Built only as deep as decoding goes. */
class CodingPath private constructor(private val parent: CodingPath?, private val component: String) {
    fun key(name: String) = CodingPath(this, name)
    fun index(i: Int) = CodingPath(this, "[$i]")

    override fun toString(): String {
        val parts = ArrayList<String>()
        var at: CodingPath? = this
        while (at != null && at.parent != null) { parts.add(at.component); at = at.parent }
        if (parts.isEmpty()) return "the value"
        val out = StringBuilder()
        for (part in parts.asReversed()) {
            if (out.isNotEmpty() && !part.startsWith("[")) out.append('.')
            out.append(part)
        }
        return out.toString()
    }

    companion object {
        val ROOT = CodingPath(null, "")
    }
}

/** A tree that does not fit the type, with where and what was expected. */
class CodingError(val path: String, val reason: String) : Exception("$path: $reason")
