import DuetScenarios

extension Timeline {
    /// The seams between the lane and the detail and share picker it hosts.
    static var chains: [Chain] {
        [
            Chain("timeline-memorydetail", "A memory deleted in its detail leaves the lane and the stack.",
                  initial: [Start(Timeline.self, loaded), Start(MemoryDetail.self, MemoryDetail.State())]) {
                Hop(Timeline.self, "open the beach", .memoryTapped(memoryId: Sample.beach))
                Hop(MemoryDetail.self, "appeared", .appeared(memoryId: Sample.beach, startEditing: false, startSharing: false))
                Hop(MemoryDetail.self, "loaded", .memoryLoaded(content: Sample.beachContent, reaction: ""))
                Hop(MemoryDetail.self, "delete", .deleteTapped)
                Hop(MemoryDetail.self, "deleted: delegate out", .deletionSucceeded, seam: Timeline.memoryDetail)
                Hop(Timeline.self, "deleted: route and tile gone", .memoryDeleted(memoryId: Sample.beach))
            },
            Chain("timeline-sharepicker", "A share from the lane's picker closes the sheet and counts recipients.",
                  initial: [Start(Timeline.self, loaded), Start(SharePicker.self, SharePicker.State())]) {
                Hop(Timeline.self, "share the beach", .shareTapped(memoryId: Sample.beach))
                Hop(SharePicker.self, "appeared", .appeared(memoryId: Sample.beach, config: ShareConfig()))
                Hop(SharePicker.self, "friends", .friendsLoaded([Sample.grace, Sample.linus]))
                Hop(SharePicker.self, "pick Grace", .friendToggled(friendId: Sample.grace.id))
                Hop(SharePicker.self, "send", .sendTapped)
                Hop(SharePicker.self, "shared: delegate out", .shareSucceeded, seam: Timeline.sharePicker)
                Hop(Timeline.self, "finished: no sheet, count up", .shareFinished(memoryId: Sample.beach, recipientCount: 1))
            },
        ]
    }
}
