import CSQLite
import Foundation

/// A failure reported by SQLite, with the statement that caused it. Its description is in words
/// by cause — a full disk, a read-only folder, another process, damage — never SQLite's own text,
/// which `message` keeps for the code that handles it.
public struct DatabaseError: Error, Sendable, CustomStringConvertible {
    /// The SQLite result code (`SQLITE_BUSY`, `SQLITE_CONSTRAINT`, …).
    public var code: Int32
    public var message: String
    public var sql: String?
    /// The database file the connection had open.
    public var file: String?
    /// The error number of the system call that failed under SQLite (`ENOSPC`, `EROFS`), or what
    /// asking the file system found (`FileProblem.diagnose`); nil when no file was involved.
    public var systemError: Int32?

    public init(code: Int32, message: String, sql: String? = nil, file: String? = nil) {
        self.code = code; self.message = message; self.sql = sql; self.file = file
        if isFileTrouble, let file { systemError = FileProblem.diagnose(file) }
    }

    /// The connection's last error, with its file; a damage error is recorded beside the file.
    init(connection: OpaquePointer, sql: String?) {
        self.init(code: sqlite3_extended_errcode(connection), message: String(cString: sqlite3_errmsg(connection)), sql: sql)
        if let name = sqlite3_db_filename(connection, "main"), name.pointee != 0 { file = String(cString: name) }
        if isFileTrouble {
            // The file system's own state first: on a read-only mount SQLite's last errno can be an
            // ENOENT from a fallback it tried, which would send the user after a missing folder.
            let number = sqlite3_system_errno(connection)
            systemError = file.flatMap(FileProblem.diagnose) ?? (number != 0 ? number : nil)
        }
        guard isDamage else { return }
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

    /// True for a code that comes from the file system rather than from SQL: I/O, a full disk,
    /// a read-only or unopenable file, a permission.
    var isFileTrouble: Bool {
        [SQLITE_IOERR, SQLITE_FULL, SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_PERM].contains(code & 0xff)
    }

    /// True when the environment stopped the work (exit 3): another process, a full disk, a
    /// read-only folder, no permission, an I/O error, no memory — not the statement or the input.
    public var isEnvironment: Bool { isBusy || isFileTrouble || code & 0xff == SQLITE_NOMEM }

    public var description: String {
        let place = file.map { " (\($0))" } ?? ""
        if isDamage {
            // Inside its tree a verb rebuilds the corpus itself (`CorpusRecovery`); this is said where it cannot.
            let target = file ?? "corpus.db"
            return "the corpus is damaged\(place): \(message) — run `duet corpus check` to see what is affected; then move it "
                + "aside (mv \(target) \(target).damaged) and run any duet verb inside its tree, which rebuilds it from parity/"
        }
        if isBusy { return "another process is using the corpus\(place) — wait for it, or pick another with --corpus" }
        if code & 0xff == SQLITE_NOMEM { return "out of memory while using the corpus\(place) — close other programs and run again" }
        if isFileTrouble {
            let target = file ?? "the corpus"
            switch systemError ?? (code & 0xff == SQLITE_FULL ? ENOSPC : nil) {
            case ENOSPC?, EDQUOT?:
                return "the disk is full: the corpus \(target) cannot grow — free space on its disk and run again"
            case EROFS?:
                return "the folder is read-only: the corpus \(target) cannot be written, nor its -wal and -shm files beside it — "
                    + "run it where duet may write, or pick another corpus with --corpus"
            case EACCES?, EPERM?:
                return "permission denied: this user may not write the corpus \(target) or its folder — check the owner and permissions, or pick another with --corpus"
            case ENOENT?:
                return "the folder of the corpus \(target) does not exist — create it, or pick another corpus with --corpus"
            default:
                let cause = code & 0xff == SQLITE_CANTOPEN ? "cannot open the corpus \(target)" : "an input/output error on the corpus \(target)"
                return "\(cause)\(systemError.map { " (\(String(cString: strerror($0))))" } ?? "") — check the disk and the folder's permissions, then run again"
            }
        }
        // No cause a user can act on is left: the detail is for the bug report, said as such.
        return "the corpus refused an operation — this is a duet bug: run `duet corpus check`, and report it with the command "
            + "that caused it (for the report: SQLite \(code), \(message)\(sql.map { ", in: \($0.prefix(120))" } ?? ""))"
    }
}
