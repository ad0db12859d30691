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
    /// Runs one read-only statement on a separate read-only connection, within `limits`.
    ///
    /// ```swift
    /// let result = try corpus.readOnlyQuery("SELECT kind, fixtures FROM kind_coverage WHERE fixtures = ?", [.integer(0)])
    /// result.columns   // ["kind", "fixtures"]
    /// ```
    ///
    /// Refused (`ReadOnlySQLRefusal`): more than one statement (trailing `;` and comments are fine),
    /// anything that is not read-only (`sqlite3_stmt_readonly`), ATTACH/DETACH and PRAGMA (an
    /// authorizer denies them while preparing). Stopped (`ReadOnlyQueryLimitReached`): a statement
    /// that runs past `limits.timeout` or whose result outgrows `limits.maximumRows`/`maximumBytes`.
    public func readOnlyQuery(_ sql: String, _ values: [SQLValue] = [], limits: ReadOnlyQueryLimits = .default) throws -> SQLResult {
        do {
            return try runReadOnly(sql, values, limits: limits)
        } catch let error as DatabaseError where error.code & 0xff == SQLITE_AUTH {
            if Self.isTransactionControl(sql) {
                throw ReadOnlySQLRefusal(message: "refused: BEGIN, COMMIT, ROLLBACK, SAVEPOINT and RELEASE — query sql runs one read statement, on its own")
            }
            throw ReadOnlySQLRefusal(message: "refused: \(error.message) (ATTACH, DETACH and PRAGMA are not allowed)")
        }
    }

    private func runReadOnly(_ sql: String, _ values: [SQLValue], limits: ReadOnlyQueryLimits) throws -> SQLResult {
        let reader = try Database(path: path, mode: CorpusFile.cannotChange(path) ? .immutable : .readOnly)
        sqlite3_set_authorizer(reader.handle, { _, action, _, _, _, _ in
            switch action {
            // A transaction would outlive the statement: `query sql` runs one read statement.
            case SQLITE_ATTACH, SQLITE_DETACH, SQLITE_PRAGMA, SQLITE_TRANSACTION, SQLITE_SAVEPOINT: return SQLITE_DENY
            default: return SQLITE_OK
            }
        }, nil)
        // One value larger than the byte cap fails inside SQLite (SQLITE_TOOBIG) instead of being built.
        sqlite3_limit(reader.handle, SQLITE_LIMIT_LENGTH, Int32(clamping: max(1, limits.maximumBytes)))
        guard let (statement, rest) = try Statement.first(of: sql, connection: reader.handle) else {
            throw ReadOnlySQLRefusal(message: "refused: no statement (only blanks or comments)")
        }
        if !Self.isBlankSQL(rest) {
            throw ReadOnlySQLRefusal(message: "refused: more than one statement (remove everything after the first ';')")
        }
        guard sqlite3_stmt_readonly(statement.handle) != 0 else {
            throw ReadOnlySQLRefusal(message: "refused: the statement would write")
        }
        let columns = (0..<statement.columnCount).map { statement.columnName(at: $0) }
        var rows: [[SQLValue]] = []
        var bytes = 0
        let deadline = QueryDeadline(seconds: limits.timeout)
        do {
            try deadline.watch(reader.handle) {
                try statement.forEachRow(values) { row in
                    let values = row.row.values
                    bytes += values.reduce(0) { $0 + $1.storageSize }
                    guard rows.count < limits.maximumRows else { throw ReadOnlyQueryLimitReached(limit: .rows(limits.maximumRows)) }
                    guard bytes <= limits.maximumBytes else { throw ReadOnlyQueryLimitReached(limit: .bytes(limits.maximumBytes)) }
                    rows.append(values)
                }
            }
        } catch let error as DatabaseError where error.code & 0xff == SQLITE_INTERRUPT && deadline.expired {
            throw ReadOnlyQueryLimitReached(limit: .timeout(limits.timeout))
        } catch let error as DatabaseError where error.code & 0xff == SQLITE_TOOBIG {
            throw ReadOnlyQueryLimitReached(limit: .bytes(limits.maximumBytes))
        }
        return SQLResult(columns: columns, rows: rows)
    }

    /// True when the statement's first word starts or ends a transaction or a savepoint.
    static func isTransactionControl(_ sql: String) -> Bool {
        let word = SQLText.droppingLeadingBlanks(Substring(sql)).prefix { $0.isLetter }.uppercased()
        return ["BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE"].contains(word)
    }

    /// True when `text` holds only whitespace, `;` and comments.
    static func isBlankSQL(_ text: String) -> Bool {
        SQLText.droppingLeadingBlanks(Substring(text), semicolons: true).isEmpty
    }
}

extension SQLValue {
    /// Bytes a value holds, for the result cap.
    var storageSize: Int {
        switch self {
        case .null: return 1
        case .integer, .real: return 8
        case .text(let text): return text.utf8.count
        case .blob(let bytes): return bytes.count
        }
    }
}
