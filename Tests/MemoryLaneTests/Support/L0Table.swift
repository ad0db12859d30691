import Duet
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
        Field(feature: "rootnav", field: "phase", primitive: "stage", kinds: kinds(RootNav.Phase.self)),
        Field(feature: "mainnav", field: "activeTab", primitive: "tabs", kinds: kinds(MainNav.Tab.self)),
        Field(feature: "mainnav", field: "sheet", primitive: "slot", kinds: kinds(MainNav.Sheet.self)),
        Field(feature: "timeline", field: "path", primitive: "path", kinds: kinds(Timeline.Route.self)),
        Field(feature: "timeline", field: "sheet", primitive: "slot", kinds: kinds(Timeline.Sheet.self)),
        Field(feature: "memorydetail", field: "sheet", primitive: "slot", kinds: kinds(MemoryDetail.Sheet.self)),
        Field(feature: "capture", field: "sheet", primitive: "slot", kinds: kinds(Capture.Sheet.self)),
        Field(feature: "shared", field: "path", primitive: "path", kinds: kinds(Shared.Route.self)),
        Field(feature: "shared", field: "sheet", primitive: "slot", kinds: kinds(Shared.Sheet.self)),
    ]

    /// A kind list that cannot be derived shows up as this one entry, so the table's checks fail on it.
    private static func kinds<Kind: KindEnum>(_ kind: Kind.Type) -> [String] {
        do { return try Kind.kindNames } catch { return ["\(error)"] }
    }

    static let islands: [(feature: String, field: String, id: String)] = [
        ("memorydetail", "photoCarousel", "memorydetail.photo-carousel"),
        ("memorydetail", "videoPlayer", "memorydetail.video-player"),
        ("capture", "mediaCaptureChrome", "capture.media-capture-chrome"),
    ]
}
