import Duet
import Foundation

/// Sign-up form: email, password, terms; validated on submit with copy per field.
///
/// ```swift
/// var state = Registration.State()
/// Registration.reduce(&state, .emailChanged("ada@example.com"))
/// Registration.reduce(&state, .submitTapped)   // sets errors or starts `registration.submit`
/// ```
public enum Registration: Feature {
    public static let name = "registration"
    public static let initialState = State()

    public struct State: Codable, Sendable, Equatable {
        public var email = ""
        public var password = ""
        public var acceptedTerms = false
        /// Per-field error copy; empty means the field is fine.
        public var emailError = ""
        public var passwordError = ""
        public var termsError = ""
        public var serverError = ""
        public var isSubmitting = false
        public init() {}
    }

    public enum Action: SumType, Sendable, Equatable {
        case emailChanged(String)
        case passwordChanged(String)
        case termsToggled(Bool)
        case submitTapped
        case registrationSucceeded(userId: UUID)
        case registrationFailed(reason: String)
        case haveACodeTapped
    }

    public enum EffectPayload: SumType, Sendable, Equatable {
        case register(email: String, password: String)
        /// Delegate: `RootNav.registration` makes it the root's `registered`.
        case registered(userId: UUID)
        /// Delegate: `RootNav.registration` makes it the root's `enterCodeRequested`.
        case enterCodeRequested
    }

    public static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] {
        switch action {
        case .emailChanged(let email):
            state.email = email
            state.emailError = ""
            state.serverError = ""
            return []

        case .passwordChanged(let password):
            state.password = password
            state.passwordError = ""
            state.serverError = ""
            return []

        case .termsToggled(let accepted):
            state.acceptedTerms = accepted
            state.termsError = ""
            return []

        case .submitTapped:
            guard !state.isSubmitting else { return [] }
            let email = state.email.trimmingCharacters(in: .whitespaces).lowercased()
            state.emailError = RegistrationRules.emailError(email)
            state.passwordError = RegistrationRules.passwordError(state.password)
            state.termsError = state.acceptedTerms ? "" : RegistrationRules.termsCopy
            state.serverError = ""
            guard state.emailError.isEmpty, state.passwordError.isEmpty, state.termsError.isEmpty else { return [] }
            state.email = email
            state.isSubmitting = true
            return [.run(.register(email: email, password: state.password), id: "registration.submit")]

        case .registrationSucceeded(let userId):
            guard state.isSubmitting else { return [] }
            state.isSubmitting = false
            state.password = ""
            return [.run(.registered(userId: userId))]

        case .registrationFailed(let reason):
            guard state.isSubmitting else { return [] }
            state.isSubmitting = false
            if reason == "email-taken" {
                state.emailError = "An account with this email already exists. Try signing in instead."
            } else {
                state.serverError = "Something went wrong on our side. Please try again."
            }
            return []

        case .haveACodeTapped:
            guard !state.isSubmitting else { return [] }
            return [.run(.enterCodeRequested)]
        }
    }
}
