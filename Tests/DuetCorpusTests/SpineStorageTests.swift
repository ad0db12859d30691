import XCTest
import Duet
@testable import DuetCorpus
import DuetFixtures

/// Spines are derived like the structural index: stored per snapshot (content-addressed), queryable,
/// re-derived by `check`, written by both the import's byte reader and the tree path alike.
final class SpineStorageTests: XCTestCase {
    private let structure = FeatureStructure(feature: "nav", fields: [
        FieldDescription(path: "path", shape: "array<sum>", role: .path, kinds: ["detail"]),
        FieldDescription(path: "sheet", shape: "optional<sum>", role: .slot, kinds: ["camera"]),
        FieldDescription(path: "title", shape: "string", role: .data),
        FieldDescription(path: "media.pager", shape: "object", role: .island("nav.pager")),
        FieldDescription(path: "media.pager.handle", shape: "optional<int>", role: .data, runtimeOnly: true),
    ], actions: ["open", "push"], effects: [])

    private func fixture() throws -> Fixture {
        try navigationFixture(steps: [
            (#"{"case":"open"}"#, #"{"path":[],"sheet":{"case":"camera"},"title":"t"}"#),
            (#"{"case":"retitle"}"#, #"{"path":[],"sheet":{"case":"camera"},"title":"u"}"#),
            (#"{"case":"push"}"#, #"{"media":{"pager":{"page":2}},"path":[{"case":"detail"}],"title":"u"}"#),
        ])
    }

    func testEverySnapshotHasItsSpineAndIdenticalSpinesAreOneBlob() throws {
        let corpus = try Corpus.temporary()
        try corpus.setStructures([structure], origin: "runner")
        try corpus.upsertFixtures([try fixture()])
        let rows = try corpus.database.rows("SELECT step, spine, bytes FROM spines ORDER BY step").map { $0.values }
        XCTAssertEqual(rows, [
            [.null, .text(#"{"path":[]}"#), .integer(11)],
            [.integer(0), .text(#"{"path":[],"sheet":{"case":"camera"}}"#), .integer(37)],
            [.integer(1), .text(#"{"path":[],"sheet":{"case":"camera"}}"#), .integer(37)],
            [.integer(2), .text(#"{"media":{"pager":{"page":2}},"path":[{"case":"detail"}]}"#), .integer(57)],
        ])
        XCTAssertEqual(try corpus.database.scalarInteger("SELECT count(DISTINCT spine_blob) FROM snapshot_spines"), 3)
        XCTAssertTrue(try corpus.check().holds)
    }

    func testTheImportFromFilesStoresTheSameSpinesAsTheTreePath() throws {
        let tree = try Corpus.temporary()
        try tree.setStructures([structure], origin: "runner")
        try tree.upsertFixtures([try fixture()])
        let folder = try makeTemporaryDirectory("spines")
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try tree.exportFixtures(to: folder.path)
        let files = try Corpus.temporary()
        try files.setStructures([structure], origin: "runner")
        _ = try files.importFixtures(from: folder.path)
        let query = "SELECT fixture, step, spine FROM spines ORDER BY fixture, step"
        XCTAssertEqual(try files.database.rows(query), try tree.database.rows(query))
    }

    func testCheckReDerivesSpinesAndNamesATamperedOne() throws {
        let corpus = try Corpus.temporary()
        try corpus.setStructures([structure], origin: "runner")
        try corpus.upsertFixtures([try fixture()])
        let wrong = try corpus.write { try corpus.blobs.intern(Array(#"{"path":[{"case":"forged"}]}"#.utf8)) }
        try corpus.database.execute("UPDATE snapshot_spines SET spine_blob = ? WHERE snapshot = (SELECT min(snapshot) FROM snapshot_spines)", [.integer(wrong)])
        let check = try corpus.check()
        XCTAssertFalse(check.holds)
        XCTAssertTrue(check.problems.contains { $0.hasPrefix("snapshot_spines: stale row") }, "\(check.problems)")
        XCTAssertTrue(check.problems.contains { $0.hasPrefix("snapshot_spines: missing row") }, "\(check.problems)")
    }

    func testReplacingAFixtureDropsSpinesNothingHolds() throws {
        let corpus = try Corpus.temporary()
        try corpus.setStructures([structure], origin: "runner")
        try corpus.upsertFixtures([try fixture()])
        try corpus.deleteFixtures(named: ["nav"])
        XCTAssertEqual(try corpus.database.scalarInteger("SELECT count(*) FROM snapshot_spines"), 0)
        XCTAssertTrue(try corpus.check().holds)
    }

    func testTheRuntimeOnlyMarkIsStoredWithTheStructure() throws {
        let corpus = try Corpus.temporary()
        try corpus.setStructures([structure], origin: "runner")
        let stored = try XCTUnwrap(corpus.structures().first)
        XCTAssertEqual(stored.fields.filter { $0.runtimeOnly == true }.map(\.path), ["media.pager.handle"])
        XCTAssertEqual(stored.fields.filter { $0.runtimeOnly != nil }.count, 1, "unmarked fields read back without the key")
        var unmarked = structure
        unmarked.fields = unmarked.fields.map { var f = $0; f.runtimeOnly = nil; return f }
        try corpus.setStructures([unmarked], origin: "runner")
        XCTAssertEqual(try corpus.database.scalarInteger("SELECT count(*) FROM runtime_only_fields"), 0, "replaced with the structure")
    }

    func testACorpusMigratedToSpinesDerivesThemOnOpen() throws {
        let directory = try makeTemporaryDirectory("spine-migration")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("corpus.db").path
        let before = try Corpus.open(at: path)
        try before.setStructures([structure], origin: "runner")
        try before.upsertFixtures([try fixture()])
        // As a corpus from before the spines migration looks: no table, the migration not applied.
        try before.database.execute(sql: "DROP VIEW spines; DROP TABLE snapshot_spines; DELETE FROM schema_migrations WHERE version = 6;")
        XCTAssertThrowsError(try Corpus.open(at: path), "a corpus missing a migration is refused until migrated")
        let migrated = try Corpus.open(at: path, migrate: true)
        XCTAssertEqual(try migrated.database.scalarInteger("SELECT count(*) FROM spines"), 4)
        XCTAssertTrue(try migrated.check().holds)
    }
}
