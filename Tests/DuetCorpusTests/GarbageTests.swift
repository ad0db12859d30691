import XCTest
import Duet
@testable import DuetCorpus
import DuetFixtures
import DuetSynthetic

/// After a replacement the targeted sweep drops the dead snapshots' index rows at once and leaves
/// blobs to the whole-corpus sweep; together they leave exactly what that sweep alone leaves.
final class GarbageTests: XCTestCase {
    private func synthetic(seed: UInt64) -> [Fixture] {
        var fixtures: [Fixture] = []
        SyntheticCorpus(shape: .init(features: 3, fixturesPerFeature: 6, stepsPerFixture: 8, seed: seed, maximumItems: 2))
            .forEachFixture { fixtures.append($0) }
        return fixtures
    }

    private func indexRows(_ corpus: Corpus) throws -> [[SQLValue]] {
        try corpus.database.rows("SELECT 'f', feature, snapshot, field FROM snapshot_fields UNION ALL SELECT 'k', feature, snapshot, kind FROM snapshot_kinds UNION ALL SELECT 'i', feature, snapshot, field FROM island_summaries ORDER BY 1, 2, 3, 4").map(\.values)
    }

    func testTheTargetedSweepDropsDeadIndexRowsAndTheDeferredOneLeavesWhatTheFullOneLeaves() throws {
        let corpus = try Corpus.temporary()
        let structures = SyntheticCorpus(shape: .init(features: 3, fixturesPerFeature: 6, stepsPerFixture: 8, seed: 3, maximumItems: 2)).structures()
        try corpus.setStructures(structures, origin: "synthetic")
        let first = synthetic(seed: 3)
        try corpus.upsertFixtures(first)
        try corpus.upsertFixtures(Array(synthetic(seed: 4).enumerated().filter { $0.offset % 2 == 0 }.map(\.element)))
        try corpus.deleteFixtures(named: [first[1].name, first[7].name])
        XCTAssertTrue(try corpus.check().holds, "no index row of a dead snapshot is left")
        let rows = try indexRows(corpus)
        XCTAssertGreaterThan(try corpus.database.scalarInteger("SELECT CAST(value AS INTEGER) FROM corpus_meta WHERE key = 'local.deferred_garbage'") ?? 0, 0)

        let reference = try Corpus.temporary()
        try reference.setStructures(structures, origin: "synthetic")
        try reference.upsertFixtures(first)
        try reference.upsertFixtures(Array(synthetic(seed: 4).enumerated().filter { $0.offset % 2 == 0 }.map(\.element)))
        try reference.deleteFixtures(named: [first[1].name, first[7].name])
        try reference.write { try reference.collectGarbage() }
        XCTAssertEqual(rows, try indexRows(reference), "the targeted sweep leaves the index rows the full one does")

        try corpus.collectDeferredGarbage()
        XCTAssertEqual(try corpus.dumpText(), try reference.dumpText(), "then the blobs too")
        XCTAssertNil(try corpus.database.scalarInteger("SELECT value FROM corpus_meta WHERE key = 'local.deferred_garbage'"))
    }

    func testWithoutItsCandidatesTheSweepLeavesDeadIndexRows() throws {
        // Negative control: the candidates are what makes the targeted sweep find anything.
        let corpus = try Corpus.temporary()
        let structure = FeatureStructure(feature: "nav", fields: [FieldDescription(path: "sheet", shape: "optional<sum>", role: .slot, kinds: ["a", "b"])],
                                         actions: [], effects: [])
        try corpus.setStructures([structure], origin: "runner")
        let a = try navigationFixture(name: "a", steps: [(#"{"case":"open"}"#, #"{"path":[],"sheet":{"case":"a"},"title":"t"}"#)])
        let b = try navigationFixture(name: "a", steps: [(#"{"case":"open"}"#, #"{"path":[],"sheet":{"case":"b"},"title":"t"}"#)])
        try corpus.upsertFixtures([a])
        try corpus.write {
            var writer = try FixtureWriter(corpus: corpus)
            _ = try writer.write(b, sourceHash: ContentHash(of: b.document.prettyBytes))
            try writer.flush()
            XCTAssertFalse(writer.garbage.isEmpty, "the replaced version's snapshot is a candidate")
            try corpus.collectGarbage(among: GarbageCandidates())
        }
        XCTAssertFalse(try corpus.check().holds, "the old snapshot's index rows are still there")
    }

    func testManyDeferredBlobsTriggerTheWholeSweep() throws {
        let corpus = try Corpus.temporary()
        try corpus.upsertFixtures(synthetic(seed: 3))
        for seed in UInt64(4)...UInt64(40) { try corpus.upsertFixtures(synthetic(seed: seed)) }
        let deferred: Int64 = try corpus.database.scalarInteger("SELECT CAST(value AS INTEGER) FROM corpus_meta WHERE key = 'local.deferred_garbage'") ?? 0
        let blobs: Int64 = try corpus.database.scalarInteger("SELECT count(*) FROM blobs") ?? 0
        XCTAssertLessThanOrEqual(deferred, max(1_000, blobs / 10), "garbage stays bounded")
        let live: Int64 = try corpus.database.scalarInteger("SELECT count(*) FROM (SELECT DISTINCT b.id FROM blobs b JOIN steps s ON s.state_blob = b.id OR s.action_blob = b.id OR s.effects_blob = b.id UNION SELECT initial_blob FROM fixtures)") ?? 0
        XCTAssertLessThanOrEqual(blobs - live, 1_500, "the whole sweep ran along the way (36 rounds of replacements leave far more)")
    }
}
