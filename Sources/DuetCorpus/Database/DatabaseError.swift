import CSQLite

/// A failure reported by SQLite, with the statement that caused it.
public struct DatabaseError: Error, Sendable, CustomStringConvertible {
    /// The SQLite result code (`SQLITE_BUSY`, `SQLITE_CONSTRAINT`, …).
    public var code: Int32
    public var message: String
    public var sql: String?

    public init(code: Int32, message: String, sql: String? = nil) {
        self.code = code; self.message = message; self.sql = sql
    }

    /// True when another process holds the database (exit code 3 territory for the CLI).
    public var isBusy: Bool { code & 0xff == SQLITE_BUSY || code & 0xff == SQLITE_LOCKED }

    public var description: String {
        var text = "SQLite error \(code): \(message)"
        if let sql { text += " (in: \(sql.prefix(120)))" }
        if isBusy { text += " — another process is using the corpus; wait for it or pick another with --corpus" }
        return text
    }
}
