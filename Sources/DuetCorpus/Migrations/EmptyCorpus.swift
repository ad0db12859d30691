/// What a new corpus starts as: the schema the embedded migrations make, as one script, with the
/// migration ledger's rows. Running the 60-odd migrations one after another re-parses the schema
/// after every `ALTER TABLE` (~40 of the ~60 ms it took to open a new corpus); the script creates
/// each object once, in its final form.
///
/// The script is made from the migrations (`script(madeBy:)`), not written by hand: a test compares
/// the embedded one (`EmbeddedEmptyCorpus.swift`) with a fresh one, and the `fingerprint` of the
/// ledger it was made from keeps a stale script from being used — a migrator whose migrations
/// differ applies them one by one instead.
///
/// ```swift
/// let empty = EmptyCorpus.embedded
/// empty.isMade(from: Migration.embedded)   // true in a build whose EmbeddedEmptyCorpus.swift was regenerated
/// ```
struct EmptyCorpus: Sendable {
    /// `fingerprint(of:)` of the migrations the script was made from.
    let fingerprint: String
    /// The schema objects (all but the ledger table, which `Migrator` makes first) and the ledger's rows.
    let script: String

    func isMade(from migrations: [Migration]) -> Bool {
        !migrations.isEmpty && fingerprint == Self.fingerprint(of: migrations)
    }

    /// A content hash of the ledger rows the migrations write: version, file name and checksum each.
    static func fingerprint(of migrations: [Migration]) -> String {
        let rows = migrations.map { "\($0.version)\t\($0.fileName)\t\($0.checksum)\n" }.joined()
        return ContentHash(of: Array(rows.utf8)).hex
    }

    /// Migrates a private in-memory database one migration at a time and reads back its schema, in
    /// creation order, and its rows.
    static func script(madeBy migrator: Migrator) throws -> String {
        let db = try Database(path: ":memory:")
        try migrator.applyOneByOne(to: db)
        let objects = try db.rows("""
            SELECT type, name, sql FROM sqlite_schema
            WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY rowid
            """)
        var script = ""
        for object in objects where object[1].text != Migrator.ledgerTable {
            script += (object[2].text ?? "") + ";\n"
        }
        for object in objects where object[0].text == "table" {
            let table = "\"" + (object[1].text ?? "").replacingOccurrences(of: "\"", with: "\"\"") + "\""
            // A whole-table scan reads in key order (some tables have no rowid to order by).
            for row in try db.rows("SELECT * FROM \(table)") {
                script += "INSERT INTO \(table) VALUES(" + row.values.map(Corpus.literal).joined(separator: ",") + ");\n"
            }
        }
        return script
    }

    /// The Swift source of `EmbeddedEmptyCorpus.swift` for `migrator`'s migrations.
    static func generatedSource(madeBy migrator: Migrator) throws -> String {
        let script = try script(madeBy: migrator)
        precondition(!script.contains("\"\"\"####"), "a migration contains the string delimiter")
        return """
            // Generated from the embedded migrations by `tools/embed-migrations.sh`. Do not edit: re-run the script.

            extension EmptyCorpus {
                /// What `Migrator` makes a new corpus from while the migrations are the ones it was made from.
                static let embedded = EmptyCorpus(fingerprint: "\(fingerprint(of: migrator.migrations))", script: ####\"\"\"
            \(script)\"\"\"####)
            }

            """
    }
}
