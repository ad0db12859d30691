import CSQLite

/// A prepared SQLite statement, reusable: `execute`/`rows` reset it and bind fresh values.
///
/// ```swift
/// let insert = try db.cachedStatement("INSERT INTO blobs(hash, bytes) VALUES (?, ?)")
/// for (hash, bytes) in items { try insert.execute([.blob(hash), .blob(bytes)]) }
/// let count = try db.cachedStatement("SELECT count(*) FROM blobs").scalarInteger()
/// ```
///
/// Use from one thread at a time (the owning `Database` serializes SQLite calls).
final class Statement {
    let handle: OpaquePointer
    let connection: OpaquePointer
    let sql: String

    convenience init(connection: OpaquePointer, sql: String) throws {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(connection, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else {
            throw DatabaseError(connection: connection, sql: sql)
        }
        self.init(handle: statement, connection: connection, sql: sql)
    }

    private init(handle: OpaquePointer, connection: OpaquePointer, sql: String) {
        self.handle = handle
        self.connection = connection
        self.sql = sql
    }

    /// Prepares the first statement of `sql` and returns the text after it (SQLite stops at the
    /// first complete statement); nil when `sql` holds no statement, only blanks and comments.
    static func first(of sql: String, connection: OpaquePointer) throws -> (statement: Statement, rest: String)? {
        let utf8 = Array(sql.utf8) + [0]
        var prepared: OpaquePointer?
        var restOffset = 0
        // The tail pointer is only valid inside the closure: turn it into an offset there.
        let code = utf8.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars -> Int32 in
                var tail: UnsafePointer<CChar>?
                let code = sqlite3_prepare_v2(connection, chars.baseAddress, Int32(chars.count), &prepared, &tail)
                restOffset = tail.map { $0 - chars.baseAddress! } ?? chars.count - 1
                return code
            }
        }
        guard code == SQLITE_OK else {
            let error = DatabaseError(connection: connection, sql: sql)
            sqlite3_finalize(prepared)
            throw error
        }
        guard let prepared else { return nil }
        let end = utf8.count - 1, split = min(restOffset, end)
        let statement = Statement(handle: prepared, connection: connection, sql: String(decoding: utf8[..<split], as: UTF8.self))
        return (statement, String(decoding: utf8[split..<end], as: UTF8.self))
    }

    deinit { sqlite3_finalize(handle) }

    // MARK: - Binding (1-based indexes, as in SQLite)

    /// Resets the statement and clears earlier bindings; call before binding by index.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    func bind(_ values: [SQLValue]) throws {
        reset()
        for (offset, value) in values.enumerated() { try bind(value, at: Int32(offset + 1)) }
    }

    func bind(_ value: SQLValue, at index: Int32) throws {
        switch value {
        case .null: try check(sqlite3_bind_null(handle, index))
        case .integer(let v): try bind(v, at: index)
        case .real(let v): try check(sqlite3_bind_double(handle, index, v))
        case .text(let v): try bind(v, at: index)
        case .blob(let v): try bind(v, at: index)
        }
    }

    func bind(_ value: Int64, at index: Int32) throws { try check(sqlite3_bind_int64(handle, index, value)) }
    func bind(_ value: Int, at index: Int32) throws { try bind(Int64(value), at: index) }
    func bindNull(at index: Int32) throws { try check(sqlite3_bind_null(handle, index)) }

    func bind(_ value: String?, at index: Int32) throws {
        guard let value else { return try bindNull(at: index) }
        // An empty string still needs a non-null pointer to stay '' rather than NULL.
        if value.isEmpty { return try check(sqlite3_bind_text(handle, index, "", 0, sqliteTransient)) }
        var text = value
        let code = text.withUTF8 { utf8 in
            UnsafeRawBufferPointer(utf8).withMemoryRebound(to: CChar.self) { chars in
                sqlite3_bind_text(handle, index, chars.baseAddress, Int32(chars.count), sqliteTransient)
            }
        }
        try check(code)
    }

    func bind(_ bytes: [UInt8]?, at index: Int32) throws {
        guard let bytes else { return try bindNull(at: index) }
        let code = bytes.withUnsafeBytes { raw in
            // A zero-length blob still needs a non-null pointer to stay a blob, not NULL.
            sqlite3_bind_blob(handle, index, raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(raw.count), sqliteTransient)
        }
        try check(code)
    }

    /// Binds bytes the caller holds (SQLite copies them).
    func bind(bytes raw: UnsafeRawBufferPointer, at index: Int32) throws {
        try check(sqlite3_bind_blob(handle, index, raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(raw.count), sqliteTransient))
    }

    /// Binds bytes without copying them: they must stay valid until the statement is reset.
    func bindWithoutCopy(bytes raw: UnsafeRawBufferPointer, at index: Int32) throws {
        try check(sqlite3_bind_blob(handle, index, raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(raw.count), nil))
    }

    // MARK: - Stepping

    /// Advances; true when a row is available.
    @discardableResult
    func step() throws -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = DatabaseError(connection: connection, sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Runs what was bound by index to completion, then resets (bindings are cleared by the next `reset`).
    func run() throws {
        while try step() {}
        sqlite3_reset(handle)
    }

    /// Binds, runs to completion, resets.
    func execute(_ values: [SQLValue] = []) throws {
        try bind(values)
        while try step() {}
        sqlite3_reset(handle)
    }

    /// Binds, calls `body` per row, resets.
    func forEachRow(_ values: [SQLValue] = [], _ body: (Statement) throws -> Void) throws {
        try bind(values)
        defer { sqlite3_reset(handle) }
        while try step() { try body(self) }
    }

    func rows(_ values: [SQLValue] = []) throws -> [Row] {
        var result: [Row] = []
        try forEachRow(values) { result.append($0.row) }
        return result
    }

    /// The first column of the first row, or nil when there is no row or it is NULL.
    func scalarInteger(_ values: [SQLValue] = []) throws -> Int64? {
        try bind(values)
        defer { sqlite3_reset(handle) }
        guard try step(), !isNull(at: 0) else { return nil }
        return int64(at: 0)
    }

    // MARK: - Columns (0-based, as in SQLite)

    var columnCount: Int32 { sqlite3_column_count(handle) }
    func columnName(at index: Int32) -> String { String(cString: sqlite3_column_name(handle, index)) }
    func isNull(at index: Int32) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }
    func int64(at index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }
    func int(at index: Int32) -> Int { Int(sqlite3_column_int64(handle, index)) }

    func text(at index: Int32) -> String? {
        guard let pointer = sqlite3_column_text(handle, index) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    /// The column's text bytes, without making a `String` (valid only inside `body`).
    func withTextBytes<R>(at index: Int32, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let count = Int(sqlite3_column_bytes(handle, index))
        guard let pointer = sqlite3_column_text(handle, index) else { return try body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        return try body(UnsafeRawBufferPointer(start: pointer, count: count))
    }

    func blob(at index: Int32) -> [UInt8]? {
        if isNull(at: index) { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        guard count > 0, let pointer = sqlite3_column_blob(handle, index) else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }

    func value(at index: Int32) -> SQLValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: return .integer(int64(at: index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT: return .text(text(at: index) ?? "")
        case SQLITE_BLOB: return .blob(blob(at: index) ?? [])
        default: return .null
        }
    }

    /// The current row as values.
    var row: Row { Row(values: (0..<columnCount).map { value(at: $0) }) }

    private func check(_ code: Int32) throws {
        guard code == SQLITE_OK else {
            throw DatabaseError(code: code, message: String(cString: sqlite3_errmsg(connection)), sql: sql)
        }
    }
}

/// One result row, columns by 0-based index.
public struct Row: Sendable, Equatable {
    public var values: [SQLValue]
    public subscript(index: Int) -> SQLValue { values[index] }
}

let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
