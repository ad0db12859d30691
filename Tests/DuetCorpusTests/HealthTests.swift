import XCTest
import Duet
@testable import DuetCorpus

final class HealthTests: XCTestCase {
    private func populated() throws -> Corpus {
        let corpus = try Corpus.temporary()
        try corpus.setStructures(manifestStructures: ["nav": ["path": .path, "sheet": .slot]])
        try corpus.upsertFixtures([
            try navigationFixture(steps: [
                (#"{"case":"open"}"#, #"{"path":[],"sheet":{"case":"camera"},"title":"t"}"#),
                (#"{"case":"close"}"#, #"{"path":[],"title":"t"}"#),
            ]),
        ])
        return corpus
    }

    func testAHealthyCorpusHolds() throws {
        let check = try populated().check()
        XCTAssertTrue(check.holds, "\(check.problems)")
    }

    func testProgressWalksEveryStageToItsEnd() throws {
        let corpus = try populated()
        let blobs = Int(try corpus.database.scalarInteger("SELECT count(*) FROM blobs") ?? 0)
        var reports: [String] = []
        _ = try corpus.check { stage, done, total in reports.append("\(stage) \(done)/\(total)") }
        XCTAssertEqual(reports, ["integrity 0/1", "integrity 1/1", "blobs \(blobs)/\(blobs)", "index 0/1", "index 1/1"])
    }

    /// SQLite 3.40's integrity_check misreports NULLs in WITHOUT ROWID tables whose non-key column
    /// stands before a key column; declared kinds and transitions must not trip it.
    func testACorpusWithDeclaredKindsAndTransitionsPassesIntegrityCheck() throws {
        let corpus = try Corpus.temporary()
        try corpus.setStructures([FeatureStructure(feature: "nav", fields: [
            FieldDescription(path: "path", shape: "array<sum>", role: .path, kinds: ["detail"]),
            FieldDescription(path: "sheet", shape: "optional<sum>", role: .slot, kinds: ["camera", "share"]),
        ], actions: ["open", "close"], effects: [])], origin: "runner")
        try corpus.upsertFixtures([
            try navigationFixture(steps: [
                (#"{"case":"open"}"#, #"{"path":[],"sheet":{"case":"camera"},"title":"t"}"#),
                (#"{"case":"close"}"#, #"{"path":[],"title":"t"}"#),
            ]),
        ])
        XCTAssertEqual(try corpus.database.scalarInteger("SELECT count(*) FROM declared_kinds"), 3)
        XCTAssertEqual(try corpus.database.scalarInteger("SELECT count(*) FROM step_transitions"), 2)
        let integrity = try corpus.database.rows("PRAGMA integrity_check").map { $0[0].text ?? "" }
        XCTAssertEqual(integrity, ["ok"])
        let check = try corpus.check()
        XCTAssertTrue(check.holds, "\(check.problems)")
    }

    func testACorruptedBlobIsNamed() throws {
        let corpus = try populated()
        try corpus.database.execute("UPDATE blobs SET bytes = CAST('{\"case\":\"opem\"}' AS BLOB) WHERE bytes = CAST('{\"case\":\"open\"}' AS BLOB)")
        let check = try corpus.check()
        XCTAssertFalse(check.holds)
        XCTAssertTrue(check.problems.contains { $0.contains("do not hash") }, "\(check.problems)")
    }

    func testAnIndexRowThatCannotBeDerivedIsNamed() throws {
        let corpus = try populated()
        try corpus.database.execute("UPDATE snapshot_kinds SET kind = 'nav.slot.share'")
        let check = try corpus.check()
        XCTAssertTrue(check.problems.contains { $0.contains("snapshot_kinds: stale row") }, "\(check.problems)")
        XCTAssertTrue(check.problems.contains { $0.contains("snapshot_kinds: missing row") }, "\(check.problems)")
    }

    func testRowsOfAFeatureWithoutAStructureAreStale() throws {
        let corpus = try populated()
        try corpus.database.execute("""
            INSERT INTO snapshot_kinds(feature, snapshot, field, depth, kind)
            SELECT 'ghost', snapshot, field, depth, 'ghost.slot.camera' FROM snapshot_kinds
            """)
        // Transitions of a fixture that is gone: no feature, so nothing derives them.
        try corpus.database.execute(sql: "PRAGMA foreign_keys=OFF")
        try corpus.database.execute("UPDATE step_transitions SET fixture_id = (SELECT max(id) + 1 FROM fixtures) WHERE change = 'left'")
        let problems = try corpus.check(limit: 100).problems
        XCTAssertTrue(problems.contains { $0.hasPrefix("snapshot_kinds: stale row") && $0.contains("ghost.slot.camera") }, "\(problems)")
        XCTAssertTrue(problems.contains { $0.hasPrefix("step_transitions: stale row") && $0.contains("left") }, "\(problems)")
        XCTAssertTrue(problems.contains { $0.hasPrefix("step_transitions: missing row") && $0.contains("left") }, "\(problems)")
    }

    func testAMissingTransitionIsNamed() throws {
        let corpus = try populated()
        try corpus.database.execute("DELETE FROM step_transitions WHERE change = 'left'")
        XCTAssertTrue(try corpus.check().problems.contains { $0.contains("step_transitions: missing row") })
    }

    func testABrokenForeignKeyIsNamed() throws {
        let corpus = try populated()
        try corpus.database.execute(sql: "PRAGMA foreign_keys=OFF")
        try corpus.database.execute("UPDATE steps SET effects_blob = 9999 WHERE idx = 0")
        XCTAssertTrue(try corpus.check().problems.contains { $0.hasPrefix("foreign key: steps") })
    }

    func testStatsCountAndMeasureDedup() throws {
        let stats = try populated().stats()
        XCTAssertEqual(stats.fixtures, 1)
        XCTAssertEqual(stats.steps, 2)
        XCTAssertEqual(stats.structures, 1)
        // initial state == second state and the effects list is shared: references exceed blobs.
        XCTAssertEqual(stats.blobReferences, 7)
        XCTAssertEqual(stats.blobs, 5 + 2, "and the two distinct spines the index stores")
        XCTAssertGreaterThan(stats.dedupRatio, 1)
        XCTAssertEqual(stats.indexedSnapshots, 2)
        XCTAssertEqual(stats.transitions, 2)
        XCTAssertGreaterThan(stats.fileBytes, 0)
    }
}
