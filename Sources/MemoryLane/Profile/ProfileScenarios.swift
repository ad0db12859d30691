import DuetScenarios

extension Profile: Catalogued {
    /// Loading, answering requests optimistically with revert, removing friends, the exits.
    static var scenarios: [ScenarioDefinition] {
        [
            Scenario(Profile.self, "profile", "Friends and requests, answered at once and put back on failure.", initial: State()) {
                Step("appeared: load", .appeared)
                Step("loaded", .profileLoaded(displayName: "Ada", friends: [Sample.grace], requests: [Sample.linus, Sample.barbara]))
                Branch("accepts a request") {
                    Step("accept Linus: friends now", .requestAccepted(friendId: Sample.linus.id))
                    Branch("confirmed") { Step("confirmed", .requestAnswerConfirmed(friendId: Sample.linus.id)) }
                    Branch("failed") {
                        Step("failed: Linus back in requests", .requestAnswerFailed(friendId: Sample.linus.id))
                        Step("a second failure is inert", .requestAnswerFailed(friendId: Sample.linus.id), .inert)
                    }
                }
                Branch("declines") {
                    Step("decline Barbara", .requestDeclined(friendId: Sample.barbara.id))
                    Step("declining again is inert", .requestDeclined(friendId: Sample.barbara.id), .inert)
                }
                Branch("removes a friend") {
                    Step("remove Grace", .removeFriendTapped(friendId: Sample.grace.id))
                    Step("removing again is inert", .removeFriendTapped(friendId: Sample.grace.id), .inert)
                }
                Branch("invites") { Step("invite friends: ask the shell", .inviteFriendsTapped) }
                Branch("signs out") { Step("sign out: ask the root", .signOutTapped) }
            },
            Scenario(Profile.self, "profile.load-fails", "A failed load can be retried.", initial: State()) {
                Step("appeared", .appeared)
                Step("failed: copy", .profileLoadFailed(message: "offline"))
                Step("appeared again", .appeared)
                Step("loaded with no one yet", .profileLoaded(displayName: "Ada", friends: [], requests: []))
            },
        ].map(\.definition)
    }
}
