import DuetScenarios

extension MainNav {
    static func showing(_ sheet: Sheet?) -> State {
        var state = State()
        state.sheet = sheet
        return state
    }

    /// The seams between the shell and its sheets and tabs.
    static var chains: [Chain] {
        [
            Chain("mainnav-capture", "A cancelled capture closes the sheet; a saved one closes it and leads to priming.",
                  initial: [Start(MainNav.self, State()), Start(Capture.self, Capture.State())]) {
                Hop(MainNav.self, "capture", .captureTapped)
                Hop(Capture.self, "cancel: delegate out", .cancelTapped, seam: MainNav.capture)
                Hop(MainNav.self, "cancelled: no sheet", .captureCancelled)
                Hop(MainNav.self, "capture again", .captureTapped)
                Hop(Capture.self, "add photo", .addPhotoTapped)
                Hop(Capture.self, "library", .photoSourceChosen(fromCamera: false))
                Hop(Capture.self, "picked", .photosAdded(ids: [Sample.photo1]))
                Hop(Capture.self, "title", .titleChanged("Beach day"))
                Hop(Capture.self, "save", .saveTapped)
                Hop(Capture.self, "saved: delegate out", .saveSucceeded(memoryId: Sample.beach), seam: MainNav.capture)
                Hop(MainNav.self, "finished: priming", .captureFinished(memoryId: Sample.beach))
            },
            Chain("mainnav-priming", "The priming answer closes the priming sheet.",
                  initial: [Start(MainNav.self, showing(.notificationPriming)), Start(Priming.self, Priming.State())]) {
                Hop(Priming.self, "enable", .enableTapped)
                Hop(Priming.self, "granted: delegate out last", .authorizationAnswered(granted: true, at: Sample.now), seam: MainNav.priming)
                Hop(MainNav.self, "answered: no sheet", .primingFinished(granted: true))
            },
            Chain("mainnav-invitecode", "Done on the invite code closes its sheet.",
                  initial: [Start(MainNav.self, showing(.inviteCode(prefilledCode: nil))), Start(InviteCode.self, InviteCode.State())]) {
                Hop(InviteCode.self, "appeared", .appeared(prefilledCode: nil))
                Hop(InviteCode.self, "issued", .codeIssued(code: "K7Q2PX", expiresAt: Sample.later(600), now: Sample.now))
                Hop(InviteCode.self, "done: delegate out", .doneTapped, seam: MainNav.inviteCode)
                Hop(MainNav.self, "finished: no sheet", .inviteFinished)
            },
            Chain("mainnav-profile", "Invite friends on the profile tab opens the shell's invite sheet.",
                  initial: [Start(MainNav.self, State()), Start(Profile.self, Profile.State())]) {
                Hop(MainNav.self, "profile tab", .tabSelected(.profile))
                Hop(Profile.self, "invite friends: delegate out", .inviteFriendsTapped, seam: MainNav.profile)
                Hop(MainNav.self, "invite sheet", .inviteRequested(prefilledCode: nil))
            },
        ]
    }
}
