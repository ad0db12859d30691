import XCTest
import Duet
@testable import DuetCorpus

/// The import writes with foreign-key enforcement off (no probe per row); it must still leave
/// every reference intact, and the connection with enforcement on afterwards, whatever happened.
final class ImportForeignKeyTests: XCTestCase {
    /// A slot and an island, so steps, kinds and island summaries all hold references.
    private func corpusWithStructure() throws -> Corpus {
        let corpus = try Corpus.temporary()
        try corpus.setStructures([FeatureStructure(feature: "nav", fields: [
            FieldDescription(path: "media", shape: "object", role: .island("nav.media")),
            FieldDescription(path: "sheet", shape: "optional<sum>", role: .slot),
        ], actions: [], effects: [])], origin: "test")
        return corpus
    }

    private func fixtureText(description: String, sheets: [String]) -> String {
        let steps = sheets.map { sheet in
            #"{"action":{"case":"open","value":"\#(sheet)"},"expectedEffects":[],"expectedState":{"media":{"n":"\#(sheet)"},"sheet":{"case":"\#(sheet)"}}}"#
        }
        return #"{"description":"\#(description)","feature":"nav","initialState":{"sheet":null},"steps":[\#(steps.joined(separator: ","))]}"#
    }

    private func foreignKeysAreOn(_ corpus: Corpus) throws -> Bool { try corpus.database.scalarInteger("PRAGMA foreign_keys") == 1 }

    private func assertIntact(_ corpus: Corpus, _ moment: String, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try corpus.database.rows("PRAGMA foreign_key_check"), [], moment, file: file, line: line)
        let check = try corpus.check()
        XCTAssertTrue(check.holds, "\(moment): \(check.problems)", file: file, line: line)
        XCTAssertTrue(try foreignKeysAreOn(corpus), "\(moment): foreign keys must be on again", file: file, line: line)
    }

    func testNewReplacedAndUnchangedFilesLeaveEveryReferenceIntactAndForeignKeysOn() throws {
        let corpus = try corpusWithStructure()
        let dir = try makeTemporaryDirectory("fk")
        try write(fixtureText(description: "a", sheets: ["camera", "files"]), to: dir.appendingPathComponent("a.fixture.json"))
        try write(fixtureText(description: "b", sheets: ["camera", "share"]), to: dir.appendingPathComponent("b.fixture.json"))
        let first = try corpus.importFixtures(from: dir.path)
        XCTAssertEqual(first.inserted, ["a", "b"])
        try assertIntact(corpus, "after a first import")

        try write(fixtureText(description: "b2", sheets: ["gallery"]), to: dir.appendingPathComponent("b.fixture.json"))
        try write(fixtureText(description: "c", sheets: ["camera"]), to: dir.appendingPathComponent("c.fixture.json"))
        let second = try corpus.importFixtures(from: dir.path)
        XCTAssertEqual([second.inserted, second.replaced, second.unchanged], [["c"], ["b"], ["a"]])
        try assertIntact(corpus, "after replacing b")
        XCTAssertEqual(try corpus.database.scalarInteger("SELECT count(*) FROM steps s JOIN fixtures f ON f.id = s.fixture_id WHERE f.name = 'b'"), 1,
                       "the replaced fixture keeps only its new steps")
        XCTAssertEqual(try corpus.database.scalarInteger("SELECT count(*) FROM snapshot_kinds WHERE kind = 'nav.slot.share'"), 0,
                       "index rows only the old b held are gone")
        try corpus.collectDeferredGarbage()
        XCTAssertEqual(try corpus.database.scalarInteger("SELECT count(*) FROM blobs WHERE bytes = CAST('{\"n\":\"share\"}' AS BLOB)"), 0,
                       "blobs only the old b held are gone after the sweep")
        try assertIntact(corpus, "after the sweep")

        let third = try corpus.importFixtures(from: dir.path)
        XCTAssertEqual(third.unchanged, ["a", "b", "c"])
        try assertIntact(corpus, "after an unchanged import")
    }

    func testAFailedImportLeavesForeignKeysOnAndTheCorpusUnchanged() throws {
        let corpus = try corpusWithStructure()
        let dir = try makeTemporaryDirectory("fk-fail")
        try write(fixtureText(description: "a", sheets: ["camera"]), to: dir.appendingPathComponent("a.fixture.json"))
        try corpus.importFixtures(from: dir.path)
        let blobs = try corpus.database.rows("SELECT * FROM blobs ORDER BY id")

        try write(fixtureText(description: "a2", sheets: ["files"]), to: dir.appendingPathComponent("a.fixture.json"))
        try write(#"{"feature":"nav","steps":[{"action":{},"expectedEffects":[],"line":1.5}]}"#, to: dir.appendingPathComponent("z.fixture.json"))
        XCTAssertThrowsError(try corpus.importFixtures(from: dir.path))
        try assertIntact(corpus, "after a failed import")
        XCTAssertEqual(try corpus.database.rows("SELECT * FROM blobs ORDER BY id"), blobs)
        XCTAssertEqual(try corpus.fixtures(name: "a").first?.description, "a")
    }

    func testAStructureReplacedByAnImportLeavesNoOrphanFieldsOrKinds() throws {
        let corpus = try Corpus.temporary()
        try corpus.setStructures([FeatureStructure(feature: "nav", fields: [FieldDescription(path: "sheet", shape: "", role: .slot, kinds: ["camera"])],
                                                   actions: [], effects: [])], origin: "manifest")
        let dir = try makeTemporaryDirectory("fk-structure")
        try write(fixtureText(description: "a", sheets: ["camera"]), to: dir.appendingPathComponent("a.fixture.json"))
        try corpus.importFixtures(from: dir.path, manifestStructures: ["nav": ["tab": .tabs]])
        try assertIntact(corpus, "after the manifest replaced the structure")
        XCTAssertEqual(try corpus.database.rows("SELECT path FROM structure_fields WHERE feature = 'nav'").map { $0[0] }, [.text("tab")])
        XCTAssertEqual(try corpus.database.scalarInteger("SELECT count(*) FROM declared_kinds WHERE feature = 'nav'"), 0)
    }

    /// Negative control: the check the tests rely on sees a dangling reference.
    func testTheForeignKeyCheckSeesADanglingReference() throws {
        let corpus = try corpusWithStructure()
        let dir = try makeTemporaryDirectory("fk-control")
        try write(fixtureText(description: "a", sheets: ["camera"]), to: dir.appendingPathComponent("a.fixture.json"))
        try corpus.importFixtures(from: dir.path)
        try corpus.database.withoutForeignKeyEnforcement {
            try corpus.database.execute("UPDATE steps SET action_blob = 999999")
        }
        XCTAssertTrue(try foreignKeysAreOn(corpus))
        XCTAssertNotEqual(try corpus.database.rows("PRAGMA foreign_key_check"), [])
        XCTAssertFalse(try corpus.check().holds)
    }

    func testInsideAnOpenTransactionEnforcementStaysAsItIs() throws {
        let corpus = try Corpus.temporary()
        try corpus.database.transaction {
            try corpus.database.withoutForeignKeyEnforcement {
                XCTAssertTrue(try foreignKeysAreOn(corpus))
                XCTAssertThrowsError(try corpus.database.execute("INSERT INTO steps(fixture_id, idx, action_blob, effects_blob) VALUES (7, 0, 8, 9)"))
            }
        }
        XCTAssertTrue(try foreignKeysAreOn(corpus))
    }
}
