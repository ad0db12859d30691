/// Why a corpus cannot be used with this binary's migrations, and what to do about it.
public struct MigrationRefusal: Error, Sendable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// An applied migration's SQL differs from the one this binary carries.
        case edited(version: Int)
        /// The database has a migration this binary does not know: it is newer.
        case newerThanBinary(version: Int)
        /// Migrations this binary carries are not applied yet.
        case pending(versions: [Int])
    }
    public var reason: Reason
    public var database: String
    public var message: String
    public var fix: String

    public var description: String { "\(database): \(message) — \(fix)" }
}
