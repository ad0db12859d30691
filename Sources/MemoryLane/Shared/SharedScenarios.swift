import DuetScenarios

extension Shared: Catalogued {
    static var loaded: State {
        var state = State()
        state.memories = Sample.sharedWithMe
        return state
    }

    /// Loading, the detail stack with edit rights, deep links and resharing.
    static var scenarios: [ScenarioDefinition] {
        [
            Scenario(Shared.self, "shared.loading", "What friends shared loads once at a time.", initial: State()) {
                Step("appeared: load", .appeared)
                Branch("loaded") { Step("two memories", .memoriesLoaded(Sample.sharedWithMe)) }
                Branch("fails") {
                    Step("failed: copy", .loadFailed(message: "offline"))
                    Step("appeared again: retry", .appeared)
                }
                Branch("appears twice") { Step("appearing while loading is inert", .appeared, .inert) }
            },
            Scenario(Shared.self, "shared.navigation", "Opening marks seen; only co-owners may edit.", initial: loaded) {
                Step("open the hike: seen", .memoryTapped(memoryId: Sample.hike))
                Branch("back twice") {
                    Step("back", .backTapped)
                    Step("back on an empty path is inert", .backTapped, .inert)
                }
                Branch("two deep") {
                    Step("open the wedding on top", .memoryTapped(memoryId: Sample.wedding))
                    Step("back pops only the top", .backTapped)
                }
                Branch("edit allowed") { Step("edit the wedding: pushed editing", .editTapped(memoryId: Sample.wedding)) }
                Branch("edit refused") { Step("edit the hike: copy, no push", .editTapped(memoryId: Sample.hike)) }
                Branch("filter") {
                    Step("only unseen", .unseenFilterToggled(true))
                    Step("a tap on an unknown memory is inert", .memoryTapped(memoryId: Sample.unknownMemory), .inert)
                }
            },
            Scenario(Shared.self, "shared.deep-link", "A deep link rebases the stack; links to unshared memories are stale.", initial: loaded) {
                Step("open the hike", .memoryTapped(memoryId: Sample.hike))
                Branch("rebases") { Step("link to the wedding", .deepLinkOpened(memoryId: Sample.wedding)) }
                Branch("stale link") { Step("a link to a memory not shared is inert with copy", .deepLinkOpened(memoryId: Sample.unknownMemory), .state("the stack stays; the banner says the memory is not shared") { $0.path.count == 1 && $0.bannerMessage.contains("no longer shared") }) }
                Branch("unshared while open") {
                    Step("refresh", .appeared)
                    Step("the hike is no longer shared: its route goes", .memoriesLoaded([Sample.sharedWithMe[1]]))
                }
            },
            Scenario(Shared.self, "shared.reshare", "Resharing a friend's memory.", initial: loaded) {
                Step("reshare the hike", .reshareTapped(memoryId: Sample.hike))
                Branch("finished") { Step("reshared with one", .shareFinished(memoryId: Sample.hike, recipientCount: 1)) }
                Branch("double dismissal") {
                    Step("dismissed", .sheetDismissed)
                    Step("dismissed again is inert", .sheetDismissed, .inert)
                    Step("a finish after dismissal is inert", .shareFinished(memoryId: Sample.hike, recipientCount: 1), .inert)
                }
                Branch("deep link closes the sheet") { Step("link to the wedding", .deepLinkOpened(memoryId: Sample.wedding)) }
            },
        ].map(\.definition)
    }
}
