import DuetScenarios

extension Onboarding: Catalogued {
    /// Paging forward, back, by swipe, skipping and finishing.
    static var scenarios: [ScenarioDefinition] {
        [
            Scenario(Onboarding.self, "onboarding", "Four pages, then the root takes over.", initial: State()) {
                Step("next: capture", .nextTapped)
                Step("next: share", .nextTapped)
                Branch("finishes") {
                    Step("next: reminders", .nextTapped)
                    Step("next on the last page: completed", .nextTapped)
                }
                Branch("goes back") {
                    Step("back: capture", .backTapped)
                    Step("back: welcome", .backTapped)
                    Step("back on the first page is inert", .backTapped, .inert)
                }
                Branch("swipes") {
                    Step("swipe to the last page", .pageSwiped(toIndex: 3))
                    Step("a swipe past the end is inert", .pageSwiped(toIndex: 9), .inert)
                    Step("swipe back to the start", .pageSwiped(toIndex: 0))
                }
                Branch("skips") {
                    Step("skip: tracked, completed", .skipTapped)
                    Step("skip twice is inert", .skipTapped, .inert)
                }
            },
            Scenario(Onboarding.self, "onboarding.skip-right-away", "Skipping on the first page.", initial: State()) {
                Step("skip", .skipTapped)
            },
        ].map(\.definition)
    }
}
