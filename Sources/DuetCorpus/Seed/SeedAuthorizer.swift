import CSQLite

/// What a seed may do while it loads, enforced by SQLite's authorizer as each statement is
/// prepared: only what `duet corpus dump` writes — `PRAGMA foreign_keys`, `BEGIN`/`COMMIT`,
/// `CREATE TABLE`/`INDEX`/`VIEW` of the corpus's own objects, `INSERT` into its own tables, and
/// the functions its schema uses (plus `char()`, which the dump writes for line breaks).
/// Anything else (ATTACH, DELETE, DROP, UPDATE, triggers, virtual tables, other pragmas, a table
/// no migration creates) is refused before it runs.
///
/// ```swift
/// let authorizer = try SeedAuthorizer(migrator: Migrator())
/// try authorizer.guarding(db) { try db.execute(sql: dumpText) }   // SQLITE_AUTH on anything else
/// authorizer.lastRefusal                                           // "ATTACH is not allowed in a seed"
/// ```
final class SeedAuthorizer {
    /// The corpus's own objects: every table, index and view any of the migrations creates.
    let tables: Set<String>, indexes: Set<String>, views: Set<String>
    let functions: Set<String>
    /// What the last denial refused, for the error message; `forget()` clears it.
    private(set) var lastRefusal: String?

    /// The statements a dump holds start with these words (VACUUM, for one, has no authorizer action).
    static let statementKinds: Set<String> = ["PRAGMA", "BEGIN", "CREATE", "INSERT", "COMMIT", "END"]

    /// The allowed objects are read off `migrator`'s migrations, applied to a scratch in-memory database.
    init(migrator: Migrator) throws {
        let recorder = SchemaRecorder()
        let scratch = try Database(path: ":memory:")
        try recorder.recording(scratch) { _ = try migrator.applyPending(to: scratch) }
        tables = recorder.tables
        indexes = recorder.indexes
        views = recorder.views
        functions = recorder.functions.union(["char"]).subtracting(Self.sqliteInternalFunctions)
    }

    /// Functions the recorder sees only because SQLite's own statements use them (`ALTER TABLE …
    /// ADD COLUMN` rewrites the schema with `printf` and `substr`): no dump writes them, and
    /// `printf('%.*c', 900000000, 'x')` would build a value of any size.
    static let sqliteInternalFunctions: Set<String> = ["printf", "format", "substr", "substring"]

    func forget() { lastRefusal = nil }

    /// Why `statement` (the text of one prepared statement) is refused by its kind, or nil.
    static func kindRefusal(_ statement: String) -> String? {
        let word = SQLText.droppingLeadingBlanks(Substring(statement)).prefix { $0.isLetter }.uppercased()
        return statementKinds.contains(word) ? nil : "\(word.isEmpty ? "this statement" : word) is not allowed in a seed"
    }

    /// Runs `body` with the authorizer installed on `db`.
    func guarding<T>(_ db: Database, _ body: () throws -> T) rethrows -> T {
        sqlite3_set_authorizer(db.handle, { context, action, first, second, database, _ in
            let authorizer = Unmanaged<SeedAuthorizer>.fromOpaque(context!).takeUnretainedValue()
            return authorizer.decide(action, first.map { String(cString: $0) }, second.map { String(cString: $0) },
                                     database.map { String(cString: $0) })
        }, Unmanaged.passUnretained(self).toOpaque())
        defer { sqlite3_set_authorizer(db.handle, nil, nil) }
        return try withExtendedLifetime(self) { try body() }
    }

    private func decide(_ action: Int32, _ first: String?, _ second: String?, _ database: String?) -> Int32 {
        if let refusal = refusal(action, first ?? "", second ?? "", database ?? "main") {
            lastRefusal = refusal
            return SQLITE_DENY
        }
        return SQLITE_OK
    }

