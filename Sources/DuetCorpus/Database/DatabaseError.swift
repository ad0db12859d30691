import CSQLite

/// A failure reported by SQLite, with the statement that caused it.
public struct DatabaseError: Error, Sendable, CustomStringConvertible {
    /// The SQLite result code (`SQLITE_BUSY`, `SQLITE_CONSTRAINT`, …).
    public var code: Int32
    public var message: String
    public var sql: String?
    /// The database file, when the error is about the file itself (damage).
    public var file: String?

    public init(code: Int32, message: String, sql: String? = nil, file: String? = nil) {
        self.code = code; self.message = message; self.sql = sql; self.file = file
    }

    /// The connection's last error; a damage error also names the file.
    init(connection: OpaquePointer, sql: String?) {
        self.init(code: sqlite3_extended_errcode(connection), message: String(cString: sqlite3_errmsg(connection)), sql: sql)
        guard isDamage else { return }
        if let name = sqlite3_db_filename(connection, "main") { file = String(cString: name) }
        if code == PageChecksums.mismatchCode {
            var handle: UnsafeMutablePointer<sqlite3_file>?
            let place = sqlite3_file_control(connection, "main", SQLITE_FCNTL_FILE_POINTER, &handle) == SQLITE_OK
                ? handle.flatMap(ChecksumVFS.lastMismatch) : nil
            message = "\(place ?? "a page") does not match its checksum: its bytes changed after duet wrote them"
        }
        if let file { DamageRecord.note(message, file: file) }
    }

    /// True when another process holds the database (exit code 3 territory for the CLI).
    public var isBusy: Bool { code & 0xff == SQLITE_BUSY || code & 0xff == SQLITE_LOCKED }

    /// True when the file's bytes are damaged: SQLite found a malformed page or header, or a page
    /// failed its checksum (`PageChecksums`).
    public var isDamage: Bool {
        code & 0xff == SQLITE_CORRUPT || code & 0xff == SQLITE_NOTADB || code == PageChecksums.mismatchCode
    }

    public var description: String {
        if isDamage {
            return "the corpus is damaged\(file.map { " (\($0))" } ?? ""): \(message) — run `duet corpus check` to see what is affected; "
                + "rebuild it with `duet corpus load --discard-local` (the fixtures of record are in parity/; its run history goes)"
        }
        var text = "SQLite error \(code): \(message)"
        if let sql { text += " (in: \(sql.prefix(120)))" }
        if isBusy { text += " — another process is using the corpus; wait for it or pick another with --corpus" }
        return text
    }
}
