import XCTest
import Duet
@testable import DuetCorpus

/// `duet import DIR` costs the same per step at any size: no statement it runs scans a table that
/// grows with the corpus. Every SQL text the import (new files, then replacements, then the sync
/// that follows) prepares is asked for its query plan.
final class ImportQueryPlanTests: XCTestCase {
    private var root: URL!
    override func setUpWithError() throws { root = try makeTemporaryDirectory("import-plans") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: root) }

    /// Tables that do not grow with the fixtures (features' structures, milestones, what is pending,
    /// the schema): reading one whole costs the same at 10k and 1M steps.
    private let bounded: Set<String> = ["structure_fields", "feature_structures", "schema_migrations", "milestones",
                                        "pending_recordings", "sqlite_schema"]

    private func writeFixtures(_ count: Int, generation: Int, to folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for index in 0..<count {
            let fixture = try navigationFixture(name: "f\(index)", steps: [
                (#"{"case":"open"}"#, #"{"count":\#(index),"path":[],"title":"g\#(generation)"}"#),
                (#"{"case":"close"}"#, #"{"count":\#(index + generation),"path":[],"title":"t"}"#),
            ])
            try Data(fixture.document.prettyBytes).write(to: folder.appendingPathComponent("f\(index).fixture.json"))
        }
    }

    /// The plan lines of `sql` that scan a table.
    private func scans(_ sql: String, in corpus: Corpus) throws -> [String] {
        let trimmed = sql.trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
        guard ["SELECT", "INSERT", "UPDATE", "DELETE", "WITH", "REPLACE"].contains(where: trimmed.hasPrefix) else { return [] }
        // One count per operation (never per file) to decide whether to sweep or to compare names.
        if trimmed.hasPrefix("SELECT COUNT(*) FROM") && !trimmed.contains("WHERE") { return [] }
        let aliases = tableAliases(sql)
        // A view is materialized from its tables, whose own plan lines are checked: scanning the rows it made is not a table scan.
        let views = Set(try corpus.database.rows("SELECT name FROM sqlite_schema WHERE type = 'view'").compactMap { $0[0].text })
        return try corpus.database.rows("EXPLAIN QUERY PLAN " + sql).compactMap { $0[3].text }.filter { detail in
            guard detail.hasPrefix("SCAN ") else { return false }
            let named = detail.dropFirst("SCAN ".count).split(separator: " ").first.map(String.init) ?? ""
            let object = aliases[named] ?? named
            return !(detail.contains("CONSTANT ROW") || detail.contains("subquery") || detail.contains("VIRTUAL TABLE")
                     || bounded.contains(object) || views.contains(object))
        }
    }

    /// `alias → table` for `FROM table alias` and `JOIN table alias` (plans name a table by its alias).
    private func tableAliases(_ sql: String) -> [String: String] {
        let words = sql.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "(" || $0 == ")" || $0 == "," }).map(String.init)
        var aliases: [String: String] = [:]
        for index in words.indices.dropLast(2) where ["FROM", "JOIN"].contains(words[index].uppercased()) {
            let alias = words[index + 2].uppercased() == "AS" && index + 3 < words.count ? words[index + 3] : words[index + 2]
            aliases[alias] = words[index + 1]
        }
        return aliases
    }

    func testEveryStatementOfAnImportIntoTheTreeUsesAnIndex() throws {
        let tree = RecordTree(root: root.appendingPathComponent("repo").path)
        let corpus = try Corpus.open(at: root.appendingPathComponent("corpus.db").path)
        corpus.database.statementLog = []
        try writeFixtures(30, generation: 1, to: root.appendingPathComponent("one"))
        try writeFixtures(30, generation: 2, to: root.appendingPathComponent("two"))
        XCTAssertEqual(try corpus.importFixtures(from: root.appendingPathComponent("one").path, into: tree).inserted.count, 30)
        XCTAssertEqual(try corpus.importFixtures(from: root.appendingPathComponent("two").path, into: tree).replaced.count, 30)
        try corpus.sync(with: tree)
        let statements = Set(try XCTUnwrap(corpus.database.statementLog))
        corpus.database.statementLog = nil
        XCTAssertGreaterThan(statements.count, 10, "the log saw the import's statements")
        var scanning: [String] = []
        for sql in statements.sorted() {
            let found = try scans(sql, in: corpus)
            if !found.isEmpty { scanning.append("\(found.joined(separator: "; ")) ← \(sql.prefix(160))") }
        }
        XCTAssertEqual(scanning, [], scanning.joined(separator: "\n"))
    }

    func testTheCheckSeesAScanWhenThereIsOne() throws {
        // Negative control: the tracked-file lookup as it was, with optional filters no index can serve.
        let corpus = try Corpus.inMemory()
        let found = try scans("SELECT path FROM tree_files WHERE (?1 IS NULL OR kind = ?1) AND (?2 IS NULL OR name = ?2) ORDER BY path", in: corpus)
        XCTAssertFalse(found.isEmpty)
        XCTAssertEqual(try scans("SELECT path FROM tree_files WHERE kind = ? AND name = ?", in: corpus), [])
    }
}
