import DuetScenarios

extension Registration: Catalogued {
    /// Field validation copy, submitting, server answers and the have-a-code exit.
    static var scenarios: [ScenarioDefinition] {
        [
            Scenario(Registration.self, "registration.validation", "Each field says what is wrong with it.", initial: State()) {
                Step("submit an empty form: three errors", .submitTapped)
                Branch("bad email") {
                    Step("half an email", .emailChanged("ada@"))
                    Step("submit: email copy", .submitTapped)
                    Step("no dot in the domain", .emailChanged("ada@example"))
                    Step("submit: still the email copy", .submitTapped)
                }
                Branch("short password") {
                    Step("seven characters", .passwordChanged("abc1234"))
                    Step("submit: length copy", .submitTapped)
                }
                Branch("password without a number") {
                    Step("no digits", .passwordChanged("correcthorse"))
                    Step("submit: number copy", .submitTapped)
                }
                Branch("editing clears its error") {
                    Step("typing an email clears only the email error", .emailChanged("ada@example.com"))
                    Step("accepting the terms clears the terms error", .termsToggled(true))
                }
            },
            Scenario(Registration.self, "registration.submit", "A valid form submits once and reports the answer.", initial: State()) {
                Step("email with spaces and capitals", .emailChanged("  Ada@Example.com "))
                Step("password", .passwordChanged("analytical1"))
                Step("accept the terms", .termsToggled(true))
                Step("submit: normalised email, submitting", .submitTapped)
                Branch("succeeds") { Step("registered: tell the root", .registrationSucceeded(userId: Sample.user)) }
                Branch("email taken") { Step("email copy", .registrationFailed(reason: "email-taken")) }
                Branch("server error") {
                    Step("generic copy", .registrationFailed(reason: "server"))
                    Step("submit again", .submitTapped)
                }
                Branch("double submit") {
                    Step("second submit is inert", .submitTapped, .inert)
                    Step("have a code while submitting is inert", .haveACodeTapped, .inert)
                }
            },
            Scenario(Registration.self, "registration.have-a-code", "The code path asks the root for the enter-code modal.", initial: State()) {
                Step("have a code", .haveACodeTapped)
                Step("late success without a submit is inert", .registrationSucceeded(userId: Sample.user), .inert)
            },
        ].map(\.definition)
    }
}
