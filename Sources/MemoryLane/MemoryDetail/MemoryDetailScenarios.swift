import DuetScenarios

extension MemoryDetail: Catalogued {
    static var loaded: State {
        var state = State()
        state.memoryId = Sample.beach
        state.content = Sample.beachContent
        return state
    }

    /// Loading with route intents, editing, reactions and their revert, sharing, islands, deleting.
    static var scenarios: [ScenarioDefinition] {
        [
            Scenario(MemoryDetail.self, "memorydetail.loading", "The memory loads once per id.", initial: State()) {
                Step("appeared: load the beach", .appeared(memoryId: Sample.beach, startEditing: false, startSharing: false))
                Branch("loaded") { Step("loaded", .memoryLoaded(content: Sample.beachContent, reaction: "😍")) }
                Branch("fails") {
                    Step("failed: copy", .memoryLoadFailed(message: "404"))
                    Step("edit without a memory is inert", .editTapped, .inert)
                }
                Branch("reappears") {
                    Step("the same memory again is inert", .appeared(memoryId: Sample.beach, startEditing: false, startSharing: false), .inert)
                    Step("another memory is inert: one screen, one memory", .appeared(memoryId: Sample.picnic, startEditing: true, startSharing: false), .inert)
                    Step("share while loading is inert", .shareTapped, .inert)
                }
            },
            Scenario(MemoryDetail.self, "memorydetail.route-intents", "The route's startEditing / startSharing apply after loading.", initial: State()) {
                Branch("start editing") {
                    Step("appeared to edit", .appeared(memoryId: Sample.beach, startEditing: true, startSharing: false))
                    Step("loaded: editor open with the caption", .memoryLoaded(content: Sample.beachContent, reaction: ""))
                }
                Branch("start sharing") {
                    Step("appeared to share", .appeared(memoryId: Sample.beach, startEditing: false, startSharing: true))
                    Step("loaded: share picker up", .memoryLoaded(content: Sample.beachContent, reaction: ""))
                }
            },
            Scenario(MemoryDetail.self, "memorydetail.editing", "Caption edits save, fail, get cancelled or are too long.", initial: loaded) {
                Step("edit", .editTapped)
                Branch("saves") {
                    Step("new caption", .draftCaptionChanged("  Windy, sandy, perfect  "))
                    Step("save: trimmed", .saveCaptionTapped)
                    Branch("saved") { Step("saved", .captionSaved) }
                    Branch("failed") {
                        Step("failed: copy", .captionSaveFailed(message: "500"))
                        Step("save again", .saveCaptionTapped)
                    }
                    Branch("cancelled while saving") { Step("cancel: save cancelled", .cancelEditTapped) }
                }
                Branch("too long") {
                    Step("a long caption", .draftCaptionChanged(String(repeating: "sand ", count: 60)))
                    Step("save: length copy", .saveCaptionTapped)
                }
            },
            Scenario(MemoryDetail.self, "memorydetail.reactions", "A reaction shows at once and is put back if saving fails.", initial: loaded) {
                Step("react with a heart", .reactionSet(emoji: "❤️"))
                Branch("confirmed") { Step("saved", .reactionSetSucceeded) }
                Branch("reverted") { Step("failed: reverted to none", .reactionSetFailed(message: "offline")) }
                Branch("changed twice then failed") {
                    Step("change to laughing", .reactionSet(emoji: "😂"))
                    Step("failed: reverted to the original, not the heart", .reactionSetFailed(message: "offline"))
                    Step("a second failure is inert", .reactionSetFailed(message: "offline"), .inert)
                }
                Branch("same emoji") { Step("the same reaction again is inert", .reactionSet(emoji: "❤️"), .inert) }
            },
            Scenario(MemoryDetail.self, "memorydetail.share", "The share picker for this memory.", initial: loaded) {
                Step("share: picker with location", .shareTapped)
                Branch("finished") { Step("shared with three", .shareFinished(memoryId: Sample.beach, recipientCount: 3)) }
                Branch("double dismissal") {
                    Step("dismissed", .sheetDismissed)
                    Step("dismissed again is inert", .sheetDismissed, .inert)
                }
                Branch("finish for another memory") { Step("inert", .shareFinished(memoryId: Sample.picnic, recipientCount: 1), .inert) }
            },
            Scenario(MemoryDetail.self, "memorydetail.islands", "Carousel and player report their boundary summaries.", initial: loaded) {
                Step("carousel settles on the third photo", .carouselSettled(position: 2))
                Step("a position past the end is clamped", .carouselSettled(position: 99))
                Step("playback at 12.5 s", .playbackPositionReported(millis: 12_500))
                Step("playback ended: back to the start", .playbackEnded)
            },
            Scenario(MemoryDetail.self, "memorydetail.photo-only", "Without a video the player summary never moves.", initial: {
                var state = loaded
                state.content.hasVideo = false
                state.content.placeName = ""
                return state
            }()) {
                Step("playback reports are inert", .playbackPositionReported(millis: 3_000), .inert)
                Step("share: picker without location", .shareTapped)
            },
            Scenario(MemoryDetail.self, "memorydetail.delete", "Deleting tells the host lane, or says it failed.", initial: loaded) {
                Step("delete", .deleteTapped)
                Branch("succeeds") { Step("deleted: tell the lane", .deletionSucceeded) }
                Branch("fails") {
                    Step("failed: copy", .deletionFailed(message: "500"))
                    Step("reacting works again", .reactionSet(emoji: "👍"))
                }
                Branch("busy") { Step("a reaction while deleting is inert", .reactionSet(emoji: "👍"), .inert) }
            },
        ].map(\.definition)
    }
}
