import DuetScenarios

extension EnterCode: Catalogued {
    /// Normalising a typed code, its validation copy and both exits.
    static var scenarios: [ScenarioDefinition] {
        [
            Scenario(EnterCode.self, "entercode", "A code is six letters and numbers, whatever was typed.", initial: State()) {
                Step("typed with a dash and lower case", .codeChanged("k7q-2px"))
                Branch("submits") { Step("submit: hand the code up", .submitTapped) }
                Branch("cancels") { Step("cancel: ask to close", .cancelTapped) }
                Branch("too short") {
                    Step("three characters", .codeChanged("K7Q"))
                    Step("submit: length copy", .submitTapped)
                    Step("too long is cut to six", .codeChanged("K7Q2PX9Z"))
                    Step("submit", .submitTapped)
                }
                Branch("empty") {
                    Step("cleared", .codeChanged(""))
                    Step("submit: empty copy", .submitTapped)
                }
            },
        ].map(\.definition)
    }
}
