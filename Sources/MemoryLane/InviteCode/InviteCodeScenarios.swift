import DuetScenarios

extension InviteCode: Catalogued {
    /// Issuing a code and counting it down with time given as data.
    static var scenarios: [ScenarioDefinition] {
        [
            Scenario(InviteCode.self, "invitecode", "A ten-minute code counts down, expires and can be renewed.", initial: State()) {
                Step("appeared: generate", .appeared(prefilledCode: nil))
                Step("issued for ten minutes", .codeIssued(code: "K7Q2PX", expiresAt: Sample.later(600), now: Sample.now))
                Branch("counts down") {
                    Step("a second later", .tick(now: Sample.later(1)))
                    Step("half a second later rounds up", .tick(now: Sample.later(1).addingTimeInterval(0.5)))
                    Step("five minutes in", .tick(now: Sample.later(300)))
                }
                Branch("expires") {
                    Step("ten minutes in: expired, clock stopped", .tick(now: Sample.later(600)))
                    Step("copy after expiry is inert", .copyTapped, .inert)
                    Step("ticks after expiry are inert", .tick(now: Sample.later(601)), .inert)
                    Branch("renews") {
                        Step("regenerate", .regenerateTapped)
                        Step("issued again", .codeIssued(code: "B4RB42", expiresAt: Sample.later(1_200), now: Sample.later(610)))
                    }
                    Branch("gives up") { Step("done", .doneTapped) }
                }
                Branch("copies and shares") {
                    Step("copy", .copyTapped)
                    Step("share", .shareTapped)
                }
                Branch("done") { Step("done: clock stopped, tell the shell", .doneTapped) }
            },
            Scenario(InviteCode.self, "invitecode.prefilled", "A code from a link is looked up instead of generated.", initial: State()) {
                Step("appeared with a code", .appeared(prefilledCode: "K7Q2PX"))
                Step("appearing again while looking up is inert", .appeared(prefilledCode: "K7Q2PX"), .inert)
                Step("already expired when issued", .codeIssued(code: "K7Q2PX", expiresAt: Sample.now, now: Sample.later(5)))
            },
            Scenario(InviteCode.self, "invitecode.failure", "When no code can be made, the clock never starts.", initial: State()) {
                Step("appeared", .appeared(prefilledCode: nil))
                Step("failed: copy", .codeIssueFailed(message: "503"))
                Step("a tick without a code is inert", .tick(now: Sample.later(1)), .inert)
                Step("regenerate", .regenerateTapped)
            },
        ].map(\.definition)
    }
}
