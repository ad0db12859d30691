import DuetScenarios

extension Shared {
    /// The seam between the shared tab and its reshare picker, including cancel.
    static var chains: [Chain] {
        [
            Chain("shared-sharepicker", "Cancelling the reshare picker closes the shared tab's sheet.",
                  initial: [Start(Shared.self, loaded), Start(SharePicker.self, SharePicker.State())]) {
                Hop(Shared.self, "reshare the hike", .reshareTapped(memoryId: Sample.hike))
                Hop(SharePicker.self, "appeared", .appeared(memoryId: Sample.hike, config: ShareConfig(audience: "friends", includeLocation: false)))
                Hop(SharePicker.self, "cancel: delegate out", .cancelTapped, seam: Shared.sharePicker)
                Hop(Shared.self, "dismissed: no sheet", .sheetDismissed)
            },
        ]
    }
}
