import Duet
import Foundation

/// The memory being put together; every id and date in it came in through an action.
public struct CaptureDraft: Codable, Sendable, Equatable {
    public var title = ""
    public var photoIds: [UUID] = []
    public var videoIds: [UUID] = []
    public var voiceNoteIds: [UUID] = []
    public var placeName = ""
    public var friendIds: [UUID] = []
    /// When the memory happened; absent means "when it is saved".
    public var happenedAt: Date?
    public init() {}

    var hasMedia: Bool { !photoIds.isEmpty || !videoIds.isEmpty || !voiceNoteIds.isEmpty }
}

/// The camera and recorder chrome is native and persists nothing: an empty boundary.
public struct MediaCaptureChromeSummary: IslandBoundary, Equatable {
    public static let islandID = "capture.media-capture-chrome"
    public init() {}
}
