import MemoryLane

/// The published structure of Memory Lane (DESIGN §8): every L0 field with its primitive
/// and its kinds. Kinds come from the kind enums themselves; the table pins where they live.
enum L0Table {
    struct Field {
        var feature: String
        var field: String
        var primitive: String
        var kinds: [String]
    }

    static let fields: [Field] = [
        Field(feature: "rootnav", field: "phase", primitive: "stage", kinds: RootNav.Phase.kindNames),
        Field(feature: "mainnav", field: "activeTab", primitive: "tabs", kinds: MainNav.Tab.kindNames),
        Field(feature: "mainnav", field: "sheet", primitive: "slot", kinds: MainNav.Sheet.kindNames),
        Field(feature: "timeline", field: "path", primitive: "path", kinds: Timeline.Route.kindNames),
        Field(feature: "timeline", field: "sheet", primitive: "slot", kinds: Timeline.Sheet.kindNames),
        Field(feature: "memorydetail", field: "sheet", primitive: "slot", kinds: MemoryDetail.Sheet.kindNames),
        Field(feature: "capture", field: "sheet", primitive: "slot", kinds: Capture.Sheet.kindNames),
        Field(feature: "shared", field: "path", primitive: "path", kinds: Shared.Route.kindNames),
        Field(feature: "shared", field: "sheet", primitive: "slot", kinds: Shared.Sheet.kindNames),
    ]

    static let islands: [(feature: String, field: String, id: String)] = [
        ("memorydetail", "photoCarousel", "memorydetail.photo-carousel"),
        ("memorydetail", "videoPlayer", "memorydetail.video-player"),
        ("capture", "mediaCaptureChrome", "capture.media-capture-chrome"),
    ]
}
