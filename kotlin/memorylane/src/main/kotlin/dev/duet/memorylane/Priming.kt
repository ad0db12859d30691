package memorylane

import duet.coding.Fields
import duet.coding.StructCodec
import duet.coding.SumCodec
import duet.dialect.JsonValue
import duet.kernel.Effect
import duet.kernel.Feature
import duet.kernel.Reduced
import duet.kernel.reduced
import java.time.Instant

/** Asks, in our words first, whether reminders are welcome; only then the system prompt. */
object Priming : Feature<Priming.State, Priming.Action, Priming.EffectPayload>("priming", State.Coding, Action.Coding, EffectPayload.Coding) {
    data class State(
        val isRequesting: Boolean = false,
        /** When the user answered; absent until then. */
        val answeredAt: Instant? = null,
        val granted: Boolean = false
    ) {
        companion object Coding : StructCodec<State>() {
            private val isRequesting = field("isRequesting", bool) { it.isRequesting }
            private val answeredAt = field("answeredAt", optional(date)) { it.answeredAt }
            private val granted = field("granted", bool) { it.granted }
            override fun build(f: Fields) = State(f[isRequesting], f[answeredAt], f[granted])
        }
    }

    sealed class Action {
        object EnableTapped : Action()
        data class AuthorizationAnswered(val granted: Boolean, val at: Instant) : Action()
        data class NotNowTapped(val at: Instant) : Action()

        companion object Coding : SumCodec<Action>() {
            init {
                unit { EnableTapped }
                labeled(::AuthorizationAnswered, label("granted", bool, AuthorizationAnswered::granted), label("at", date, AuthorizationAnswered::at))
                labeled(::NotNowTapped, label("at", date, NotNowTapped::at))
            }
        }
    }

    sealed class EffectPayload {
        object RequestAuthorization : EffectPayload()
        object ScheduleWeeklyReminder : EffectPayload()
        /** Delegate: exactly `MainNav.Action.PrimingFinished`. */
        data class PrimingFinished(val granted: Boolean) : EffectPayload()

        companion object Coding : SumCodec<EffectPayload>() {
            init {
                unit { RequestAuthorization }
                unit { ScheduleWeeklyReminder }
                labeled(::PrimingFinished, label("granted", bool, PrimingFinished::granted))
            }
        }
    }

    override val initial = State()

    /** Restore: the spine laid over [initial] (no L0 fields). */
    override fun restore(spine: JsonValue) = super.restore(spine)

    override fun reduce(state: State, action: Action): Reduced<State, EffectPayload> = when (action) {
        Action.EnableTapped ->
            if (state.isRequesting || state.answeredAt != null) state.reduced()
            else state.copy(isRequesting = true).reduced(Effect.run(EffectPayload.RequestAuthorization, "priming.request"))
        is Action.AuthorizationAnswered -> {
            if (!state.isRequesting) state.reduced()
            else {
                val answered = state.copy(isRequesting = false, answeredAt = action.at, granted = action.granted)
                if (action.granted) answered.reduced(Effect.run(EffectPayload.ScheduleWeeklyReminder), Effect.run(EffectPayload.PrimingFinished(true)))
                else answered.reduced(Effect.run(EffectPayload.PrimingFinished(false)))
            }
        }
        is Action.NotNowTapped ->
            if (state.answeredAt != null) state.reduced()
            else state.copy(isRequesting = false, answeredAt = action.at, granted = false)
                .reduced(Effect.cancel("priming.request"), Effect.run(EffectPayload.PrimingFinished(false)))
    }
}
