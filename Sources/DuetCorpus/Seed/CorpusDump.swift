import Foundation

extension Corpus {
    /// Writes a deterministic plain-text SQL dump: the schema in creation order, then every row of
    /// every table ordered by primary key. Canonical JSON blobs are written as text so diffs are
    /// reviewable; nothing time-dependent or local is included (the seed and tree bookkeeping in `corpus_meta` and
    /// `tree_files` are left out).
    ///
    /// ```swift
    /// var text = ""
    /// try corpus.dump { text += $0 }
    /// try corpus.dumpText() == text   // same bytes on every run
    /// ```
    public func dump(_ write: (String) throws -> Void) throws {
        // Blobs a targeted sweep left behind would make two equal corpora dump differently.
        try collectDeferredGarbage()
        try write("-- duet corpus dump: load with `duet corpus load FILE`\n")
        try write("PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\n")
        let objects = try database.rows("""
            SELECT type, name, sql FROM sqlite_schema
            WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY rowid
            """)
        for object in objects { try write((object[2].text ?? "") + ";\n") }
        for object in objects where object[0].text == "table" {
            let table = object[1].text ?? ""
            guard !Self.localTables.contains(table) else { continue }
            let filter = table == "corpus_meta" ? " WHERE key NOT LIKE 'seed.%' AND key NOT LIKE 'tree.%' AND key NOT LIKE 'local.%'" : ""
            let select = try database.prepare("SELECT * FROM \(quoted(table))\(filter) ORDER BY \(try orderColumns(of: table))")
            let prefix = "INSERT INTO \(quoted(table)) VALUES("
            var buffer = ""
            try select.forEachRow { row in
                buffer += prefix
                for column in 0..<row.columnCount {
                    if column > 0 { buffer += "," }
                    buffer += Self.literal(row.value(at: column))
                }
                buffer += ");\n"
                if buffer.utf8.count > 1 << 20 { try write(buffer); buffer = "" }
            }
            try write(buffer)
        }
        try write("COMMIT;\n")
    }

    /// Tables whose rows describe one checkout, not the corpus (what the last tree sync saw, the index
    /// of its git-ignored pending files, the test cache, the runner builds met, lint and census
    /// results): a dump leaves their rows out, so it is the same from every clone.
    static let localTables: Set<String> = ["tree_files", "pending_recordings", "fixture_passes", "runner_builds", "check_results"]

    /// The whole dump as one string (small corpora, tests).
    public func dumpText() throws -> String {
        var text = ""
        try dump { text += $0 }
        return text
    }

    private func orderColumns(of table: String) throws -> String {
        let info = try database.rows("SELECT name, pk FROM pragma_table_info(?) ORDER BY cid", [.text(table)])
        let keys = info.filter { ($0[1].integer ?? 0) > 0 }.sorted { ($0[1].integer ?? 0) < ($1[1].integer ?? 0) }
        let columns = (keys.isEmpty ? info : keys).map { quoted($0[0].text ?? "") }
        return columns.joined(separator: ", ")
    }

    private func quoted(_ identifier: String) -> String { "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    /// An SQL literal; text with line breaks is joined with char(10)/char(13) so each row stays on one line.
    static func literal(_ value: SQLValue) -> String {
        switch value {
        case .null: return "NULL"
        case .integer(let v): return String(v)
        case .real(let v): return String(format: "%.17g", v)
        case .text(let v): return textLiteral(v)
        case .blob(let bytes):
            if let text = String(validating: bytes, as: UTF8.self), !text.isEmpty,
               !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                return "CAST(\(textLiteral(text)) AS BLOB)"
            }
            return "X'" + bytes.map { String(format: "%02x", $0) }.joined() + "'"
        }
    }

    private static func textLiteral(_ text: String) -> String {
        var parts: [String] = []
        var current = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                parts.append("'" + current.replacingOccurrences(of: "'", with: "''") + "'")
                parts.append("char(\(scalar.value))")
                current = ""
            } else {
                current.unicodeScalars.append(scalar)
            }
        }
        parts.append("'" + current.replacingOccurrences(of: "'", with: "''") + "'")
        return parts.count == 1 ? parts[0] : "(" + parts.joined(separator: "||") + ")"
    }
}
