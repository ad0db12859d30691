import DuetScenarios

extension Priming: Catalogued {
    /// Our own ask before the system prompt: yes, no, not now.
    static var scenarios: [ScenarioDefinition] {
        [
            Scenario(Priming.self, "priming", "Reminders are asked for once.", initial: State()) {
                Branch("enables") {
                    Step("enable: system prompt", .enableTapped)
                    Step("granted: reminder scheduled, tell the shell", .authorizationAnswered(granted: true, at: Sample.now))
                }
                Branch("denied at the prompt") {
                    Step("enable", .enableTapped)
                    Step("denied: tell the shell", .authorizationAnswered(granted: false, at: Sample.now))
                    Step("enable after answering is inert", .enableTapped, .inert)
                }
                Branch("not now") {
                    Step("not now", .notNowTapped(at: Sample.now))
                    Step("not now again is inert", .notNowTapped(at: Sample.later(5)), .inert)
                }
                Branch("double enable") {
                    Step("enable", .enableTapped)
                    Step("second enable is inert", .enableTapped, .inert)
                    Step("not now while asking: request cancelled", .notNowTapped(at: Sample.later(3)))
                }
            },
        ].map(\.definition)
    }
}
