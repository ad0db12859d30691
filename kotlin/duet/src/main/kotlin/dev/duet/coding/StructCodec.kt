package dev.duet.coding

import dev.duet.dialect.JsonObject
import dev.duet.dialect.JsonValue

/**
 * A data class as a dialect object, declared once: the constructor reference and one [field]
 * per constructor parameter, in parameter order. Decoding calls the constructor with the decoded
 * members (no reflection); the compiler checks each field's type against its parameter, and the
 * round-trip test over every Memory Lane codec catches two same-typed fields given in swapped order.
 * Given as a lambda, the declaration is read on first use, so a runner's start-up does not build
 * the codecs of features no request has reached yet.
 *
 * ```kotlin
 * data class Friend(val id: UUID, val name: String) {
 *     companion object Coding : StructCodec<Friend>({ members(::Friend, field(Friend::id, uuid), field(Friend::name, text)) })
 * }
 * Friend.Coding.encode(friend)      // {"id":"…","name":"Grace"}
 * ```
 */
open class StructCodec<T> private constructor(private var declaration: (() -> StructMembers<T>)?, given: StructMembers<T>?) : Codec<T>() {
    /** The declaration, read on first use. */
    constructor(declaration: () -> StructMembers<T>) : this(declaration, null)

    constructor(declaration: StructMembers<T>) : this(null, declaration)

    private class Resolved<T>(val layout: ObjectLayout<T>, val make: (Array<Any?>) -> T)

    // Immutable once made, so a racing second reader at worst makes an equal one.
    @Volatile private var resolved: Resolved<T>? = given?.let { Resolved(ObjectLayout(it.fields), it.make) }

    private fun resolved(): Resolved<T> = resolved ?: declaration!!().let { members ->
        Resolved(ObjectLayout(members.fields), members.make).also { resolved = it; declaration = null }
    }

    override val shape get() = "object"
    override val fields: List<Field<*, *>> get() = resolved().layout.declared

    override fun encode(value: T): JsonValue = resolved().layout.encode(value)
    override fun decode(json: JsonValue, at: CodingPath): T = resolved().let { it.make(it.layout.decode(json, at)) }
}

/** A struct's members in constructor order, and the constructor that takes them. Made by [members]. */
class StructMembers<T> internal constructor(val fields: List<Field<T, *>>, internal val make: (Array<Any?>) -> T)

/** A struct with no members (an island whose boundary is deliberately empty): always `{}`. */
class EmptyStructCodec<T>(private val value: T) : Codec<T>() {
    override val shape = "object"
    override val fields: List<Field<*, *>> = emptyList()
    override fun encode(value: T): JsonValue = JsonObject.EMPTY
    override fun decode(json: JsonValue, at: CodingPath): T {
        if (json !is JsonObject) Codecs.mismatch(at, "an object", json)
        return value
    }
}
