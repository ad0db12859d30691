import Duet

/// The shell's children: its three sheets and the profile tab.
extension MainNav {
    public static let capture = Embedding.ifLet(MainNav.self, Capture.self, shown: { $0.sheet == .capture }) { delegate in
        switch delegate {
        case .captureFinished(let memoryId): .captureFinished(memoryId: memoryId)
        case .captureCancelled: .captureCancelled
        case .saveMemory: nil
        }
    }

    public static let priming = Embedding.ifLet(MainNav.self, Priming.self, shown: { $0.sheet == .notificationPriming }) { delegate in
        switch delegate {
        case .primingFinished(let granted): .primingFinished(granted: granted)
        case .requestAuthorization, .scheduleWeeklyReminder: nil
        }
    }

    public static let inviteCode = Embedding.ifLet(MainNav.self, InviteCode.self, shown: {
        if case .inviteCode = $0.sheet { true } else { false }
    }) { delegate in
        switch delegate {
        case .inviteFinished: .inviteFinished
        case .generateCode, .lookUpCode, .startClock, .copyToClipboard, .presentShareSheet: nil
        }
    }

    /// Tabs keep their siblings alive: the profile is mounted for as long as the shell is.
    public static let profile = Embedding.scope(MainNav.self, Profile.self) { delegate in
        switch delegate {
        case .inviteRequested(let prefilledCode): .inviteRequested(prefilledCode: prefilledCode)
        case .loadProfile, .answerRequest, .removeFriend, .signOutRequested: nil
        }
    }
}
