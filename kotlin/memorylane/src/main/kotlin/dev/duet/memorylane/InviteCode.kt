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

/**
 * "Invite a friend": a short-lived code with a visible countdown. Time is data: the host
 * sends `tick(now)`, the reducer only compares dates it was given.
 */
object InviteCode : Feature<InviteCode.State, InviteCode.Action, InviteCode.EffectPayload>("invitecode", State.Coding, Action.Coding, EffectPayload.Coding) {
    data class State(
        val code: String = "",
        /** Set with the code; absent while none has been issued. */
        val expiresAt: Instant? = null,
        val secondsRemaining: Long = 0,
        val isGenerating: Boolean = false,
        val isExpired: Boolean = false,
        val copiedCount: Long = 0,
        val message: String = ""
    ) {
        companion object Coding : StructCodec<State>({ members(::State,
            field(State::code, text),
            field(State::expiresAt, optional(date)),
            field(State::secondsRemaining, int),
            field(State::isGenerating, bool),
            field(State::isExpired, bool),
            field(State::copiedCount, int),
            field(State::message, text)) })
    }

    sealed class Action {
        data class Appeared(val prefilledCode: String?) : Action()
        data class CodeIssued(val code: String, val expiresAt: Instant, val now: Instant) : Action()
        data class CodeIssueFailed(val message: String) : Action()
        data class Tick(val now: Instant) : Action()
        object CopyTapped : Action()
        object ShareTapped : Action()
        object RegenerateTapped : Action()
        object DoneTapped : Action()

        companion object Coding : SumCodec<Action>({
            labeled("appeared", ::Appeared, label(Appeared::prefilledCode, optional(text)))
            labeled("codeIssued", ::CodeIssued, label(CodeIssued::code, text),
                label(CodeIssued::expiresAt, date),
                label(CodeIssued::now, date))
            labeled("codeIssueFailed", ::CodeIssueFailed, label(CodeIssueFailed::message, text))
            labeled("tick", ::Tick, label(Tick::now, date))
            unit("copyTapped") { CopyTapped }
            unit("shareTapped") { ShareTapped }
            unit("regenerateTapped") { RegenerateTapped }
            unit("doneTapped") { DoneTapped }
        })
    }

    sealed class EffectPayload {
        object GenerateCode : EffectPayload()
        data class LookUpCode(val code: String) : EffectPayload()
        object StartClock : EffectPayload()
        data class CopyToClipboard(val text: String) : EffectPayload()
        data class PresentShareSheet(val text: String) : EffectPayload()
        /** Delegate: exactly `MainNav.Action.InviteFinished`. */
        object InviteFinished : EffectPayload()

        companion object Coding : SumCodec<EffectPayload>({
            unit("generateCode") { GenerateCode }
            labeled("lookUpCode", ::LookUpCode, label(LookUpCode::code, text))
            unit("startClock") { StartClock }
            labeled("copyToClipboard", ::CopyToClipboard, label(CopyToClipboard::text, text))
            labeled("presentShareSheet", ::PresentShareSheet, label(PresentShareSheet::text, text))
            unit("inviteFinished") { InviteFinished }
        })
    }

    override val initial = State()

    override fun reduce(state: State, action: Action): Reduced<State, EffectPayload> = when (action) {
        is Action.Appeared -> when {
            state.code != "" || state.isGenerating -> state.reduced()
            action.prefilledCode != null && action.prefilledCode != "" ->
                state.copy(isGenerating = true).reduced(Effect.run(EffectPayload.LookUpCode(action.prefilledCode), "invitecode.generate"))
            else -> state.copy(isGenerating = true).reduced(Effect.run(EffectPayload.GenerateCode, "invitecode.generate"))
        }
        is Action.CodeIssued -> {
            if (!state.isGenerating) state.reduced()
            else {
                val counted = countDown(state.copy(isGenerating = false, code = action.code, expiresAt = action.expiresAt, message = ""), action.now)
                if (counted.state.isExpired) counted
                else Reduced(counted.state, counted.effects + Effect.run(EffectPayload.StartClock, "invitecode.clock"))
            }
        }
        is Action.CodeIssueFailed ->
            if (!state.isGenerating) state.reduced()
            else state.copy(isGenerating = false, message = "Couldn't make a code right now. Try again.").reduced()
        is Action.Tick -> if (state.isExpired || state.expiresAt == null) state.reduced() else countDown(state, action.now)
        Action.CopyTapped ->
            if (state.code == "" || state.isExpired) state.reduced()
            else state.copy(copiedCount = state.copiedCount + 1, message = "Code copied.").reduced(Effect.run(EffectPayload.CopyToClipboard(state.code)))
        Action.ShareTapped ->
            if (state.code == "" || state.isExpired) state.reduced()
            else state.reduced(Effect.run(EffectPayload.PresentShareSheet("Join me on Memory Lane with code ${state.code}")))
        Action.RegenerateTapped ->
            if (state.isGenerating) state.reduced()
            else State(copiedCount = state.copiedCount, isGenerating = true)
                .reduced(Effect.cancel("invitecode.clock"), Effect.run(EffectPayload.GenerateCode, "invitecode.generate"))
        Action.DoneTapped -> state.reduced(Effect.cancel("invitecode.clock"), Effect.run(EffectPayload.InviteFinished))
    }

    private fun countDown(state: State, now: Instant): Reduced<State, EffectPayload> {
        val expiresAt = state.expiresAt ?: return state.reduced()
        val millisLeft = expiresAt.toEpochMilli() - now.toEpochMilli()
        // Whole seconds, rounded up: a code with 0.2 s left still shows 1.
        val seconds = maxOf(0L, -Math.floorDiv(-millisLeft, 1000L))
        val counted = state.copy(secondsRemaining = seconds)
        if (seconds != 0L) return counted.reduced()
        return counted.copy(isExpired = true, message = "This code has expired. Make a new one.").reduced(Effect.cancel("invitecode.clock"))
    }
}
