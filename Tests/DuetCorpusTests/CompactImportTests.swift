import XCTest
import Duet
@testable import DuetCorpus
import DuetFixtures
import DuetSynthetic

/// The import reads files without trees (streaming canonicalizer + byte scanner); it must store
/// exactly the rows the tree reader stores, for every kind of file, and fall back to the tree
/// reader for what the scanner does not handle the same way.
final class CompactImportTests: XCTestCase {
    // MARK: - Same rows as the tree reader

    func testTheTutorialFixturesStoreTheSameRowsAsTheTreeReader() throws {
        try assertSameRows(importing: vectorFixtureDirectory, structures: ["upgrade": ["path": .path, "step": .stage]], expectCompact: true)
    }

    func testTheSeedsExportedFixturesStoreTheSameRowsAsTheTreeReader() throws {
        let seed = try exportedSeed()
        XCTAssertGreaterThan(seed.count, 10)
        try assertSameRows(importing: seed.fixtures, structures: try seed.corpus.structures(), expectCompact: true)
    }

    func testSyntheticFixturesStoreTheSameRowsAsTheTreeReader() throws {
        let synthetic = SyntheticCorpus(shape: .init(features: 6, fixturesPerFeature: 6, stepsPerFixture: 12, seed: 7))
        let files = try makeTemporaryDirectory("synthetic")
        try synthetic.forEachFixture { fixture in
            try Data(fixture.document.prettyBytes).write(to: files.appendingPathComponent(try Fixture.fileName(for: fixture.name)))
        }
        try assertSameRows(importing: files, structures: synthetic.structures(), expectCompact: true)
    }

    /// Unknown keys at every level, escapes, non-ASCII, nulls, chains, a file without steps,
    /// unsorted keys and whitespace the canonicalizer removes.
    func testUnusualButValidFilesStoreTheSameRowsAsTheTreeReader() throws {
        let files = try makeTemporaryDirectory("unusual")
        for (name, text) in Self.unusualFiles { try write(text, to: files.appendingPathComponent(name + ".fixture.json")) }
        try assertSameRows(importing: files, structures: ["nav": ["path": .path, "sheet": .slot, "tab": .tabs, "media": .island("nav.media")]],
                           expectCompact: true)
    }

    /// UUID-shaped names are lowercased by the canonical form, so only the tree knows their spelling.
    func testFilesTheScannerCannotReadExactlyFallBackToTheTreeReader() throws {
        let files = try makeTemporaryDirectory("fallback")
        let upper = "A1B2C3D4-0000-4000-8000-00000000000F"
        try write(#"{"feature":"nav","initialState":{"sheet":{"case":"\#(upper)"}},"steps":[{"action":{"case":"\#(upper)"},"expectedEffects":[],"label":"\#(upper)","expectedState":{"sheet":null}}]}"#,
                  to: files.appendingPathComponent("uuid.fixture.json"))
        XCTAssertNil(CompactFixtureReader.prepare(name: "uuid", bytes: try bytes(of: files.appendingPathComponent("uuid.fixture.json")),
                                                  plans: ["nav": IndexPlan(feature: "nav", roles: [("sheet", .slot)])]))
        try assertSameRows(importing: files, structures: ["nav": ["sheet": .slot]], expectCompact: false)
        let corpus = try Corpus.temporary()
        try corpus.setStructures(manifestStructures: ["nav": ["sheet": .slot]])
        try corpus.importFixtures(from: files.path)
        XCTAssertEqual(try corpus.fixtures(name: "uuid").first?.steps.first?.label, upper, "the label keeps its spelling")
        // The index follows the stored bytes, where the canonical form spelled the name in lowercase.
        XCTAssertEqual(try corpus.database.rows("SELECT action_case FROM steps").map { $0[0] }, [.text(upper.lowercased())])
        XCTAssertEqual(try corpus.database.rows("SELECT kind FROM snapshot_kinds").map { $0[0] }, [.text("nav.slot." + upper.lowercased())])
        let check = try corpus.check()
        XCTAssertTrue(check.holds, "\(check.problems)")
    }

