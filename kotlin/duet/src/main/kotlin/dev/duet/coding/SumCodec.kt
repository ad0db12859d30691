package duet.coding

import duet.dialect.JsonObject
import duet.dialect.JsonString
import duet.dialect.JsonValue

/**
 * A sealed hierarchy as the dialect's sum type: `{"case":"name"}`, plus `"value"` when the case
 * carries a payload (an object keyed by its labels, or one unlabelled payload directly).
 * A case's name is its class's name with the first letter lowered (`InviteLoaded` →
 * `inviteLoaded`), so the Kotlin type and the wire name cannot drift apart. Register cases in
 * declaration order: that is the order `describe` lists them in.
 *
 * ```kotlin
 * sealed class Action {
 *     object AcceptTapped : Action()
 *     data class CodeChanged(val text: String) : Action()
 *     data class Appeared(val code: String) : Action()
 *     companion object Coding : SumCodec<Action>() {
 *         init {
 *             unit { AcceptTapped }                                     // {"case":"acceptTapped"}
 *             single(::CodeChanged, Codecs.string, CodeChanged::text)   // {"case":"codeChanged","value":"…"}
 *             labeled(::Appeared, label("code", Codecs.string, Appeared::code))   // {"case":"appeared","value":{"code":"…"}}
 *         }
 *     }
 * }
 * ```
 */
abstract class SumCodec<T : Any> : Codec<T>() {
    /** One case: how to write its value and read it back. */
    abstract class Case<T>(val name: String) {
        internal val encodedName = JsonString(name)
        abstract fun value(of: T): JsonValue?
        abstract fun decode(value: JsonValue?, at: CodingPath): T
    }

    private val byName = LinkedHashMap<String, Case<T>>()
    private val byClass = HashMap<Class<*>, Case<T>>()

    override val shape get() = "sum"
    override val kinds: List<String> get() = caseNames
    val caseNames: List<String> get() = byName.keys.toList()

    @PublishedApi
    internal fun register(type: Class<*>, case: Case<T>) {
        check(byName.put(case.name, case) == null) { "case \"${case.name}\" registered twice" }
        byClass[type] = case
    }

    /**
     * A payload-free case: the singleton object, read lazily so that whichever class a program
     * touches first (the sealed parent or the object) initializes cleanly.
     */
    inline fun <reified C : T> unit(noinline singleton: () -> C) {
        register(C::class.java, UnitCase(caseName(C::class.java), singleton))
    }

    /** One unlabelled payload, written directly as `"value"`. */
    inline fun <reified C : T, V> single(noinline make: (V) -> C, payload: Codec<V>, noinline read: (C) -> V) {
        register(C::class.java, SingleCase(caseName(C::class.java), payload, make, read))
    }

    /** A payload keyed by its labels. */
    inline fun <reified C : T> labeledFields(noinline make: (Fields) -> C, vararg labels: Field<C, *>) {
        register(C::class.java, LabeledCase(caseName(C::class.java), labels.toList(), make))
    }

    inline fun <reified C : T, A> labeled(noinline make: (A) -> C, a: Field<C, A>) =
        labeledFields<C>({ f -> make(f[a]) }, a)

    inline fun <reified C : T, A, B> labeled(noinline make: (A, B) -> C, a: Field<C, A>, b: Field<C, B>) =
        labeledFields<C>({ f -> make(f[a], f[b]) }, a, b)

    inline fun <reified C : T, A, B, D> labeled(noinline make: (A, B, D) -> C, a: Field<C, A>, b: Field<C, B>, d: Field<C, D>) =
        labeledFields<C>({ f -> make(f[a], f[b], f[d]) }, a, b, d)

    inline fun <reified C : T, A, B, D, E> labeled(
        noinline make: (A, B, D, E) -> C, a: Field<C, A>, b: Field<C, B>, d: Field<C, D>, e: Field<C, E>
    ) = labeledFields<C>({ f -> make(f[a], f[b], f[d], f[e]) }, a, b, d, e)

    /** A label of a case's payload object. */
    fun <C, V> label(name: String, codec: Codec<V>, read: (C) -> V): Field<C, V> = Field(name, codec, Role.Data, read)

