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
import java.util.UUID

/** Sign-up form: email, password, terms; validated on submit with copy per field. */
object Registration : Feature<Registration.State, Registration.Action, Registration.EffectPayload>(
    "registration", State.Coding, Action.Coding, EffectPayload.Coding
) {
    data class State(
        val email: String = "",
        val password: String = "",
        val acceptedTerms: Boolean = false,
        /** Per-field error copy; empty means the field is fine. */
        val emailError: String = "",
        val passwordError: String = "",
        val termsError: String = "",
        val serverError: String = "",
        val isSubmitting: Boolean = false
    ) {
        companion object Coding : StructCodec<State>({ members(::State,
            field(State::email, text),
            field(State::password, text),
            field(State::acceptedTerms, bool),
            field(State::emailError, text),
            field(State::passwordError, text),
            field(State::termsError, text),
            field(State::serverError, text),
            field(State::isSubmitting, bool)) })
    }

    sealed class Action {
        data class EmailChanged(val email: String) : Action()
        data class PasswordChanged(val password: String) : Action()
        data class TermsToggled(val accepted: Boolean) : Action()
        object SubmitTapped : Action()
        data class RegistrationSucceeded(val userId: UUID) : Action()
        data class RegistrationFailed(val reason: String) : Action()
        object HaveACodeTapped : Action()

        companion object Coding : SumCodec<Action>({
            single("emailChanged", ::EmailChanged, text, EmailChanged::email)
            single("passwordChanged", ::PasswordChanged, text, PasswordChanged::password)
            single("termsToggled", ::TermsToggled, bool, TermsToggled::accepted)
            unit("submitTapped") { SubmitTapped }
            labeled("registrationSucceeded", ::RegistrationSucceeded, label(RegistrationSucceeded::userId, uuid))
            labeled("registrationFailed", ::RegistrationFailed, label(RegistrationFailed::reason, text))
            unit("haveACodeTapped") { HaveACodeTapped }
        })
    }

    sealed class EffectPayload {
        data class Register(val email: String, val password: String) : EffectPayload()
        /** Delegate: exactly `RootNav.Action.Registered`. */
        data class Registered(val userId: UUID) : EffectPayload()
        /** Delegate: exactly `RootNav.Action.EnterCodeRequested`. */
        object EnterCodeRequested : EffectPayload()

        companion object Coding : SumCodec<EffectPayload>({
            labeled("register", ::Register, label(Register::email, text), label(Register::password, text))
            labeled("registered", ::Registered, label(Registered::userId, uuid))
            unit("enterCodeRequested") { EnterCodeRequested }
        })
    }

    override val initial = State()

    override fun reduce(state: State, action: Action): Reduced<State, EffectPayload> = when (action) {
        is Action.EmailChanged -> state.copy(email = action.email, emailError = "", serverError = "").reduced()
        is Action.PasswordChanged -> state.copy(password = action.password, passwordError = "", serverError = "").reduced()
        is Action.TermsToggled -> state.copy(acceptedTerms = action.accepted, termsError = "").reduced()
        Action.SubmitTapped -> submit(state)
        is Action.RegistrationSucceeded ->
            if (!state.isSubmitting) state.reduced()
            else state.copy(isSubmitting = false, password = "").reduced(Effect.run(EffectPayload.Registered(action.userId)))
        is Action.RegistrationFailed -> when {
            !state.isSubmitting -> state.reduced()
            action.reason == "email-taken" ->
                state.copy(isSubmitting = false, emailError = "An account with this email already exists. Try signing in instead.").reduced()
            else -> state.copy(isSubmitting = false, serverError = "Something went wrong on our side. Please try again.").reduced()
        }
        Action.HaveACodeTapped -> if (state.isSubmitting) state.reduced() else state.reduced(Effect.run(EffectPayload.EnterCodeRequested))
    }

    private fun submit(state: State): Reduced<State, EffectPayload> {
        if (state.isSubmitting) return state.reduced()
        val email = CaseMapping.lowercase(Text.trimWhitespace(state.email))
        val checked = state.copy(
            emailError = RegistrationRules.emailError(email),
            passwordError = RegistrationRules.passwordError(state.password),
            termsError = if (state.acceptedTerms) "" else RegistrationRules.TERMS_COPY,
            serverError = "")
        if (checked.emailError != "" || checked.passwordError != "" || checked.termsError != "") return checked.reduced()
        return checked.copy(email = email, isSubmitting = true)
            .reduced(Effect.run(EffectPayload.Register(email, state.password), "registration.submit"))
    }
}

/** The sign-up form's validation copy, one rule per field. */
internal object RegistrationRules {
    const val TERMS_COPY = "Please accept the terms to continue."
    private const val NOT_AN_EMAIL = "That doesn't look like an email address."

    fun emailError(email: String): String {
        if (email == "") return "Enter your email address."
        val parts = email.split('@')
        if (parts.size != 2 || parts[0] == "" || email.contains(' ')) return NOT_AN_EMAIL
        val domain = parts[1].split('.')
        if (domain.size < 2 || domain.any { it == "" }) return NOT_AN_EMAIL
        return ""
    }

    fun passwordError(password: String): String = when {
        Text.characterCount(password) < 8 -> "Use at least 8 characters."
        !Text.containsNumber(password) -> "Add at least one number."
        else -> ""
    }
}
