import DuetScenarios

extension SharePicker: Catalogued {
    /// Picking friends or a link, sending, failing and cancelling.
    static var scenarios: [ScenarioDefinition] {
        [
            Scenario(SharePicker.self, "sharepicker", "Share with picked friends or as a link.", initial: State()) {
                Step("appeared for the beach: load friends", .appeared(memoryId: Sample.beach, config: ShareConfig()))
                Step("three friends", .friendsLoaded([Sample.grace, Sample.linus, Sample.barbara]))
                Branch("sends to friends") {
                    Step("pick Grace", .friendToggled(friendId: Sample.grace.id))
                    Step("pick Linus", .friendToggled(friendId: Sample.linus.id))
                    Step("send", .sendTapped)
                    Branch("succeeds") { Step("shared: tell the host, two people", .shareSucceeded) }
                    Branch("fails") {
                        Step("failed: copy", .shareFailed(message: "500"))
                        Step("send again", .sendTapped)
                    }
                }
                Branch("nobody picked") { Step("send: pick-a-friend copy", .sendTapped) }
                Branch("toggle twice") {
                    Step("pick Barbara", .friendToggled(friendId: Sample.barbara.id))
                    Step("unpick Barbara", .friendToggled(friendId: Sample.barbara.id))
                    Step("a friend not in the list is inert", .friendToggled(friendId: Sample.alan.id), .inert)
                }
                Branch("as a link") {
                    Step("link", .audienceChanged("link"))
                    Step("without the place", .includeLocationToggled(false))
                    Step("send: no recipients", .sendTapped)
                    Step("shared: zero people", .shareSucceeded)
                }
                Branch("cancel while sending") {
                    Step("pick Grace", .friendToggled(friendId: Sample.grace.id))
                    Step("send", .sendTapped)
                    Step("toggling while sending is inert", .friendToggled(friendId: Sample.linus.id), .inert)
                    Step("cancel: send cancelled, ask to close", .cancelTapped)
                }
                Branch("unknown audience") { Step("an audience we do not offer is inert", .audienceChanged("everyone"), .inert) }
            },
            Scenario(SharePicker.self, "sharepicker.friends-fail", "Without friends, a link still works.", initial: State()) {
                Step("appeared", .appeared(memoryId: Sample.picnic, config: ShareConfig(audience: "friends", includeLocation: false)))
                Step("friends failed: copy", .friendsLoadFailed(message: "offline"))
                Step("link", .audienceChanged("link"))
                Step("send", .sendTapped)
                Step("appearing again for the same memory is inert", .appeared(memoryId: Sample.picnic, config: ShareConfig()), .inert)
            },
        ].map(\.definition)
    }
}