    override fun encode(value: T): JsonValue {
        val case = byClass[value.javaClass] ?: throw IllegalStateException("${value.javaClass.name} is not a registered case")
        val payload = case.value(value) ?: return JsonObject.sortedUnchecked(CASE_KEY, arrayOf<JsonValue>(case.encodedName))
        return JsonObject.sortedUnchecked(CASE_AND_VALUE_KEYS, arrayOf<JsonValue>(case.encodedName, payload))
    }

    override fun decode(json: JsonValue, at: CodingPath): T {
        val obj = json as? JsonObject ?: Codecs.mismatch(at, "a sum type object {\"case\":…}", json)
        val name = (obj["case"] as? JsonString)?.value ?: throw CodingError(at.toString(), "missing \"case\" string")
        val case = byName[name] ?: throw CodingError(at.toString(), "unknown case \"$name\"; expected one of ${caseNames.joinToString()}")
        return case.decode(obj["value"], at.key("value"))
    }

    @PublishedApi
    internal class UnitCase<T>(name: String, singleton: () -> T) : Case<T>(name) {
        private val value by lazy(singleton)
        override fun value(of: T): JsonValue? = null
        override fun decode(value: JsonValue?, at: CodingPath): T = this.value
    }

    @PublishedApi
    internal class SingleCase<T, C : T, V>(name: String, val payload: Codec<V>, val make: (V) -> C, val read: (C) -> V) : Case<T>(name) {
        @Suppress("UNCHECKED_CAST")
        override fun value(of: T): JsonValue? = payload.encode(read(of as C))
        override fun decode(value: JsonValue?, at: CodingPath): T {
            if (value == null) {
                if (payload.isOptional) return make(payload.decode(duet.dialect.JsonNull, at))
                throw CodingError(at.toString(), "case \"$name\" needs a \"value\"")
            }
            return make(payload.decode(value, at))
        }
    }

    @PublishedApi
    internal class LabeledCase<T, C : T>(name: String, labels: List<Field<C, *>>, val make: (Fields) -> C) : Case<T>(name) {
        private val layout = ObjectLayout(labels)
        // A payload whose every label is nil writes no "value" at all, as the Swift coding does.
        @Suppress("UNCHECKED_CAST")
        override fun value(of: T): JsonValue? = layout.encode(of as C).takeIf { it.size > 0 }
        override fun decode(value: JsonValue?, at: CodingPath): T = make(layout.decode(value ?: JsonObject.EMPTY, at))
    }

    companion object {
        private val CASE_KEY = arrayOf("case")
        private val CASE_AND_VALUE_KEYS = arrayOf("case", "value")

        /** `InviteLoaded` → `inviteLoaded`. */
        fun caseName(type: Class<*>): String = type.simpleName.let { it.substring(0, 1).toLowerCase() + it.substring(1) }
    }
}

/**
 * A payload-free kind enum as a sum type (`{"case":"myLane"}`): Kotlin `enum class` entries named
 * in PascalCase give the case names as [SumCodec.caseName] does.
 */
class CaseEnumCodec<E : Enum<E>>(values: Array<E>) : Codec<E>() {
    private val entries = values.toList()
    private val names = entries.map { it.name.substring(0, 1).toLowerCase() + it.name.substring(1) }
    private val byName = names.zip(entries).toMap()
    private val encoded = entries.zip(names).associate { (e, n) -> e to JsonObject.of("case" to JsonString(n)) }

    override val shape = "sum"
    override val kinds: List<String> get() = names

    override fun encode(value: E): JsonValue = encoded.getValue(value)

    override fun decode(json: JsonValue, at: CodingPath): E {
        val obj = json as? JsonObject ?: Codecs.mismatch(at, "a sum type object {\"case\":…}", json)
        val name = (obj["case"] as? JsonString)?.value ?: throw CodingError(at.toString(), "missing \"case\" string")
        return byName[name] ?: throw CodingError(at.toString(), "unknown case \"$name\"; expected one of ${names.joinToString()}")
    }
}
