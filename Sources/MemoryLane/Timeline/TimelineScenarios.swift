import DuetScenarios

extension Timeline: Catalogued {
    static var loaded: State {
        var state = State()
        state.memories = Sample.firstPage
        state.nextCursor = "page-2"
        return state
    }

    /// Loading and paging, the detail stack, deep links, sharing and deletion.
    static var scenarios: [ScenarioDefinition] {
        [
            Scenario(Timeline.self, "timeline.loading", "The lane loads, pages and recovers from failures.", initial: State()) {
                Step("appeared: first page", .appeared)
                Branch("first page") {
                    Step("loaded with a next cursor", .pageLoaded(memories: Sample.firstPage, nextCursor: "page-2"))
                    Branch("paginates") {
                        Step("reached the end: second page", .reachedEnd)
                        Step("reached the end again while loading is inert", .reachedEnd, .inert)
                        Step("second page appended, no more", .pageLoaded(memories: Sample.secondPage, nextCursor: ""))
                        Step("reached the end with nothing left is inert", .reachedEnd, .inert)
                    }
                    Branch("pagination fails") {
                        Step("reached the end", .reachedEnd)
                        Step("failed: older-memories copy", .pageLoadFailed(message: "timeout"))
                    }
                    Branch("refreshes") {
                        Step("pulled: first page again", .refreshPulled)
                        Step("replaced", .pageLoaded(memories: Sample.secondPage, nextCursor: ""))
                    }
                }
                Branch("fails") {
                    Step("failed: lane copy", .pageLoadFailed(message: "offline"))
                    Step("pulled to retry", .refreshPulled)
                    Step("loaded", .pageLoaded(memories: Sample.firstPage, nextCursor: ""))
                }
                Branch("appears twice") { Step("appearing while loading is inert", .appeared, .inert) }
            },
            Scenario(Timeline.self, "timeline.navigation", "Tapping pushes details; back pops one; back on empty is inert.", initial: loaded) {
                Step("open the beach", .memoryTapped(memoryId: Sample.beach))
                Branch("deeper") {
                    Step("open the picnic", .memoryTapped(memoryId: Sample.picnic))
                    Step("back", .backTapped)
                    Step("back to the lane", .backTapped)
                    Step("back on an empty path is inert", .backTapped, .inert)
                }
                Branch("edit") {
                    Step("edit the concert: pushed in editing mode", .editTapped(memoryId: Sample.concert))
                    Step("pop to root", .popToRootTapped)
                }
                Branch("unknown memory") { Step("a tap on a memory not in the lane is inert", .memoryTapped(memoryId: Sample.unknownMemory), .inert) }
            },
            Scenario(Timeline.self, "timeline.deep-link", "A deep link replaces the stack and closes the sheet.", initial: loaded) {
                Step("open the beach", .memoryTapped(memoryId: Sample.beach))
                Step("share the picnic", .shareTapped(memoryId: Sample.picnic))
                Branch("rebases") { Step("link to the concert: path rebased", .deepLinkOpened(memoryId: Sample.concert, intent: "view")) }
                Branch("share intent") { Step("link to share the picnic", .deepLinkOpened(memoryId: Sample.picnic, intent: "share")) }
                Branch("edit intent") { Step("link to edit a memory not yet loaded", .deepLinkOpened(memoryId: Sample.hike, intent: "edit")) }
                Branch("stale link") {
                    Step("the concert is deleted", .memoryDeleted(memoryId: Sample.concert))
                    Step("a link to it is inert but says why", .deepLinkOpened(memoryId: Sample.concert, intent: "view"), .state("the stack and the sheet stay; the banner says the memory is gone") { $0.path.map(\.memoryId) == [Sample.beach] && $0.sheet != nil && $0.bannerMessage.contains("no longer available") })
                    Step("banner dismissed", .bannerDismissed)
                }
            },
            Scenario(Timeline.self, "timeline.share", "The share sheet opens for one memory and closes once.", initial: loaded) {
                Step("share the beach", .shareTapped(memoryId: Sample.beach))
                Branch("finishes") { Step("shared with two", .shareFinished(memoryId: Sample.beach, recipientCount: 2)) }
                Branch("count held at its maximum") {
                    Step("shared with two", .shareFinished(memoryId: Sample.beach, recipientCount: 2))
                    Step("share the beach again", .shareTapped(memoryId: Sample.beach))
                    Step("more recipients than the count holds: it stops at the maximum", .shareFinished(memoryId: Sample.beach, recipientCount: .max))
                }
                Branch("finish for another memory") { Step("a finish for the picnic is inert", .shareFinished(memoryId: Sample.picnic, recipientCount: 1), .inert) }
                Branch("double dismissal") {
                    Step("dismissed", .sheetDismissed)
                    Step("dismissed again is inert", .sheetDismissed, .inert)
                }
                Branch("second share") { Step("share while sharing is inert", .shareTapped(memoryId: Sample.picnic), .inert) }
            },
            Scenario(Timeline.self, "timeline.deletion", "A deleted memory leaves the lane, the stack and later pages.", initial: loaded) {
                Step("open the beach", .memoryTapped(memoryId: Sample.beach))
                Step("open the picnic", .memoryTapped(memoryId: Sample.picnic))
                Step("the beach is deleted: its route goes", .memoryDeleted(memoryId: Sample.beach))
                Branch("deleted twice") { Step("a second deletion is inert", .memoryDeleted(memoryId: Sample.beach), .inert) }
                Branch("refresh keeps it out") {
                    Step("pulled", .refreshPulled)
                    Step("a stale page still lists it: filtered", .pageLoaded(memories: Sample.firstPage, nextCursor: "page-2"))
                }
            },
        ].map(\.definition)
    }
}
