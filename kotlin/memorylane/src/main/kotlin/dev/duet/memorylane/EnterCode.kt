package memorylane

import duet.coding.Fields
import duet.coding.StructCodec
import duet.coding.SumCodec
import duet.dialect.JsonValue
import duet.kernel.Effect
import duet.kernel.Feature
import duet.kernel.Reduced
import duet.kernel.reduced
import java.util.Locale

/** The "I have a code" modal: normalises what is typed and hands a six-character code up. */
object EnterCode : Feature<EnterCode.State, EnterCode.Action, EnterCode.EffectPayload>("entercode", State.Coding, Action.Coding, EffectPayload.Coding) {
    private const val CODE_LENGTH = 6

    data class State(val code: String = "", val errorMessage: String = "", val submitAttempts: Long = 0) {
        companion object Coding : StructCodec<State>() {
            private val code = field("code", text) { it.code }
            private val errorMessage = field("errorMessage", text) { it.errorMessage }
            private val submitAttempts = field("submitAttempts", int) { it.submitAttempts }
            override fun build(f: Fields) = State(f[code], f[errorMessage], f[submitAttempts])
        }
    }

    sealed class Action {
        data class CodeChanged(val typed: String) : Action()
        object SubmitTapped : Action()
        object CancelTapped : Action()

        companion object Coding : SumCodec<Action>() {
            init {
                single(::CodeChanged, text, CodeChanged::typed)
                unit { SubmitTapped }
                unit { CancelTapped }
            }
        }
    }

    sealed class EffectPayload {
        /** Delegate: exactly `RootNav.Action.CodeEntered`. */
        data class CodeEntered(val code: String) : EffectPayload()
        /** Delegate: exactly `RootNav.Action.EnterCodeDismissed`. */
        object EnterCodeDismissed : EffectPayload()

        companion object Coding : SumCodec<EffectPayload>() {
            init {
                labeled(::CodeEntered, label("code", text, CodeEntered::code))
                unit { EnterCodeDismissed }
            }
        }
    }

    override val initial = State()

    /** Restore: the spine laid over [initial] (no L0 fields). */
    override fun restore(spine: JsonValue) = super.restore(spine)

    override fun reduce(state: State, action: Action): Reduced<State, EffectPayload> = when (action) {
        is Action.CodeChanged -> {
            val kept = action.typed.toUpperCase(Locale.ROOT).filter { it in 'A'..'Z' || it in '0'..'9' }
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
