import CSQLite
import Foundation

/// One SQLite connection: WAL, foreign keys on, a busy timeout, `synchronous=FULL`.
///
/// ```swift
/// let db = try Database(path: "corpus.db")
/// try db.transaction {
///     let insert = try db.cachedStatement("INSERT INTO notes(text) VALUES (?)")
///     try insert.execute([.text("hello")])
/// }
/// let rows = try db.rows("SELECT text FROM notes WHERE id > ?", [.integer(0)])
/// ```
///
/// Not `Sendable`: the statement cache and transaction depth belong to the thread using the
/// connection (SQLite's serialized mode would guard only its own state, not a transaction's span).
/// So the connection opens without SQLite's own mutex, which otherwise every `sqlite3_column_*`
/// call takes and releases.
final class Database {
    /// `immutable`: read-only, and SQLite told the file cannot change (no lock, no -shm, no WAL
    /// read) — true only of a file on a read-only file system with no WAL content beside it.
    enum Mode: Sendable { case readWrite, readOnly, immutable }

    /// Page size of new database files.
    static let pageSize = 16_384

    let handle: OpaquePointer
    let path: String
    private var statementCache: [String: Statement] = [:]
    private var transactionDepth = 0

    /// Opens (creating when `mode` is `.readWrite`) the database at `path`; `":memory:"` for a private in-memory one.
    /// Files go through `PageChecksums` (new files carry them); `pageChecksums: false` opens with SQLite's
    /// default VFS, for benchmarks that measure what the checksums cost. `configured: false` leaves the
    /// file as it is (no page size, journal mode or pragma that could write it) until `configure()`:
    /// what `CorpusFile` needs to look at a file before it knows the file is a corpus.
    init(path: String, mode: Mode = .readWrite, busyTimeoutMilliseconds: Int32 = Database.busyTimeoutMilliseconds, pageChecksums: Bool = true,
         configured: Bool = true) throws {
        var connection: OpaquePointer?
        let access = switch mode {
        case .readWrite: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .readOnly: SQLITE_OPEN_READONLY
        case .immutable: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
        }
        let checksummed = pageChecksums && path != ":memory:"
        let name = mode == .immutable ? Self.immutableURI(path) : path
        let code = sqlite3_open_v2(name, &connection, access | SQLITE_OPEN_NOMUTEX, checksummed ? ChecksumVFS.registeredName : nil)
        guard code == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            var failure = DatabaseError(code: code, message: "\(message): \(path)", file: path)
            if let connection, sqlite3_system_errno(connection) != 0 { failure.systemError = sqlite3_system_errno(connection) }
            sqlite3_close_v2(connection)
            throw failure
        }
        self.handle = connection
        self.path = path
        // Before any statement takes a lock: raw reads of this file keep their descriptor from now on.
        openFile = path == ":memory:" ? nil : UnlockingSafeReads.connectionOpened(path)
        self.mode = mode
        self.checksummed = checksummed
        sqlite3_extended_result_codes(connection, 1)
        sqlite3_busy_timeout(connection, busyTimeoutMilliseconds)
        busyTimeout = busyTimeoutMilliseconds
        if configured { try configure() }
    }

    private let mode: Mode
    private let checksummed: Bool
    private let openFile: UnlockingSafeReads.FileID?
    private let busyTimeout: Int32

    /// Page size, checksums and WAL for a new file; foreign keys, durability and reads for every connection.
    func configure() throws {
        if mode == .readWrite && path != ":memory:" {
            // Only takes effect on a new file (before WAL): ~1 KB snapshots pack densely into 16 KB pages.
            try execute(sql: "PRAGMA page_size=\(Self.pageSize)")
            if checksummed {
                // Also only on a new file: the reserved bytes at the end of each page hold its checksum.
                var reserve = PageChecksums.reservedBytes
                sqlite3_file_control(handle, "main", SQLITE_FCNTL_RESERVE_BYTES, &reserve)
            }
            try execute(sql: "PRAGMA journal_mode=WAL")
        }
        try execute(sql: "PRAGMA foreign_keys=ON; PRAGMA synchronous=FULL")
        // Reads map pages instead of copying them through read(): questions touch many pages.
        try execute(sql: "PRAGMA mmap_size=\(Self.mmapBytes)")
    }

    /// How long a connection waits for another writer's lock before it reports the corpus busy.
    static let busyTimeoutMilliseconds: Int32 = 5_000

    /// Runs `body` with another busy timeout (0: do not wait at all), then restores this connection's.
    func withBusyTimeout<T>(_ milliseconds: Int32, _ body: () throws -> T) rethrows -> T {
        sqlite3_busy_timeout(handle, milliseconds)
        defer { sqlite3_busy_timeout(handle, busyTimeout) }
        return try body()
    }

    /// `file:` URI of `path` with `immutable=1` (RFC 3986 escaping of what the path may hold).
    private static func immutableURI(_ path: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "/-._~")
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return "file:" + (absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute) + "?immutable=1"
    }

    /// Upper bound of the file mapped for reads (SQLite maps less when the file is smaller).
    static let mmapBytes = 1 << 30

    deinit {
        statementCache.removeAll()
        sqlite3_close_v2(handle)
        if let openFile { UnlockingSafeReads.connectionClosed(openFile) }
    }

    // MARK: - Running SQL

    /// When set, every SQL text this connection runs is appended (tests read the statements an
    /// operation runs, e.g. to check each one's query plan).
    var statementLog: [String]?

    /// Runs one or more statements without parameters (schema, pragmas, scripts).
    func execute(sql: String) throws {
        statementLog?.append(sql)
        var error: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &error)
        if code != SQLITE_OK {
            var failure = DatabaseError(connection: handle, sql: sql)
            if let error, failure.code != PageChecksums.mismatchCode { failure.message = String(cString: error) }
            sqlite3_free(error)
            throw failure
        }
    }

    /// Runs one statement with bound values (the statement is cached for reuse).
    func execute(_ sql: String, _ values: [SQLValue] = []) throws {
        try cachedStatement(sql).execute(values)
    }

    func rows(_ sql: String, _ values: [SQLValue] = []) throws -> [Row] {
        try cachedStatement(sql).rows(values)
    }

    func scalarInteger(_ sql: String, _ values: [SQLValue] = []) throws -> Int64? {
        try cachedStatement(sql).scalarInteger(values)
    }

    /// A fresh statement the caller owns.
    func prepare(_ sql: String) throws -> Statement {
        statementLog?.append(sql)
        return try Statement(connection: handle, sql: sql)
    }

    /// A statement kept by the connection and reused for the same SQL text.
    func cachedStatement(_ sql: String) throws -> Statement {
        if let statement = statementCache[sql] { return statement }
        let statement = try prepare(sql)
        statementCache[sql] = statement
        return statement
    }

    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
    var changes: Int { Int(sqlite3_changes(handle)) }

    // MARK: - Transactions

    /// Runs `body` in one transaction (`BEGIN IMMEDIATE`), committing on return and rolling back on a throw.
    /// Nested calls become savepoints.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        let depth = transactionDepth
        try execute(sql: depth == 0 ? "BEGIN IMMEDIATE" : "SAVEPOINT duet_\(depth)")
        transactionDepth += 1
        do {
            let result = try body()
            try execute(sql: depth == 0 ? "COMMIT" : "RELEASE duet_\(depth)")
            transactionDepth -= 1
            return result
        } catch {
            // Also when COMMIT itself failed (a full disk): SQLite may keep the transaction open.
            transactionDepth -= 1
            if depth == 0 {
                try? execute(sql: "ROLLBACK")
            } else {
                try? execute(sql: "ROLLBACK TO duet_\(depth); RELEASE duet_\(depth)")
            }
            throw error
        }
    }

    var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// The SQLite library version, e.g. `3.40.1`.
    static var sqliteVersion: String { String(cString: sqlite3_libversion()) }
}
