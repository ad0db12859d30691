package dev.duet.coding

import dev.duet.dialect.JsonNull
import dev.duet.dialect.JsonObject
import dev.duet.dialect.JsonString
import dev.duet.dialect.JsonValue

/**
 * A sealed hierarchy as the dialect's sum type: `{"case":"name"}`, plus `"value"` when the case
 * carries a payload (an object keyed by its labels, or one unlabelled payload directly).
 * Every case's wire name is declared where it is registered, as `@SerialName` declares it: never
 * derived from a class name, so neither renaming nor R8 nor the device's locale can change it.
 * Register cases in declaration order: that is the order `describe` lists them in; given as a
 * lambda (as below) they are registered on first use, in an `init` block at once.
 *
 * ```kotlin
 * sealed class Action {
 *     object AcceptTapped : Action()
 *     data class CodeChanged(val text: String) : Action()
 *     data class Appeared(val code: String) : Action()
 *     companion object Coding : SumCodec<Action>({
 *         unit("acceptTapped") { AcceptTapped }                                  // {"case":"acceptTapped"}
 *         single("codeChanged", ::CodeChanged, Codecs.string, CodeChanged::text) // {"case":"codeChanged","value":"…"}
 *         labeled("appeared", ::Appeared, label(Appeared::code, Codecs.string))  // {"case":"appeared","value":{"code":"…"}}
 *     })
 * }
 * ```
 */
abstract class SumCodec<T : Any>() : Codec<T>() {
    /** The cases registered by [cases] on first use, so a runner's start-up builds no codec it does not need yet. */
    constructor(cases: SumCodec<T>.() -> Unit) : this() {
        pending = cases
    }

    @Volatile private var pending: (SumCodec<T>.() -> Unit)? = null

    private fun ready() {
        if (pending == null) return
        synchronized(this) {
            val cases = pending ?: return
            cases(this)
            pending = null
        }
    }

    /** One case: how to write its value and read it back. */
    abstract class Case<T>(val name: String) {
        internal val encodedName = JsonString(name)
        abstract fun value(of: T): JsonValue?
        abstract fun decode(value: JsonValue?, at: CodingPath): T
        /** How `"value"` is coded: null for a payload-free case, a struct codec for a labelled payload. */
        abstract val payload: Codec<*>?
    }

    private val byName = LinkedHashMap<String, Case<T>>()
    private val byClass = HashMap<Class<*>, Case<T>>()

    override val shape get() = "sum"
    override val kinds: List<String> get() = caseNames
    val caseNames: List<String> get() = ready().let { byName.keys.toList() }

    /** The case named [name]'s payload codec (null when payload-free); see [Case.payload]. */
    fun payloadOf(name: String): Codec<*>? = ready().let { byName[name]?.payload }

    private val classes = ArrayList<Class<*>>()

    /** The registered case classes in registration order (what the declaration checks compare with the sealed type). */
    val caseClasses: List<Class<*>> get() = ready().let { classes }

    @PublishedApi
    internal fun register(type: Class<*>, case: Case<T>) {
        check(byName.put(case.name, case) == null) { "case \"${case.name}\" registered twice" }
        check(byClass.put(type, case) == null) { "${type.name} registered twice" }
        classes.add(type)
    }

    /**
     * A payload-free case: the singleton object, read lazily so that whichever class a program
     * touches first (the sealed parent or the object) initializes cleanly.
     */
    inline fun <reified C : T> unit(name: String, noinline singleton: () -> C) {
        register(C::class.java, UnitCase(name, singleton))
    }

    /** One unlabelled payload, written directly as `"value"`. */
    inline fun <reified C : T, V> single(name: String, noinline make: (V) -> C, payload: Codec<V>, noinline read: (C) -> V) {
        register(C::class.java, SingleCase(name, payload, make, read))
    }

    /** A payload keyed by its labels: the case class's constructor and one [label] per parameter. */
    inline fun <reified C : T> labeled(name: String, payload: StructMembers<C>) {
        register(C::class.java, LabeledCase(name, payload))
    }

    inline fun <reified C : T, A> labeled(name: String, noinline make: (A) -> C, a: Field<C, A>) =
        labeled(name, members(make, a))

    inline fun <reified C : T, A, B> labeled(name: String, noinline make: (A, B) -> C, a: Field<C, A>, b: Field<C, B>) =
        labeled(name, members(make, a, b))

    inline fun <reified C : T, A, B, D> labeled(name: String, noinline make: (A, B, D) -> C, a: Field<C, A>, b: Field<C, B>, d: Field<C, D>) =
        labeled(name, members(make, a, b, d))