    /// Why `action` is not allowed, or nil when it is.
    private func refusal(_ action: Int32, _ first: String, _ second: String, _ database: String) -> String? {
        guard database == "main" else { return "a statement on database \(database) is not allowed in a seed" }
        switch action {
        case SQLITE_PRAGMA:
            return first.lowercased() == "foreign_keys" ? nil : "PRAGMA \(first) is not allowed in a seed"
        case SQLITE_TRANSACTION:
            return nil
        case SQLITE_CREATE_TABLE:
            return tables.contains(first) ? nil : "CREATE TABLE \(first): not a table of the corpus"
        case SQLITE_CREATE_INDEX:
            return indexes.contains(first) && tables.contains(second) ? nil : "CREATE INDEX \(first) ON \(second): not an index of the corpus"
        case SQLITE_REINDEX:
            // Creating an index fills it.
            return indexes.contains(first) ? nil : "REINDEX \(first) is not allowed in a seed"
        case SQLITE_CREATE_VIEW:
            return views.contains(first) ? nil : "CREATE VIEW \(first): not a view of the corpus"
        case SQLITE_INSERT:
            // Creating a table or index records it in the schema table.
            return tables.contains(first) || Self.schemaTables.contains(first) ? nil : "INSERT INTO \(first): not a table of the corpus"
        case SQLITE_UPDATE:
            // So does finishing a CREATE; SQLite itself refuses a seed's own UPDATE of the schema table.
            return Self.schemaTables.contains(first) ? nil : "UPDATE \(first) is not allowed in a seed"
        case SQLITE_READ:
            // Views and CHECK constraints name columns of the corpus's own tables.
            return tables.contains(first) || views.contains(first) || Self.schemaTables.contains(first) ? nil : "reading \(first) is not allowed in a seed"
        case SQLITE_FUNCTION:
            return functions.contains(second.lowercased()) ? nil : "the function \(second)() is not allowed in a seed"
        case SQLITE_SELECT:
            return nil
        default:
            return "\(Self.describe(action, first)) is not allowed in a seed"
        }
    }

    static let schemaTables: Set<String> = ["sqlite_master", "sqlite_schema"]

    private static func describe(_ action: Int32, _ name: String) -> String {
        switch action {
        case SQLITE_ATTACH: return "ATTACH \(name)"
        case SQLITE_DETACH: return "DETACH \(name)"
        case SQLITE_DELETE: return "DELETE FROM \(name)"
        case SQLITE_DROP_TABLE, SQLITE_DROP_TEMP_TABLE: return "DROP TABLE \(name)"
        case SQLITE_DROP_INDEX, SQLITE_DROP_TEMP_INDEX: return "DROP INDEX \(name)"
        case SQLITE_DROP_VIEW, SQLITE_DROP_TEMP_VIEW: return "DROP VIEW \(name)"
        case SQLITE_CREATE_TRIGGER, SQLITE_CREATE_TEMP_TRIGGER: return "CREATE TRIGGER \(name)"
        case SQLITE_DROP_TRIGGER, SQLITE_DROP_TEMP_TRIGGER: return "DROP TRIGGER \(name)"
        case SQLITE_CREATE_TEMP_TABLE, SQLITE_CREATE_TEMP_INDEX, SQLITE_CREATE_TEMP_VIEW: return "CREATE TEMP \(name)"
        case SQLITE_CREATE_VTABLE: return "CREATE VIRTUAL TABLE \(name)"
        case SQLITE_DROP_VTABLE: return "DROP VIRTUAL TABLE \(name)"
        case SQLITE_ALTER_TABLE: return "ALTER TABLE"
        case SQLITE_ANALYZE: return "ANALYZE"
        case SQLITE_SAVEPOINT: return "SAVEPOINT"
        case SQLITE_RECURSIVE: return "a recursive query"
        default: return "statement kind \(action)"
        }
    }
}

/// Records the objects and functions statements create or use, through the authorizer (it sees
/// every name as SQLite resolves it, so nothing is parsed twice).
private final class SchemaRecorder {
    var tables: Set<String> = [], indexes: Set<String> = [], views: Set<String> = [], functions: Set<String> = []

    func recording(_ db: Database, _ body: () throws -> Void) throws {
        sqlite3_set_authorizer(db.handle, { context, action, first, second, _, _ in
            let recorder = Unmanaged<SchemaRecorder>.fromOpaque(context!).takeUnretainedValue()
            let name = first.map { String(cString: $0) } ?? ""
            switch action {
            case SQLITE_CREATE_TABLE: recorder.tables.insert(name)
            case SQLITE_CREATE_INDEX: recorder.indexes.insert(name)
            case SQLITE_CREATE_VIEW: recorder.views.insert(name)
            case SQLITE_FUNCTION: recorder.functions.insert((second.map { String(cString: $0) } ?? "").lowercased())
            default: break
            }
            return SQLITE_OK
        }, Unmanaged.passUnretained(self).toOpaque())
        defer { sqlite3_set_authorizer(db.handle, nil, nil) }
        try withExtendedLifetime(self) { try body() }
    }
}
