import DuetScenarios

extension RootNav: Catalogued {
    /// Every stage edge, the accept interrupt's computed exit, and out-of-order delegates.
    static var scenarios: [ScenarioDefinition] {
        [
            Scenario(RootNav.self, "rootnav.first-launch", "A new user goes from the splash to the main stage.", initial: State()) {
                Step("no stored session: registration", .noSession)
                Branch("registers and onboards") {
                    Step("registered: introduce yourself", .registered(userId: Sample.user))
                    Step("introduced: onboarding", .introduced(displayName: "Ada"))
                    Step("onboarding done: main", .onboardingCompleted)
                }
                Branch("has a code") {
                    Step("asks to enter a code", .enterCodeRequested)
                    Branch("enters it") {
                        Step("code entered: accept interrupt", .codeEntered(code: "K7Q2PX"))
                        Branch("accepts") { Step("accepted: back to registration, computed", .inviteAccepted(code: "K7Q2PX")) }
                        Branch("declines") { Step("declined: back to registration, computed", .inviteDeclined) }
                    }
                    Branch("cancels") {
                        Step("dismissed", .enterCodeDismissed)
                        Step("dismissed again is inert", .enterCodeDismissed, .inert)
                    }
                }
                Branch("out of order delegates") {
                    Step("onboarding done before registering is inert", .onboardingCompleted, .inert)
                    Step("introduced before registering is inert", .introduced(displayName: "Ada"), .inert)
                    Step("a second splash answer is inert", .noSession, .inert)
                }
            },
            Scenario(RootNav.self, "rootnav.returning-user", "A restored session goes straight to main; invites interrupt it.", initial: State()) {
                Step("session restored: main", .sessionRestored(userId: Sample.user, displayName: "Ada", onboarded: true))
                Branch("invite link") {
                    Step("link opened: accept interrupt", .inviteLinkOpened(code: "K7Q2PX"))
                    Branch("accepted") { Step("accepted: main again", .inviteAccepted(code: "K7Q2PX")) }
                    Branch("stale accept") {
                        Step("an accept for another code is inert", .inviteAccepted(code: "ZZ9ZZ9"), .inert)
                        Step("declined: main again", .inviteDeclined)
                    }
                }
                Branch("enters a code from main") {
                    Step("asks to enter a code", .enterCodeRequested)
                    Step("code entered: modal closes, accept interrupt", .codeEntered(code: "B4RB42"))
                    Step("declined: main", .inviteDeclined)
                }
                Branch("signs out") {
                    Step("sign out: registration, session cleared", .signOutRequested)
                    Step("signing out twice is inert", .signOutRequested, .inert)
                }
                Branch("late splash answers") {
                    Step("a second restore is inert", .sessionRestored(userId: Sample.user, displayName: "Someone else", onboarded: false), .inert)
                    Step("a late no-session is inert", .noSession, .inert)
                }
            },
            Scenario(RootNav.self, "rootnav.interrupted-progress", "The accept interrupt returns to where progress says, not where it came from.",
                     initial: State()) {
                Step("restored without a name: introduce yourself", .sessionRestored(userId: Sample.user, displayName: "", onboarded: false))
                Branch("invite before introducing") {
                    Step("link opened: accept", .inviteLinkOpened(code: "K7Q2PX"))
                    Step("accepted: introduce yourself", .inviteAccepted(code: "K7Q2PX"))
                }
                Branch("invite during onboarding") {
                    Step("introduced: onboarding", .introduced(displayName: "Ada"))
                    Step("link opened: accept", .inviteLinkOpened(code: "K7Q2PX"))
                    Step("onboarding done while accepting is inert", .onboardingCompleted, .inert)
                    Step("declined: onboarding", .inviteDeclined)
                }
            },
            Scenario(RootNav.self, "rootnav.splash-holds", "Nothing leaves the splash but the splash's own answer.", initial: State()) {
                Step("an invite link during the splash is inert", .inviteLinkOpened(code: "K7Q2PX"), .inert)
                Step("enter code during the splash is inert", .enterCodeRequested, .inert)
                Step("an empty code is inert", .codeEntered(code: ""), .inert)
                Step("no session: registration", .noSession)
            },
        ].map(\.definition)
    }
}
