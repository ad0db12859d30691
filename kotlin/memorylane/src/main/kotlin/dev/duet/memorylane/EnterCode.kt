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
import dev.duet.text.CaseMapping

/** The "I have a code" modal: normalises what is typed and hands a six-character code up. */
object EnterCode : Feature<EnterCode.State, EnterCode.Action, EnterCode.EffectPayload>("entercode", State.Coding, Action.Coding, EffectPayload.Coding) {
    private const val CODE_LENGTH = 6

    data class State(val code: String = "", val errorMessage: String = "", val submitAttempts: Long = 0) {
        companion object Coding : StructCodec<State>({ members(::State,
            field(State::code, text),
            field(State::errorMessage, text),
            field(State::submitAttempts, int)) })
    }

    sealed class Action {
        data class CodeChanged(val typed: String) : Action()
        object SubmitTapped : Action()
        object CancelTapped : Action()

        companion object Coding : SumCodec<Action>({
            single("codeChanged", ::CodeChanged, text, CodeChanged::typed)
            unit("submitTapped") { SubmitTapped }
            unit("cancelTapped") { CancelTapped }
        })
    }

    sealed class EffectPayload {
        /** Delegate: exactly `RootNav.Action.CodeEntered`. */
        data class CodeEntered(val code: String) : EffectPayload()
        /** Delegate: exactly `RootNav.Action.EnterCodeDismissed`. */
        object EnterCodeDismissed : EffectPayload()

        companion object Coding : SumCodec<EffectPayload>({
            labeled("codeEntered", ::CodeEntered, label(CodeEntered::code, text))
            unit("enterCodeDismissed") { EnterCodeDismissed }
        })
    }

    override val initial = State()

    override fun reduce(state: State, action: Action): Reduced<State, EffectPayload> = when (action) {
        is Action.CodeChanged -> {
            val kept = CaseMapping.uppercase(action.typed).filter { it in 'A'..'Z' || it in '0'..'9' }
            state.copy(code = kept.take(CODE_LENGTH), errorMessage = "").reduced()
        }
        Action.SubmitTapped -> {
            val attempted = state.copy(submitAttempts = state.submitAttempts + 1)
            when {
                state.code.length == CODE_LENGTH -> attempted.reduced(Effect.run(EffectPayload.CodeEntered(state.code)))
                state.code == "" -> attempted.copy(errorMessage = "Enter the code your friend sent you.").reduced()
                else -> attempted.copy(errorMessage = "Codes have $CODE_LENGTH letters and numbers.").reduced()
            }
        }
        Action.CancelTapped -> state.reduced(Effect.run(EffectPayload.EnterCodeDismissed))
    }
}
