import CSQLite

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
final class Database {
    enum Mode: Sendable { case readWrite, readOnly }

    /// Page size of new database files.
    static let pageSize = 16_384

    let handle: OpaquePointer
    let path: String
    private var statementCache: [String: Statement] = [:]
    private var transactionDepth = 0

    /// Opens (creating when `mode` is `.readWrite`) the database at `path`; `":memory:"` for a private in-memory one.
    /// Files go through `PageChecksums` (new files carry them); `pageChecksums: false` opens with SQLite's
    /// default VFS, for benchmarks that measure what the checksums cost.
    init(path: String, mode: Mode = .readWrite, busyTimeoutMilliseconds: Int32 = 5_000, pageChecksums: Bool = true) throws {
        var connection: OpaquePointer?
        let flags = (mode == .readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_FULLMUTEX
        let checksummed = pageChecksums && path != ":memory:"
        let code = sqlite3_open_v2(path, &connection, flags, checksummed ? ChecksumVFS.registeredName : nil)
        guard code == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            var failure = DatabaseError(code: code, message: "\(message): \(path)", file: path)
            if let connection, sqlite3_system_errno(connection) != 0 { failure.systemError = sqlite3_system_errno(connection) }
            sqlite3_close_v2(connection)
            throw failure
        }
        self.handle = connection
        self.path = path
        sqlite3_extended_result_codes(connection, 1)
        sqlite3_busy_timeout(connection, busyTimeoutMilliseconds)
        if mode == .readWrite && path != ":memory:" {
            // Only takes effect on a new file (before WAL): ~1 KB snapshots pack densely into 16 KB pages.
            try execute(sql: "PRAGMA page_size=\(Self.pageSize)")
            if checksummed {
                // Also only on a new file: the reserved bytes at the end of each page hold its checksum.
                var reserve = PageChecksums.reservedBytes
                sqlite3_file_control(connection, "main", SQLITE_FCNTL_RESERVE_BYTES, &reserve)
            }
            try execute(sql: "PRAGMA journal_mode=WAL")
        }
        try execute(sql: "PRAGMA foreign_keys=ON; PRAGMA synchronous=FULL")
        // Reads map pages instead of copying them through read(): questions touch many pages.
        try execute(sql: "PRAGMA mmap_size=\(Self.mmapBytes)")
    }

    /// Upper bound of the file mapped for reads (SQLite maps less when the file is smaller).
    static let mmapBytes = 1 << 30

    deinit {
        statementCache.removeAll()
        sqlite3_close_v2(handle)
    }

    // MARK: - Running SQL

    /// Runs one or more statements without parameters (schema, pragmas, scripts).
    func execute(sql: String) throws {
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
        try Statement(connection: handle, sql: sql)
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
