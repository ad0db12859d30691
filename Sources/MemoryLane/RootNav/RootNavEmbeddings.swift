import Duet

/// The root's children: one per stage phase, the enter-code modal beside the stage, and the
/// profile's sign-out, which passes the shell on its way to the root.
extension RootNav {
    public static let splash = Embedding.ifLet(RootNav.self, Splash.self, shown: { $0.phase == .splash }) { delegate in
        switch delegate {
        case let .sessionRestored(userId, displayName, onboarded):
            .sessionRestored(userId: userId, displayName: displayName, onboarded: onboarded)
        case .noSession: .noSession
        case .loadSession: nil
        }
    }

    public static let registration = Embedding.ifLet(RootNav.self, Registration.self, shown: { $0.phase == .registration }) { delegate in
        switch delegate {
        case .registered(let userId): .registered(userId: userId)
        case .enterCodeRequested: .enterCodeRequested
        case .register: nil
        }
    }

    public static let enterCode = Embedding.ifLet(RootNav.self, EnterCode.self, shown: { $0.isEnterCodePresented }) { delegate in
        switch delegate {
        case .codeEntered(let code): .codeEntered(code: code)
        case .enterCodeDismissed: .enterCodeDismissed
        }
    }

    public static let introduceYourself = Embedding.ifLet(RootNav.self, IntroduceYourself.self, shown: {
        if case .introduceYourself = $0.phase { true } else { false }
    }) { delegate in
        switch delegate {
        case .introduced(let displayName): .introduced(displayName: displayName)
        case .saveProfile: nil
        }
    }

    public static let onboarding = Embedding.ifLet(RootNav.self, Onboarding.self, shown: {
        if case .onboarding = $0.phase { true } else { false }
    }) { delegate in
        switch delegate {
        case .onboardingCompleted: .onboardingCompleted
        case .trackSkipped: nil
        }
    }

    public static let accept = Embedding.ifLet(RootNav.self, Accept.self, shown: { if case .accept = $0.phase { true } else { false } }) { delegate in
        switch delegate {
        case .inviteAccepted(let code): .inviteAccepted(code: code)
        case .inviteDeclined: .inviteDeclined
        case .loadInvite, .acceptInvite: nil
        }
    }

    /// The profile lives in the shell's profile tab; signing out is the root's business.
    public static let profile = Embedding.ifLet(RootNav.self, Profile.self, shown: { if case .main = $0.phase { true } else { false } }) { delegate in
        switch delegate {
        case .signOutRequested: .signOutRequested
        case .loadProfile, .answerRequest, .removeFriend, .inviteRequested: nil
        }
    }
}