    inline fun <reified C : T, A, B, D, E> labeled(
        name: String, noinline make: (A, B, D, E) -> C, a: Field<C, A>, b: Field<C, B>, d: Field<C, D>, e: Field<C, E>
    ) = labeled(name, members(make, a, b, d, e))

    override fun encode(value: T): JsonValue {
        ready()
        val case = byClass[value.javaClass] ?: throw IllegalStateException("${value.javaClass.name} is not a registered case")
        val payload = case.value(value) ?: return JsonObject.sortedUnchecked(CASE_KEY, arrayOf<JsonValue>(case.encodedName))
        return JsonObject.sortedUnchecked(CASE_AND_VALUE_KEYS, arrayOf<JsonValue>(case.encodedName, payload))
    }

    override fun decode(json: JsonValue, at: CodingPath): T {
        ready()
        val obj = json as? JsonObject ?: Codecs.mismatch(at, "a sum type object {\"case\":…}", json)
        val name = (obj["case"] as? JsonString)?.value ?: throw CodingError(at.toString(), "missing \"case\" string")
        val case = byName[name] ?: throw CodingError(at.toString(), "unknown case \"$name\"; expected one of ${caseNames.joinToString()}")
        return case.decode(obj["value"], at.key("value"))
    }

    @PublishedApi
    internal class UnitCase<T>(name: String, singleton: () -> T) : Case<T>(name) {
        // A field, not a `by lazy` delegate (no KProperty metadata: see Feature).
        private val instance = lazy(singleton)
        override val payload: Codec<*>? get() = null
        override fun value(of: T): JsonValue? = null
        override fun decode(value: JsonValue?, at: CodingPath): T = instance.value
    }

    @PublishedApi
    internal class SingleCase<T, C : T, V>(name: String, override val payload: Codec<V>, val make: (V) -> C, val read: (C) -> V) : Case<T>(name) {
        @Suppress("UNCHECKED_CAST")
        override fun value(of: T): JsonValue? = payload.encode(read(of as C))
        override fun decode(value: JsonValue?, at: CodingPath): T {
            if (value == null) {
                if (payload.isOptional) return make(payload.decode(JsonNull, at))
                throw CodingError(at.toString(), "case \"$name\" needs a \"value\"")
            }
            return make(payload.decode(value, at))
        }
    }

    @PublishedApi
    internal class LabeledCase<T, C : T>(name: String, members: StructMembers<C>) : Case<T>(name) {
        override val payload = StructCodec(members)
        // A payload whose every label is nil writes no "value" at all, as the Swift coding does.
        @Suppress("UNCHECKED_CAST")
        override fun value(of: T): JsonValue? = (payload.encode(of as C) as JsonObject).takeIf { it.size > 0 }
        override fun decode(value: JsonValue?, at: CodingPath): T = payload.decode(value ?: JsonObject.EMPTY, at)
    }

    private companion object {
        val CASE_KEY = arrayOf("case")
        val CASE_AND_VALUE_KEYS = arrayOf("case", "value")
    }
}

/**
 * A payload-free kind enum as a sum type (`{"case":"myLane"}`), each entry's wire name declared
 * with it.
 *
 * ```kotlin
 * enum class Tab(val wire: String) { MyLane("myLane"), Shared("shared") }
 * val coding = CaseEnumCodec(Tab.values(), Tab::wire)
 * ```
 */
class CaseEnumCodec<E : Enum<E>>(values: Array<E>, wire: (E) -> String) : Codec<E>() {
    private val entries = values.toList()
    private val names = entries.map(wire)
    private val byName = names.zip(entries).toMap()
    private val encoded = entries.zip(names).associate { (e, n) -> e to JsonObject.of("case" to JsonString(n)) }

    init {
        require(byName.size == entries.size) { "two entries of ${entries.firstOrNull()?.javaClass?.name} share a wire name" }
    }

    override val shape = "sum"
    override val kinds: List<String> get() = names

    override fun encode(value: E): JsonValue = encoded.getValue(value)

    override fun decode(json: JsonValue, at: CodingPath): E {
        val obj = json as? JsonObject ?: Codecs.mismatch(at, "a sum type object {\"case\":…}", json)
        val name = (obj["case"] as? JsonString)?.value ?: throw CodingError(at.toString(), "missing \"case\" string")
        return byName[name] ?: throw CodingError(at.toString(), "unknown case \"$name\"; expected one of ${names.joinToString()}")
    }
}
