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
        companion object Coding : StructCodec<State>() {
            private val code = field("code", text) { it.code }
            private val expiresAt = field("expiresAt", optional(date)) { it.expiresAt }
            private val secondsRemaining = field("secondsRemaining", int) { it.secondsRemaining }
            private val isGenerating = field("isGenerating", bool) { it.isGenerating }
            private val isExpired = field("isExpired", bool) { it.isExpired }
            private val copiedCount = field("copiedCount", int) { it.copiedCount }
            private val message = field("message", text) { it.message }
            override fun build(f: Fields) =
                State(f[code], f[expiresAt], f[secondsRemaining], f[isGenerating], f[isExpired], f[copiedCount], f[message])
        }
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

        companion object Coding : SumCodec<Action>() {
            init {
                labeled(::Appeared, label("prefilledCode", optional(text), Appeared::prefilledCode))
                labeled(::CodeIssued, label("code", text, CodeIssued::code), label("expiresAt", date, CodeIssued::expiresAt),
                    label("now", date, CodeIssued::now))
                labeled(::CodeIssueFailed, label("message", text, CodeIssueFailed::message))
                labeled(::Tick, label("now", date, Tick::now))
                unit { CopyTapped }
                unit { ShareTapped }
                unit { RegenerateTapped }
                unit { DoneTapped }
            }
        }
    }

    sealed class EffectPayload {
        object GenerateCode : EffectPayload()
        data class LookUpCode(val code: String) : EffectPayload()
        object StartClock : EffectPayload()
        data class CopyToClipboard(val text: String) : EffectPayload()
        data class PresentShareSheet(val text: String) : EffectPayload()
        /** Delegate: exactly `MainNav.Action.InviteFinished`. */
        object InviteFinished : EffectPayload()

        companion object Coding : SumCodec<EffectPayload>() {
            init {
                unit { GenerateCode }
                labeled(::LookUpCode, label("code", text, LookUpCode::code))
                unit { StartClock }
                labeled(::CopyToClipboard, label("text", text, CopyToClipboard::text))
                labeled(::PresentShareSheet, label("text", text, PresentShareSheet::text))
                unit { InviteFinished }
            }
        }
    }

    override val initial = State()

    /** Restore: the spine laid over [initial] (no L0 fields). */
    override fun restore(spine: JsonValue) = super.restore(spine)

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
