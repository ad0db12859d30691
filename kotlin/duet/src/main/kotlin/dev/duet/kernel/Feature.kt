package dev.duet.kernel

import dev.duet.coding.Codec
import dev.duet.dialect.JsonValue
import dev.duet.structure.SpineOverlay

/**
 * A feature: typed state, a sum-type action, a sum-type effect payload, a pure reducer, and how
 * it comes back after process death. The codecs are the feature's one description of its types:
 * coding and `describe` both come from them.
 *
 * ```kotlin
 * object Counter : Feature<Counter.State, Counter.Action, Counter.EffectPayload>(
 *     "counter", State.Coding, Action.Coding, EffectPayload.Coding) {
 *     override val initial = State()
 *     override fun reduce(state: State, action: Action) = when (action) {
 *         Action.Increment -> Reduced(state.copy(count = state.count + 1))
 *     }
 * }
 * ```
 */
abstract class Feature<S, A, P>(
    val name: String,
    val stateCodec: Codec<S>,
    val actionCodec: Codec<A>,
    val effectCodec: Codec<P>
) {
    /** The state a screen starts from, and the one the default [restore] lays a spine over. */
    abstract val initial: S

    abstract fun reduce(state: S, action: A): Reduced<S, P>

    /**
     * The full state rebuilt from a spine (L0 fields and island summaries). The default, the
     * same as the Swift flavor's: the spine laid over [initial]. Override it when a feature must
     * rebuild more than that (`describe` then says `"restore": "custom"`).
     */
    open fun restore(spine: JsonValue): S = SpineOverlay.restore(this, spine)

    /**
     * The same over [base], the state the relaunched screen starts from (the restore drill sends
     * the fixture's initial state); without one, [restore] of the spine alone.
     */
    fun restore(spine: JsonValue, base: JsonValue?): S = if (base == null || restoresItself) restore(spine) else SpineOverlay.restore(this, spine, base)

    // Lazy values held in fields rather than `by lazy` delegates: a delegated property makes the
    // class's initializer build its KProperty metadata, whose first use looks for kotlin-reflect
    // across the whole class path and fails — ~20 ms of the runner's start-up.
    private val ownRestore = lazy {
        javaClass.getMethod("restore", JsonValue::class.java).declaringClass != Feature::class.java
    }
    private val effectCoding = lazy { EffectCodec(effectCodec) }

    /** Whether [restore] is the feature's own rather than the default overlay (read once, from the class). */
    val restoresItself: Boolean get() = ownRestore.value

    val effects: EffectCodec<P> get() = effectCoding.value
}