    /// Negative control: the comparison sees a one-byte difference in a label.
    func testTheRowComparisonSeesADifferentLabel() throws {
        let files = try makeTemporaryDirectory("control")
        let text = Self.unusualFiles.first { $0.name == "dialect2" }!.text
        try write(text, to: files.appendingPathComponent("dialect2.fixture.json"))
        let a = try Corpus.temporary()
        try a.importFixtures(from: files.path)
        try write(text.replacingOccurrences(of: "\"open\"", with: "\"opeN\""), to: files.appendingPathComponent("dialect2.fixture.json"))
        let b = try Corpus.temporary()
        try b.importFixtures(from: files.path, manifestStructures: [:], reading: .trees)
        XCTAssertNotEqual(try tableRows(a)["steps"], try tableRows(b)["steps"])
    }

    // MARK: - Errors keep their wording

    func testErrorsAreTheTreeReadersErrors() throws {
        let cases: [(String, Int)] = [
            ("{\n  \"feature\": \"z\",\n  \"initialState\": {\n    \"amount\": 1.5\n  },\n  \"steps\": []\n}\n", 4),
            ("{\n  \"feature\": \"f\",\n  \"steps\": [\n    {\n      \"action\": {},\n      \"expectedEffects\": [],\n      \"line\": \"x\"\n    }\n  ]\n}\n", 7),
            ("{\n  \"feature\": \"f\",\n  \"steps\": [\n    {\n      \"action\": {},\n      \"expectedEffects\": {}\n    }\n  ]\n}\n", 6),
            ("{\n  \"dialect\": \"2\",\n  \"steps\": []\n}\n", 2),
        ]
        for (text, line) in cases {
            let files = try makeTemporaryDirectory("errors")
            try write(text, to: files.appendingPathComponent("e.fixture.json"))
            XCTAssertNil(CompactFixtureReader.prepare(name: "e", bytes: Array(text.utf8), plans: [:]))
            var messages: [String] = []
            for reading in [ParsedFixtureFile.Reading.compact, .trees] {
                XCTAssertThrowsError(try Corpus.temporary().importFixtures(from: files.path, manifestStructures: [:], reading: reading)) { error in
                    XCTAssertEqual((error as? InputError)?.line, line, "\(error)")
                    messages.append("\(error)")
                }
            }
            XCTAssertEqual(messages.count, 2)
            XCTAssertEqual(Set(messages).count, 1, "\(messages)")
        }
    }

}

// The comparison of both readers, for any folder of fixture files.
extension XCTestCase {
    func assertSameRows(importing directory: URL, structures: [String: [String: Role]], expectCompact: Bool,
                                checkHolds: Bool = true, file: StaticString = #filePath, line: UInt = #line) throws {
        try assertSameRows(importing: directory, structures: structures.keys.sorted().map { feature in
            FeatureStructure(feature: feature, fields: structures[feature]!.sorted { $0.key < $1.key }.map {
                FieldDescription(path: $0.key, shape: "", role: $0.value)
            }, actions: [], effects: [])
        }, expectCompact: expectCompact, checkHolds: checkHolds, file: file, line: line)
    }

