package dev.duet.memorylane

import dev.duet.coding.StructCodec
import dev.duet.coding.SumCodec
import dev.duet.coding.field
import dev.duet.coding.label
import dev.duet.coding.members
import dev.duet.kernel.Effect
import dev.duet.kernel.Feature
import dev.duet.kernel.Reduced
import dev.duet.kernel.reduced
import java.time.Instant

/** Asks, in our words first, whether reminders are welcome; only then the system prompt. */
object Priming : Feature<Priming.State, Priming.Action, Priming.EffectPayload>("priming", State.Coding, Action.Coding, EffectPayload.Coding) {
    data class State(
        val isRequesting: Boolean = false,
        /** When the user answered; absent until then. */
        val answeredAt: Instant? = null,
        val granted: Boolean = false
    ) {
        companion object Coding : StructCodec<State>({ members(::State,
            field(State::isRequesting, bool),
            field(State::answeredAt, optional(date)),
            field(State::granted, bool)) })
    }

    sealed class Action {
        object EnableTapped : Action()
        data class AuthorizationAnswered(val granted: Boolean, val at: Instant) : Action()
        data class NotNowTapped(val at: Instant) : Action()

        companion object Coding : SumCodec<Action>({
            unit("enableTapped") { EnableTapped }
            labeled("authorizationAnswered", ::AuthorizationAnswered, label(AuthorizationAnswered::granted, bool),
                label(AuthorizationAnswered::at, date))
            labeled("notNowTapped", ::NotNowTapped, label(NotNowTapped::at, date))
        })
    }

    sealed class EffectPayload {
        object RequestAuthorization : EffectPayload()
        object ScheduleWeeklyReminder : EffectPayload()
        /** Delegate: exactly `MainNav.Action.PrimingFinished`. */
        data class PrimingFinished(val granted: Boolean) : EffectPayload()

        companion object Coding : SumCodec<EffectPayload>({
            unit("requestAuthorization") { RequestAuthorization }
            unit("scheduleWeeklyReminder") { ScheduleWeeklyReminder }
            labeled("primingFinished", ::PrimingFinished, label(PrimingFinished::granted, bool))
        })
    }

    override val initial = State()

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
