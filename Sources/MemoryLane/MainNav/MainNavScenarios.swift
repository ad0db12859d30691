import DuetScenarios

extension MainNav: Catalogued {
    /// Tabs, the shared badge, and every sheet kind with its exits.
    static var scenarios: [ScenarioDefinition] {
        [
            Scenario(MainNav.self, "mainnav.tabs", "Tabs switch freely; the shared badge clears on visit.", initial: State()) {
                Step("shared", .tabSelected(.shared))
                Step("profile", .tabSelected(.profile))
                Step("my lane", .tabSelected(.myLane))
                Branch("same tab") { Step("selecting the current tab is inert", .tabSelected(.myLane), .inert) }
                Branch("capture from another tab") {
                    Step("profile", .tabSelected(.profile))
                    Step("capture over the profile", .captureTapped)
                    Step("saved: back on my lane", .captureFinished(memoryId: Sample.beach))
                }
                Branch("shared badge") {
                    Step("activity arrives", .sharedActivityArrived(count: 3))
                    Step("more activity", .sharedActivityArrived(count: 2))
                    Step("visit shared: badge cleared, marked seen", .tabSelected(.shared))
                    Step("activity while on shared is not counted", .sharedActivityArrived(count: 1))
                }
                Branch("badge held at its maximum") {
                    Step("activity arrives", .sharedActivityArrived(count: 3))
                    Step("a count past what the badge holds stops at the maximum", .sharedActivityArrived(count: .max))
                }
            },
            Scenario(MainNav.self, "mainnav.capture", "The capture sheet and the priming it leads to.", initial: State()) {
                Step("capture", .captureTapped)
                Branch("first capture primes notifications") {
                    Step("saved: priming, lane refresh", .captureFinished(memoryId: Sample.beach))
                    Branch("granted") { Step("answered", .primingFinished(granted: true)) }
                    Branch("declined then captures again") {
                        Step("answered no", .primingFinished(granted: false))
                        Step("capture again", .captureTapped)
                        Step("saved: no second priming", .captureFinished(memoryId: Sample.picnic))
                    }
                }
                Branch("cancelled") { Step("cancelled", .captureCancelled) }
                Branch("double dismissal") {
                    Step("dismissed", .sheetDismissed)
                    Step("dismissed again is inert", .sheetDismissed, .inert)
                }
                Branch("tabs wait behind the sheet") {
                    Step("a tab while capturing is inert", .tabSelected(.profile), .inert)
                    Step("invite while capturing is inert", .inviteRequested(prefilledCode: nil), .inert)
                }
                Branch("stale finish") {
                    Step("dismissed", .sheetDismissed)
                    Step("a finish after dismissal is inert", .captureFinished(memoryId: Sample.beach), .inert)
                    Step("a priming answer without priming is inert", .primingFinished(granted: true), .inert)
                }
            },
            Scenario(MainNav.self, "mainnav.invite", "The invite sheet, plain or with a code.", initial: State()) {
                Branch("plain invite") {
                    Step("invite", .inviteRequested(prefilledCode: nil))
                    Step("finished", .inviteFinished)
                    Step("finished again is inert", .inviteFinished, .inert)
                }
                Branch("prefilled") {
                    Step("invite with a code", .inviteRequested(prefilledCode: "K7Q2PX"))
                    Step("capture while inviting is inert", .captureTapped, .inert)
                    Step("dismissed", .sheetDismissed)
                }
                Branch("nothing showing") { Step("a finish with no sheet is inert", .inviteFinished, .inert) }
            },
        ].map(\.definition)
    }
}
