import DuetScenarios

extension Splash: Catalogued {
    /// Loading the stored session: restored, missing, failing and giving up.
    static var scenarios: [ScenarioDefinition] {
        [
            Scenario(Splash.self, "splash", "The splash restores the session or reports there is none.", initial: State()) {
                Step("appeared: load the session", .appeared)
                Branch("restores a session") {
                    Step("loaded: hand it to the root", .sessionLoaded(userId: Sample.user, displayName: "Ada", onboarded: true))
                }
                Branch("finds none") { Step("missing: tell the root", .sessionMissing) }
                Branch("fails then recovers") {
                    Step("load failed: error copy", .sessionLoadFailed(message: "timeout"))
                    Step("retry: load again", .retryTapped)
                    Step("loaded", .sessionLoaded(userId: Sample.user, displayName: "Ada", onboarded: false))
                }
                Branch("gives up after three failures") {
                    Step("first failure", .sessionLoadFailed(message: "timeout"))
                    Step("retry 2", .retryTapped)
                    Step("second failure", .sessionLoadFailed(message: "timeout"))
                    Step("retry 3", .retryTapped)
                    Step("third failure: start-fresh copy", .sessionLoadFailed(message: "timeout"))
                    Step("retry now starts fresh", .retryTapped)
                }
                Branch("late answers are inert") {
                    Step("missing", .sessionMissing)
                    Step("a late load is inert", .sessionLoaded(userId: Sample.user, displayName: "Ada", onboarded: true), .inert)
                    Step("appearing again is inert", .appeared, .inert)
                }
            },
            Scenario(Splash.self, "splash.double-retry", "A retry while one is running does not start another.", initial: State()) {
                Step("appeared", .appeared)
                Step("failed", .sessionLoadFailed(message: "offline"))
                Step("retry", .retryTapped)
                Step("second retry while loading is inert", .retryTapped, .inert)
                Step("missing", .sessionMissing)
            },
        ].map(\.definition)
    }
}
