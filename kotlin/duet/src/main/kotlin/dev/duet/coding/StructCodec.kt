package duet.coding

import duet.dialect.JsonValue

/**
 * A data class as a dialect object. Declare each property once as a field (in declaration
 * order: that is the order `describe` lists them in), then say how to build the value.
 *
 * ```kotlin
 * data class Friend(val id: UUID, val name: String) {
 *     companion object Coding : StructCodec<Friend>() {
 *         private val id = field("id", Codecs.uuid) { it.id }
 *         private val name = field("name", Codecs.string) { it.name }
 *         override fun build(f: Fields) = Friend(f[id], f[name])
 *     }
 * }
 * Friend.Coding.encode(friend)      // {"id":"…","name":"Grace"}
 * ```
 */
abstract class StructCodec<T> : Codec<T>() {
    private val declared = ArrayList<Field<T, *>>()
    private val layout by lazy { ObjectLayout(declared) }

    override val shape get() = "object"
    override val fields: List<Field<*, *>> get() = layout.declared

    protected fun <V> field(name: String, codec: Codec<V>, role: Role = Role.Data, read: (T) -> V): Field<T, V> =
        Field(name, codec, role, read).also { declared.add(it) }

    /**
     * A field whose value only exists while the process runs (a session token, a live handle):
     * `describe` reports it `"runtimeOnly": true`, as Swift's `@RuntimeOnly`, and the restore
     * drill reports a spine that holds one.
     */
    protected fun <V> runtimeOnlyField(name: String, codec: Codec<V>, read: (T) -> V): Field<T, V> =
        Field(name, codec, Role.Data, read, runtimeOnly = true).also { declared.add(it) }

    /** The value from its decoded fields. */
    protected abstract fun build(f: Fields): T

    override fun encode(value: T): JsonValue = layout.encode(value)
    override fun decode(json: JsonValue, at: CodingPath): T = build(layout.decode(json, at))
}

/** A struct with no members (an island whose boundary is deliberately empty): always `{}`. */
class EmptyStructCodec<T>(private val value: T) : Codec<T>() {
    override val shape = "object"
    override val fields: List<Field<*, *>> = emptyList()
    override fun encode(value: T): JsonValue = duet.dialect.JsonObject.EMPTY
    override fun decode(json: JsonValue, at: CodingPath): T {
        if (json !is duet.dialect.JsonObject) Codecs.mismatch(at, "an object", json)
        return value
    }
}
