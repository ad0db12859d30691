import DuetScenarios

extension MemoryDetail {
    /// The seam between the detail and its share picker.
    static var chains: [Chain] {
        [
            Chain("memorydetail-sharepicker", "A link share from the detail closes its picker.",
                  initial: [Start(MemoryDetail.self, loaded), Start(SharePicker.self, SharePicker.State())]) {
                Hop(MemoryDetail.self, "share", .shareTapped)
                Hop(SharePicker.self, "appeared", .appeared(memoryId: Sample.beach, config: ShareConfig()))
                Hop(SharePicker.self, "link", .audienceChanged("link"))
                Hop(SharePicker.self, "send", .sendTapped)
                Hop(SharePicker.self, "shared: delegate out", .shareSucceeded, seam: MemoryDetail.sharePicker)
                Hop(MemoryDetail.self, "finished: no sheet", .shareFinished(memoryId: Sample.beach, recipientCount: 0))
            },
        ]
    }
}
