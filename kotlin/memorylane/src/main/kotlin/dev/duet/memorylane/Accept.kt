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

/** The invite interrupt: shows who invited you, then accept or decline. */
object Accept : Feature<Accept.State, Accept.Action, Accept.EffectPayload>("accept", State.Coding, Action.Coding, EffectPayload.Coding) {
    data class State(
        val code: String = "",
        val inviterName: String = "",
        val sharedMemoryCount: Long = 0,
        val isLoading: Boolean = false,
        val isAccepting: Boolean = false,
        val errorMessage: String = ""
    ) {
        companion object Coding : StructCodec<State>({ members(::State,
            field(State::code, text),
            field(State::inviterName, text),
            field(State::sharedMemoryCount, int),
            field(State::isLoading, bool),
            field(State::isAccepting, bool),
            field(State::errorMessage, text)) })
    }

    sealed class Action {
        data class Appeared(val code: String) : Action()
        data class InviteLoaded(val inviterName: String, val sharedMemoryCount: Long) : Action()
        data class InviteLoadFailed(val reason: String) : Action()
        object AcceptTapped : Action()
        object AcceptSucceeded : Action()
        data class AcceptFailed(val reason: String) : Action()
        object DeclineTapped : Action()

        companion object Coding : SumCodec<Action>({
            labeled("appeared", ::Appeared, label(Appeared::code, text))
            labeled("inviteLoaded", ::InviteLoaded, label(InviteLoaded::inviterName, text), label(InviteLoaded::sharedMemoryCount, int))
            labeled("inviteLoadFailed", ::InviteLoadFailed, label(InviteLoadFailed::reason, text))
            unit("acceptTapped") { AcceptTapped }
            unit("acceptSucceeded") { AcceptSucceeded }
            labeled("acceptFailed", ::AcceptFailed, label(AcceptFailed::reason, text))
            unit("declineTapped") { DeclineTapped }
        })
    }

    sealed class EffectPayload {
        data class LoadInvite(val code: String) : EffectPayload()
        data class AcceptInvite(val code: String) : EffectPayload()
        /** Delegate: exactly `RootNav.Action.InviteAccepted`. */
        data class InviteAccepted(val code: String) : EffectPayload()
        /** Delegate: exactly `RootNav.Action.InviteDeclined`. */
        object InviteDeclined : EffectPayload()

        companion object Coding : SumCodec<EffectPayload>({
            labeled("loadInvite", ::LoadInvite, label(LoadInvite::code, text))
            labeled("acceptInvite", ::AcceptInvite, label(AcceptInvite::code, text))
            labeled("inviteAccepted", ::InviteAccepted, label(InviteAccepted::code, text))
            unit("inviteDeclined") { InviteDeclined }
        })
    }

    override val initial = State()

    override fun reduce(state: State, action: Action): Reduced<State, EffectPayload> = when (action) {
        is Action.Appeared -> {
            val alreadyShowing = action.code == state.code && (state.isLoading || state.inviterName.isNotEmpty())
            if (alreadyShowing) state.reduced()
            else State(code = action.code, isLoading = true).reduced(Effect.run(EffectPayload.LoadInvite(action.code), "accept.load"))
        }
        is Action.InviteLoaded ->
            if (!state.isLoading) state.reduced()
            else state.copy(isLoading = false, inviterName = action.inviterName, sharedMemoryCount = action.sharedMemoryCount).reduced()
        is Action.InviteLoadFailed ->
            if (!state.isLoading) state.reduced()
            else state.copy(isLoading = false, errorMessage = copy(action.reason)).reduced()
        Action.AcceptTapped ->
            if (state.isAccepting || state.isLoading || state.inviterName == "") state.reduced()
            else state.copy(isAccepting = true, errorMessage = "").reduced(Effect.run(EffectPayload.AcceptInvite(state.code), "accept.accept"))
        Action.AcceptSucceeded ->
            if (!state.isAccepting) state.reduced()
            else state.copy(isAccepting = false).reduced(Effect.run(EffectPayload.InviteAccepted(state.code)))
        is Action.AcceptFailed ->
            if (!state.isAccepting) state.reduced()
            else state.copy(isAccepting = false, errorMessage = copy(action.reason)).reduced()
        Action.DeclineTapped ->
            if (state.isAccepting) state.reduced()
            else state.reduced(Effect.cancel("accept.load"), Effect.run(EffectPayload.InviteDeclined))
    }

    private fun copy(reason: String) = when (reason) {
        "expired" -> "This invite has expired. Ask your friend for a new code."
        "not-found" -> "We couldn't find that invite. Check the code and try again."
        "already-friends" -> "You're already connected with this person."
        else -> "Something went wrong. Please try again."
    }
}
