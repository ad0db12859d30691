import Foundation

/// One tile of a lane: enough to draw it and to open its detail.
public struct MemorySummary: Codable, Sendable, Equatable {
    public var id: UUID
    public var title: String
    public var takenAt: Date
    public var photoCount: Int
    /// The user's own reaction emoji; empty when none.
    public var reaction: String
    public var shareCount: Int

    public init(id: UUID, title: String, takenAt: Date, photoCount: Int = 1, reaction: String = "", shareCount: Int = 0) {
        self.id = id
        self.title = title
        self.takenAt = takenAt
        self.photoCount = photoCount
        self.reaction = reaction
        self.shareCount = shareCount
    }
}
