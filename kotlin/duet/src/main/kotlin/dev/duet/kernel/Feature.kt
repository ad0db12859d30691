package duet.kernel

import duet.coding.Codec
import duet.dialect.JsonValue
import duet.structure.SpineOverlay

/**
 * A feature: typed state, a sum-type action, a sum-type effect payload, a pure reducer.
 * The codecs are the feature's one description of its types: coding and `describe` both
 * come from them.
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
    /** The state a screen starts from (and that a restore without its own rule overlays the spine on). */
    abstract val initial: S

    abstract fun reduce(state: S, action: A): Reduced<S, P>

    /** Rebuilds a full state from a spine (L0 fields and island summaries). */
    open fun restore(spine: JsonValue): S = SpineOverlay.restore(this, spine)

    /**
     * The same over [base], the state the relaunched screen starts from (the restore drill sends
     * the fixture's initial state); without one, [restore] of the spine alone.
     */
    open fun restore(spine: JsonValue, base: JsonValue?): S = if (base == null) restore(spine) else SpineOverlay.restore(this, spine, base)

    val effects: EffectCodec<P> by lazy { EffectCodec(effectCodec) }
}
