import Foundation

/// A person the user shares memories with.
public struct Friend: Codable, Sendable, Equatable {
    public var id: UUID
    public var name: String

    public init(id: UUID, name: String) {
        self.id = id
        self.name = name
    }
}
