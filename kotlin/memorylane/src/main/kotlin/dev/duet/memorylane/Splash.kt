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
import java.util.UUID

/** The first screen: restores the stored session, retrying on failure, then tells the root. */
object Splash : Feature<Splash.State, Splash.Action, Splash.EffectPayload>("splash", State.Coding, Action.Coding, EffectPayload.Coding) {
    private const val RETRY_LIMIT = 3L

    data class State(
        val isLoading: Boolean = false,
        val attempts: Long = 0,
        /** Empty when there is nothing to say. */
        val errorMessage: String = ""
    ) {
        companion object Coding : StructCodec<State>({ members(::State,
            field(State::isLoading, bool),
            field(State::attempts, int),
            field(State::errorMessage, text)) })
    }

    sealed class Action {
        object Appeared : Action()
        data class SessionLoaded(val userId: UUID, val displayName: String, val onboarded: Boolean) : Action()
        object SessionMissing : Action()
        data class SessionLoadFailed(val message: String) : Action()
        object RetryTapped : Action()

        companion object Coding : SumCodec<Action>({
            unit("appeared") { Appeared }
            labeled("sessionLoaded", ::SessionLoaded, label(SessionLoaded::userId, uuid),
                label(SessionLoaded::displayName, text),
                label(SessionLoaded::onboarded, bool))
            unit("sessionMissing") { SessionMissing }
            labeled("sessionLoadFailed", ::SessionLoadFailed, label(SessionLoadFailed::message, text))
            unit("retryTapped") { RetryTapped }
        })
    }

    sealed class EffectPayload {
        object LoadSession : EffectPayload()
        /** Delegate: exactly `RootNav.Action.SessionRestored`. */
        data class SessionRestored(val userId: UUID, val displayName: String, val onboarded: Boolean) : EffectPayload()
        /** Delegate: exactly `RootNav.Action.NoSession`. */
        object NoSession : EffectPayload()

        companion object Coding : SumCodec<EffectPayload>({
            unit("loadSession") { LoadSession }
            labeled("sessionRestored", ::SessionRestored, label(SessionRestored::userId, uuid),
                label(SessionRestored::displayName, text),
                label(SessionRestored::onboarded, bool))
            unit("noSession") { NoSession }
        })
    }

    override val initial = State()

    override fun reduce(state: State, action: Action): Reduced<State, EffectPayload> = when (action) {
        Action.Appeared -> if (state.isLoading || state.attempts != 0L) state.reduced() else load(state)
        is Action.SessionLoaded ->
            if (!state.isLoading) state.reduced()
            else state.copy(isLoading = false, errorMessage = "")
                .reduced(Effect.run(EffectPayload.SessionRestored(action.userId, action.displayName, action.onboarded)))
        Action.SessionMissing ->
            if (!state.isLoading) state.reduced() else state.copy(isLoading = false, errorMessage = "").reduced(Effect.run(EffectPayload.NoSession))
        is Action.SessionLoadFailed ->
            if (!state.isLoading) state.reduced()
            else state.copy(isLoading = false, errorMessage =
                if (state.attempts >= RETRY_LIMIT) "Still can't open your memories. You can start fresh and sign in again later."
                else "We couldn't open your memories. Check your connection and try again.").reduced()
        Action.RetryTapped -> when {
            state.isLoading -> state.reduced()
            state.attempts >= RETRY_LIMIT -> state.copy(errorMessage = "").reduced(Effect.run(EffectPayload.NoSession))
            else -> load(state)
        }
    }

    private fun load(state: State) =
        state.copy(isLoading = true, attempts = state.attempts + 1, errorMessage = "").reduced(Effect.run(EffectPayload.LoadSession, "splash.load"))
}
