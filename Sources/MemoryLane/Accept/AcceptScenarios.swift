import DuetScenarios

extension Accept: Catalogued {
    /// Loading an invite, accepting, declining and each failure's copy.
    static var scenarios: [ScenarioDefinition] {
        [
            Scenario(Accept.self, "accept", "An invite is looked up, then accepted or declined.", initial: State()) {
                Step("appeared with a code: load it", .appeared(code: "K7Q2PX"))
                Branch("loaded") {
                    Step("loaded: who invited you", .inviteLoaded(inviterName: "Grace", sharedMemoryCount: 12))
                    Branch("accepts") {
                        Step("accept", .acceptTapped)
                        Step("accepted: tell the root", .acceptSucceeded)
                    }
                    Branch("accept fails") {
                        Step("accept", .acceptTapped)
                        Step("already friends copy", .acceptFailed(reason: "already-friends"))
                    }
                    Branch("declines") { Step("decline: tell the root", .declineTapped) }
                    Branch("double accept") {
                        Step("accept", .acceptTapped)
                        Step("second accept is inert", .acceptTapped, .inert)
                        Step("decline while accepting is inert", .declineTapped, .inert)
                    }
                }
                Branch("expired") {
                    Step("expired copy", .inviteLoadFailed(reason: "expired"))
                    Step("accept without an invite is inert", .acceptTapped, .inert)
                }
                Branch("not found") {
                    Step("not found copy", .inviteLoadFailed(reason: "not-found"))
                    Step("decline", .declineTapped)
                }
                Branch("reappears") {
                    Step("the same code again is inert", .appeared(code: "K7Q2PX"), .inert)
                    Step("a different code starts over", .appeared(code: "B4RB42"))
                }
            },
        ].map(\.definition)
    }
}
