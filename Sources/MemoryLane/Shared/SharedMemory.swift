import Foundation

/// A memory someone shared with the user.
public struct SharedMemory: Codable, Sendable, Equatable {
    public var id: UUID
    public var title: String
    public var ownerName: String
    /// Co-owners may edit; viewers may only look and reshare.
    public var canEdit: Bool
    public var isUnseen: Bool

    public init(id: UUID, title: String, ownerName: String, canEdit: Bool = false, isUnseen: Bool = true) {
        self.id = id
        self.title = title
        self.ownerName = ownerName
        self.canEdit = canEdit
        self.isUnseen = isUnseen
    }
}
