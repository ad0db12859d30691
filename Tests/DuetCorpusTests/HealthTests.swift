import XCTest
import Duet
@testable import DuetCorpus

final class HealthTests: XCTestCase {
    private func populated() throws -> Corpus {
        let corpus = try Corpus.temporary()
        try corpus.setStructures(manifestStructures: ["nav": ["path": "path", "sheet": "slot"]])
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
        XCTAssertEqual(stats.blobs, 5)
        XCTAssertGreaterThan(stats.dedupRatio, 1)
        XCTAssertEqual(stats.indexedSnapshots, 2)
        XCTAssertEqual(stats.transitions, 2)
        XCTAssertGreaterThan(stats.fileBytes, 0)
    }
}
