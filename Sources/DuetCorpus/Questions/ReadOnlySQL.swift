import CSQLite

/// The result of one read-only statement: column names and rows.
public struct SQLResult: Sendable, Equatable {
    public var columns: [String]
    public var rows: [[SQLValue]]
}

/// A statement `query sql` will not run: it writes, attaches, changes pragmas, or is not exactly one statement.
public struct ReadOnlySQLRefusal: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String {
        message + " — `duet query sql` runs one read-only SELECT over the corpus views (census, kind_coverage, verbs, transitions, …)"
    }
}

extension Corpus {
    /// Runs one read-only statement on a separate read-only connection.
    ///
    /// ```swift
    /// let result = try corpus.readOnlyQuery("SELECT kind, fixtures FROM kind_coverage WHERE fixtures = ?", [.integer(0)])
    /// result.columns   // ["kind", "fixtures"]
    /// ```
    ///
    /// Refused: more than one statement, anything that is not read-only (`sqlite3_stmt_readonly`),
    /// ATTACH/DETACH and PRAGMA (an authorizer denies them while preparing).
    public func readOnlyQuery(_ sql: String, _ values: [SQLValue] = []) throws -> SQLResult {
        do {
            return try runReadOnly(sql, values)
        } catch let error as DatabaseError where error.code & 0xff == SQLITE_AUTH {
            throw ReadOnlySQLRefusal(message: "refused: \(error.message) (ATTACH, DETACH and PRAGMA are not allowed)")
        }
    }

    private func runReadOnly(_ sql: String, _ values: [SQLValue]) throws -> SQLResult {
        let reader = try Database(path: path, mode: .readOnly)
        sqlite3_set_authorizer(reader.handle, { _, action, _, _, _, _ in
            switch action {
            case SQLITE_ATTACH, SQLITE_DETACH, SQLITE_PRAGMA: return SQLITE_DENY
            default: return SQLITE_OK
            }
        }, nil)
        var handle: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        let utf8 = Array(sql.utf8CString)
        let code = utf8.withUnsafeBufferPointer { buffer in
            sqlite3_prepare_v2(reader.handle, buffer.baseAddress, Int32(buffer.count), &handle, &tail)
        }
        guard code == SQLITE_OK, let handle else {
            let message = String(cString: sqlite3_errmsg(reader.handle))
            sqlite3_finalize(handle)
            throw DatabaseError(code: code, message: message, sql: sql)
        }
        defer { sqlite3_finalize(handle) }
        let rest = tail.map { String(cString: $0) } ?? ""
        if !Self.isBlankSQL(rest) {
            throw ReadOnlySQLRefusal(message: "refused: more than one statement (remove everything after the first ';')")
        }
        guard sqlite3_stmt_readonly(handle) != 0 else {
            throw ReadOnlySQLRefusal(message: "refused: the statement would write")
        }
        // The checks passed on this exact text; prepare it again as a `Statement` to step and bind.
        let statement = try reader.prepare(sql)
        let columns = (0..<statement.columnCount).map { statement.columnName(at: $0) }
        var rows: [[SQLValue]] = []
        try statement.forEachRow(values) { rows.append($0.row.values) }
        return SQLResult(columns: columns, rows: rows)
    }

    /// True when `text` holds only whitespace, `;` and comments.
    static func isBlankSQL(_ text: String) -> Bool {
        var rest = Substring(text)
        while let first = rest.first {
            if first.isWhitespace || first == ";" { rest = rest.dropFirst(); continue }
            if rest.hasPrefix("--") { rest = rest.drop { $0 != "\n" }; continue }
            if rest.hasPrefix("/*") {
                guard let end = rest.range(of: "*/") else { return true }
                rest = rest[end.upperBound...]; continue
            }
            return false
        }
        return true
    }
}
