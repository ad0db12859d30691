package memorylane

import duet.coding.Fields
import duet.coding.StructCodec
import duet.coding.SumCodec
import duet.dialect.JsonValue
import duet.kernel.Effect
import duet.kernel.Feature
import duet.kernel.Reduced
import duet.kernel.reduced

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
        companion object Coding : StructCodec<State>() {
            private val code = field("code", text) { it.code }
            private val inviterName = field("inviterName", text) { it.inviterName }
            private val sharedMemoryCount = field("sharedMemoryCount", int) { it.sharedMemoryCount }
            private val isLoading = field("isLoading", bool) { it.isLoading }
            private val isAccepting = field("isAccepting", bool) { it.isAccepting }
            private val errorMessage = field("errorMessage", text) { it.errorMessage }
            override fun build(f: Fields) =
                State(f[code], f[inviterName], f[sharedMemoryCount], f[isLoading], f[isAccepting], f[errorMessage])
        }
    }

    sealed class Action {
        data class Appeared(val code: String) : Action()
        data class InviteLoaded(val inviterName: String, val sharedMemoryCount: Long) : Action()
        data class InviteLoadFailed(val reason: String) : Action()
        object AcceptTapped : Action()
        object AcceptSucceeded : Action()
        data class AcceptFailed(val reason: String) : Action()
        object DeclineTapped : Action()

        companion object Coding : SumCodec<Action>() {
            init {
                labeled(::Appeared, label("code", text, Appeared::code))
                labeled(::InviteLoaded, label("inviterName", text, InviteLoaded::inviterName),
                    label("sharedMemoryCount", int, InviteLoaded::sharedMemoryCount))
                labeled(::InviteLoadFailed, label("reason", text, InviteLoadFailed::reason))
                unit { AcceptTapped }
                unit { AcceptSucceeded }
                labeled(::AcceptFailed, label("reason", text, AcceptFailed::reason))
                unit { DeclineTapped }
            }
        }
    }

    sealed class EffectPayload {
        data class LoadInvite(val code: String) : EffectPayload()
        data class AcceptInvite(val code: String) : EffectPayload()
        /** Delegate: exactly `RootNav.Action.InviteAccepted`. */
        data class InviteAccepted(val code: String) : EffectPayload()
        /** Delegate: exactly `RootNav.Action.InviteDeclined`. */
        object InviteDeclined : EffectPayload()

        companion object Coding : SumCodec<EffectPayload>() {
            init {
                labeled(::LoadInvite, label("code", text, LoadInvite::code))
                labeled(::AcceptInvite, label("code", text, AcceptInvite::code))
                labeled(::InviteAccepted, label("code", text, InviteAccepted::code))
                unit { InviteDeclined }
            }
        }
    }

    override val initial = State()

    /** Restore: the spine laid over [initial] (this feature has no L0 fields of its own). */
    override fun restore(spine: JsonValue) = super.restore(spine)

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
