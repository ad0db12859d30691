/// One schema step, from `migrations/NNNN_name.sql`.
///
/// ```swift
/// let migration = Migration(fileName: "0001_core.sql", sql: "CREATE TABLE …")
/// migration.version    // 1
/// migration.checksum   // content hash of the SQL text, recorded when applied
/// ```
public struct Migration: Sendable, Equatable {
    public var version: Int
    /// `core` for `0001_core.sql`.
    public var name: String
    public var fileName: String
    public var sql: String

    public init(fileName: String, sql: String) {
        let stem = fileName.hasSuffix(".sql") ? String(fileName.dropLast(4)) : fileName
        let digits = stem.prefix { $0.isNumber }
        self.version = Int(digits) ?? 0
        self.name = stem.dropFirst(digits.count).drop { $0 == "_" }.description
        self.fileName = fileName
        self.sql = sql
    }

    public var checksum: String { ContentHash(of: Array(sql.utf8)).hex }
}
