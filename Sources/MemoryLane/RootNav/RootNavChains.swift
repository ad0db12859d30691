import DuetScenarios

extension RootNav {
    static var registrationStage: State {
        var state = State()
        state.phase = .registration
        return state
    }

    static var mainStage: State {
        var state = State()
        state.phase = .main(Session(userId: Sample.user, displayName: "Ada", onboarded: true))
        return state
    }

    /// The seams between the root and each stage child: each delegate crosses through its
    /// embedding (`RootNav.splash`, …) and is the root's next action, byte for byte.
    static var chains: [Chain] {
        [
            Chain("rootnav-splash", "The splash's restored session becomes the root's sessionRestored.",
                  initial: [Start(Splash.self, Splash.State()), Start(RootNav.self, State())]) {
                Hop(Splash.self, "appeared: load the session", .appeared)
                Hop(Splash.self, "loaded: delegate out", .sessionLoaded(userId: Sample.user, displayName: "Ada", onboarded: true), seam: RootNav.splash)
                Hop(RootNav.self, "restored: main", .sessionRestored(userId: Sample.user, displayName: "Ada", onboarded: true))
            },
            Chain("rootnav-registration", "A registered user moves the root on to introduce yourself.",
                  initial: [Start(Registration.self, Registration.State()), Start(RootNav.self, registrationStage)]) {
                Hop(Registration.self, "email", .emailChanged("ada@example.com"))
                Hop(Registration.self, "password", .passwordChanged("analytical1"))
                Hop(Registration.self, "terms", .termsToggled(true))
                Hop(Registration.self, "submit", .submitTapped)
                Hop(Registration.self, "registered: delegate out", .registrationSucceeded(userId: Sample.user), seam: RootNav.registration)
                Hop(RootNav.self, "registered: introduce yourself", .registered(userId: Sample.user))
            },
            Chain("rootnav-entercode", "Registration asks for the code modal; the code it takes opens the accept interrupt.",
                  initial: [Start(Registration.self, Registration.State()), Start(EnterCode.self, EnterCode.State()),
                            Start(RootNav.self, registrationStage)]) {
                Hop(Registration.self, "have a code: delegate out", .haveACodeTapped, seam: RootNav.registration)
                Hop(RootNav.self, "modal flag up", .enterCodeRequested)
                Hop(EnterCode.self, "typed", .codeChanged("k7q2px"))
                Hop(EnterCode.self, "submit: delegate out", .submitTapped, seam: RootNav.enterCode)
                Hop(RootNav.self, "code entered: accept", .codeEntered(code: "K7Q2PX"))
            },
            Chain("rootnav-introduceyourself", "A saved name moves the root on to onboarding.",
                  initial: [Start(IntroduceYourself.self, IntroduceYourself.State()), Start(RootNav.self, {
                      var state = registrationStage
                      state.phase = .introduceYourself(Session(userId: Sample.user))
                      return state
                  }())]) {
                Hop(IntroduceYourself.self, "name", .nameChanged("Ada"))
                Hop(IntroduceYourself.self, "continue", .continueTapped)
                Hop(IntroduceYourself.self, "saved: delegate out", .profileSaved, seam: RootNav.introduceYourself)
                Hop(RootNav.self, "introduced: onboarding", .introduced(displayName: "Ada"))
            },
            Chain("rootnav-onboarding", "Skipping onboarding completes it for the root.",
                  initial: [Start(Onboarding.self, Onboarding.State()), Start(RootNav.self, {
                      var state = mainStage
                      state.phase = .onboarding(Session(userId: Sample.user, displayName: "Ada"))
                      return state
                  }())]) {
                Hop(Onboarding.self, "next", .nextTapped)
                Hop(Onboarding.self, "skip: delegate out last", .skipTapped, seam: RootNav.onboarding)
                Hop(RootNav.self, "completed: main", .onboardingCompleted)
            },
            Chain("rootnav-accept", "Accepting an invite ends the interrupt where progress says.",
                  initial: [Start(RootNav.self, mainStage), Start(Accept.self, Accept.State())]) {
                Hop(RootNav.self, "invite link: accept", .inviteLinkOpened(code: "K7Q2PX"))
                Hop(Accept.self, "appeared", .appeared(code: "K7Q2PX"))
                Hop(Accept.self, "loaded", .inviteLoaded(inviterName: "Grace", sharedMemoryCount: 12))
                Hop(Accept.self, "accept", .acceptTapped)
                Hop(Accept.self, "accepted: delegate out", .acceptSucceeded, seam: RootNav.accept)
                Hop(RootNav.self, "accepted: main", .inviteAccepted(code: "K7Q2PX"))
            },
            Chain("rootnav-profile", "Signing out from the profile sends the root back to registration.",
                  initial: [Start(Profile.self, Profile.State()), Start(RootNav.self, mainStage)]) {
                Hop(Profile.self, "sign out: delegate out", .signOutTapped, seam: RootNav.profile)
                Hop(RootNav.self, "signed out: registration", .signOutRequested)
            },
        ]
    }
}
