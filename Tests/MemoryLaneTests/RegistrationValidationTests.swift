import Duet
import DuetScenarios
import DuetTesting
import MemoryLane
import XCTest

/// Each registration field carries its own error copy; a valid form submits once.
final class RegistrationValidationTests: XCTestCase {
    private func submitting(email: String, password: String, terms: Bool) -> (Registration.State, [Effect<Registration.EffectPayload>]) {
        var state = Registration.State()
        _ = Registration.reduce(&state, .emailChanged(email))
        _ = Registration.reduce(&state, .passwordChanged(password))
        _ = Registration.reduce(&state, .termsToggled(terms))
        let effects = Registration.reduce(&state, .submitTapped)
        return (state, effects)
    }

    func testEmailCopy() {
        XCTAssertEqual(submitting(email: "", password: "analytical1", terms: true).0.emailError, "Enter your email address.")
        for bad in ["ada", "ada@", "@example.com", "ada@example", "ada@@example.com", "ada @example.com", "ada@example."] {
            XCTAssertEqual(submitting(email: bad, password: "analytical1", terms: true).0.emailError,
                           "That doesn't look like an email address.", bad)
        }
        XCTAssertEqual(submitting(email: "ada@example.com", password: "analytical1", terms: true).0.emailError, "")
    }

    func testPasswordCopy() {
        XCTAssertEqual(submitting(email: "ada@example.com", password: "abc123", terms: true).0.passwordError, "Use at least 8 characters.")
        XCTAssertEqual(submitting(email: "ada@example.com", password: "abcdefgh", terms: true).0.passwordError, "Add at least one number.")
        XCTAssertEqual(submitting(email: "ada@example.com", password: "abcdefg1", terms: true).0.passwordError, "")
    }

    func testTermsCopyAndNoRequestWhileAnyFieldIsWrong() {
        let (state, effects) = submitting(email: "ada@example.com", password: "analytical1", terms: false)
        XCTAssertEqual(state.termsError, "Please accept the terms to continue.")
        XCTAssertFalse(state.isSubmitting)
        XCTAssertEqual(effects, [])
    }

    func testAValidFormSubmitsANormalisedEmailOnce() throws {
        let (initial, effects) = submitting(email: " Ada@Example.COM ", password: "analytical1", terms: true)
        XCTAssertEqual(effects, [.run(.register(email: "ada@example.com", password: "analytical1"), id: "registration.submit")])
        let store = TestStore(Registration.self, initialState: initial)
        store.send(.submitTapped)
        store.send(.registrationFailed(reason: "email-taken")) {
            $0.isSubmitting = false
            $0.emailError = "An account with this email already exists. Try signing in instead."
        }
        store.send(.emailChanged("grace@example.com")) {
            $0.email = "grace@example.com"
            $0.emailError = ""
        }
        store.finish()
    }
}