    func assertSameRows(importing directory: URL, structures: [FeatureStructure], expectCompact: Bool,
                                checkHolds: Bool = true, file: StaticString = #filePath, line: UInt = #line) throws {
        let found = try FixtureFiles.find(in: directory.path)
        XCTAssertFalse(found.isEmpty, "no fixture files in \(directory.path)", file: file, line: line)
        let compact = try Corpus.temporary(), trees = try Corpus.temporary()
        var plans: [String: IndexPlan] = [:]
        for corpus in [compact, trees] {
            try corpus.setStructures(structures, origin: "test")
            plans = try StructuralIndexWriter.loadPlans(corpus.database)
        }
        if expectCompact {
            for entry in found {
                XCTAssertNotNil(CompactFixtureReader.prepare(name: entry.name, bytes: try bytes(of: URL(fileURLWithPath: entry.path)), plans: plans),
                                "\(entry.name) fell back to the tree reader: the comparison would not test the scanner", file: file, line: line)
            }
        }
        let a = try compact.importFixtures(from: directory.path, manifestStructures: [:], reading: .compact)
        let b = try trees.importFixtures(from: directory.path, manifestStructures: [:], reading: .trees)
        XCTAssertEqual(a, b, file: file, line: line)
        let rowsA = try tableRows(compact), rowsB = try tableRows(trees)
        XCTAssertEqual(rowsA.keys.sorted(), rowsB.keys.sorted(), file: file, line: line)
        for table in rowsA.keys.sorted() {
            XCTAssertEqual(rowsA[table], rowsB[table], "table \(table) differs", file: file, line: line)
        }
        XCTAssertGreaterThan(rowsA["steps"]?.count ?? 0, 0, file: file, line: line)
        XCTAssertEqual(try compact.database.rows("PRAGMA foreign_key_check"), [], file: file, line: line)
        guard checkHolds else { return }
        let check = try compact.check()
        XCTAssertTrue(check.holds, "\(check.problems)", file: file, line: line)
    }

    /// Every table's rows in a stable order (the migrations record is left out: it holds times).
    func tableRows(_ corpus: Corpus) throws -> [String: [Row]] {
        var result: [String: [Row]] = [:]
        let db = corpus.database
        for table in try db.rows("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != 'schema_migrations'")
            .compactMap({ $0[0].text }) {
            let count = try db.rows("SELECT count(*) FROM pragma_table_info(?)", [.text(table)]).first?[0].integer ?? 1
            result[table] = try db.rows("SELECT * FROM \"\(table)\" ORDER BY " + (1...count).map(String.init).joined(separator: ", "))
        }
        return result
    }
}

extension CompactImportTests {
    private static let unusualFiles: [(name: String, text: String)] = [
        ("dialect2", """
        {
          "description": "Opens a sheet — \\"quoted\\", tab\\t, ünïcode ✓, slash /",
          "dialect": 2,
          "feature": "nav",
          "initialState": {"path": [], "sheet": null, "tab": "home", "media": {"page": 0}},
          "scenario": {"branch": "b", "source": "Tests/Nav.swift:12", "zeta": [1, {"b": 2, "a": 1}]},
          "steps": [
            {"action": {"case": "open", "value": {"id": "A1B2C3D4-0000-4000-8000-00000000000F"}},
             "expectedEffects": [{"kind": "run", "id": "nav.load", "payload": {}}],
             "expectedState": {"path": [{"case": "detail"}, "raw", 3], "sheet": {"case": "cam\\u0001era"}, "tab": "shared", "media": {"page": 1}},
             "label": "open \\n it", "line": -3, "custom": {"z": null, "a": true}},
            {"action": {"value": 1, "case": "close"}, "expectedEffects": [], "expectedState": {"sheet": null}, "linkToNext": false},
            {"action": {"case": "plain"}, "expectedEffects": [], "expectedState": [], "node": "n", "aaa": 1}
          ],
          "Zfirst": "upper case sorts first",
          "extra\\"key": 1
        }
        """),
        ("chain-pair", """
        {"chain": "pair", "initialStates": {"b": {"x": 1}, "a": {}}, "steps": [
          {"node": "a", "action": {"case": "go"}, "expectedEffects": [], "linkToNext": true},
          {"node": "b", "action": {"case": "back"}, "expectedEffects": []}
        ]}
        """),
        ("scalarstart", #"{"feature": "nav", "initialState": 0, "scenario": {}, "steps": [{"action": {"case": "x"}, "expectedEffects": [], "expectedState": {"sheet": {"case": "s"}}}]}"#),
        ("both", #"{"chain": "c", "feature": "nav", "initialState": {"sheet": {"case": "a"}}, "initialStates": {"n": {}, "m\u00e9": {}}, "steps": [{"node": "m\u00e9", "action": {"case": "x"}, "expectedEffects": []}]}"#),
        ("other-feature", #"{"feature": "unplanned", "initialState": {"sheet": {"case": "a"}}, "steps": [{"action": {"case": "x"}, "expectedEffects": [], "expectedState": {}}]}"#),
    ]
}
