import XCTest
import Foundation
import Duet
import DuetCorpusSamples
import DuetFixtures
@testable import DuetCorpus

/// `kind_counts` (what `duet query kinds` reads) kept by every path that writes fixtures or the
/// index, checked against the full computation from the index after each change.
final class KeptKindCountsTests: XCTestCase {
    private func assertKeptEqualsRecomputed(_ corpus: Corpus, _ moment: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let kept = try corpus.keptKindCounts(), recomputed = try corpus.recomputedKindCounts()
        XCTAssertFalse(recomputed.isEmpty, "nothing to compare \(moment)", file: file, line: line)
        XCTAssertEqual(kept, recomputed, moment, file: file, line: line)
        XCTAssertEqual(try corpus.keptAnswerProblems(), [], moment, file: file, line: line)
    }

    func testKeptCountsFollowImportsReplacementsRemovalsAndReindexing() throws {
        let corpus = try QuestionsCorpus.make()
        try assertKeptEqualsRecomputed(corpus, "after the first upsert")
        let camera = try XCTUnwrap(try corpus.keptKindCounts(feature: "capture").first { $0.kind == "capture.slot.camera" })
        XCTAssertEqual([camera.fixtures, camera.steps], [2, 3])

        // A replacement that reaches another kind, and one that moves a fixture to another feature.
        try corpus.upsertFixtures([
            QuestionsCorpus.leaf("capture.camera", "capture", #"{"chrome":{"flash":false}}"#,
                                 [("locationTapped", #"{"chrome":{"flash":false},"sheet":{"case":"location"}}"#)]),
            QuestionsCorpus.leaf("capture.library", "timeline", #"{"memories":[],"path":[]}"#,
                                 [("memoryTapped", #"{"memories":[],"path":[{"case":"memoryDetail"},{"case":"memoryDetail"}]}"#)]),
        ])
        try assertKeptEqualsRecomputed(corpus, "after replacements")
        XCTAssertNil(try corpus.keptKindCounts(feature: "capture").first { $0.kind == "capture.slot.photoLibrary" })

        // Files imported (the import's own reading), one new and one replacing a stored fixture.
        let directory = try makeTemporaryDirectory("kind-counts")
        for fixture in [QuestionsCorpus.leaf("shared.twice", "shared", #"{"path":[]}"#, [("memoryTapped", #"{"path":[{"case":"memoryDetail"}]}"#)]),
                        QuestionsCorpus.leaf("shared", "shared", #"{"path":[{"case":"memoryDetail"}]}"#, [("backTapped", #"{"path":[]}"#)])] {
            try Data(fixture.document.prettyBytes).write(to: directory.appendingPathComponent(try Fixture.fileName(for: fixture.name)))
        }
        try corpus.importFixtures(from: directory.path)
        try assertKeptEqualsRecomputed(corpus, "after an import")

        // Removal, twice in one call, then a structure change that re-derives a feature's index.
        try corpus.deleteFixtures(named: ["capture.camera-from-source", "mainnav"])
        try assertKeptEqualsRecomputed(corpus, "after removals")
        var structures = QuestionsCorpus.structures
        let capture = try XCTUnwrap(structures.firstIndex { $0.feature == "capture" })
        structures[capture].fields.removeAll { $0.path == "sheet" }
        try corpus.setStructures([structures[capture]], origin: "test")
        try assertKeptEqualsRecomputed(corpus, "after re-indexing capture without its slot")
        XCTAssertEqual(try corpus.keptKindCounts(feature: "capture"), [])
    }

    func testKindCoverageReadsTheKeptCountsAndMatchesTheFullComputation() throws {
        let corpus = try QuestionsCorpus.make()
        let kept = try corpus.kindCoverage()
        try corpus.database.execute("DELETE FROM kind_counts")
        XCTAssertNotEqual(try corpus.kindCoverage(), kept, "kindCoverage does not read kind_counts")
        try corpus.recountKinds(features: try corpus.knownFeatures())
        XCTAssertEqual(try corpus.kindCoverage(), kept)
    }

    func testACorruptedCountIsFoundByTheCheck() throws {
        let corpus = try QuestionsCorpus.make()
        try assertKeptEqualsRecomputed(corpus, "before the corruption")
        try corpus.database.execute("UPDATE kind_counts SET steps = steps + 1 WHERE kind = 'capture.slot.camera'")
        let problems = try corpus.check().problems
        XCTAssertEqual(problems.count, 1, "\(problems)")
        XCTAssertTrue(problems.first?.contains("capture.sheet capture.slot.camera keeps 2 fixtures, 4 steps but the index gives 2 fixtures, 3 steps") == true,
                      "\(problems)")
        // A missing row is found too.
        try corpus.database.execute("DELETE FROM kind_counts WHERE kind = 'mainnav.tabs.shared'")
        XCTAssertEqual(try corpus.check().problems.count, 2)
    }

    func testTheMigrationBackfillsAnExistingCorpus() throws {
        let directory = try makeTemporaryDirectory("kind-counts-migration")
        let path = directory.appendingPathComponent("corpus.db").path
        let before = Migrator(migrations: Migration.embedded.filter { $0.version < 61 })
        do {
            let old = try Corpus.open(at: path, migrator: before)
            XCTAssertFalse(old.keepsKindCounts)
            try old.setStructures(QuestionsCorpus.structures, origin: "test")
            try old.upsertFixtures(QuestionsCorpus.fixtures)
        }
        let migrated = try Corpus.open(at: path, migrate: true)
        XCTAssertTrue(migrated.keepsKindCounts)
        try assertKeptEqualsRecomputed(migrated, "after the migration")
    }
}

/// What `duet query touches` resolves a kind against, read by seeks rather than every name.
final class KindLookupTests: XCTestCase {
    func testKnowsKindAgreesWithTheFullListOfNames() throws {
        let stray = QuestionsCorpus.leaf("capture.stray", "capture", #"{"chrome":{"flash":false}}"#,
                                         [("strayTapped", #"{"chrome":{"flash":false},"sheet":{"case":"stray"}}"#)])
        let corpus = try QuestionsCorpus.make(extra: [stray, QuestionsCorpus.leaf("loose", "nostructure", "{}", [("a", "{}")])])
        let names = try corpus.knownNames()
        for text in ["capture.slot.camera", "capture.camera", "camera", "stray", "capture.slot.stray", "location", "sharePicker",
                     "capture.tabs.camera", "nope", "timeline.camera", "mainnav.shared"] {
            let pattern = try KindPattern(text)
            XCTAssertEqual(try corpus.knowsKind(pattern), pattern.matchesAny(of: names.kinds), text)
        }
        XCTAssertFalse(try corpus.knowsKind(KindPattern("nope")), "negative control")
        let everyFeature = try corpus.database.rows("""
            SELECT feature FROM feature_structures UNION SELECT feature FROM fixtures WHERE feature IS NOT NULL ORDER BY 1
            """).compactMap { $0[0].text }
        XCTAssertEqual(try corpus.knownFeatures(), everyFeature)
        XCTAssertTrue(everyFeature.contains("nostructure"))
    }
}

/// The census's observed fields come from the kept counts, and agree with the snapshots.
final class CensusObservedTests: XCTestCase {
    func testObservedFieldsAreThoseAStoredFixtureHoldsAKindIn() throws {
        let corpus = try QuestionsCorpus.make()
        let census = try corpus.census(rulings: [])
        let fromSnapshots = try corpus.database.rows("""
            SELECT count(*) FROM structure_fields sf WHERE sf.role IN ('path', 'slot', 'tabs', 'stage')
                AND EXISTS (SELECT 1 FROM snapshot_kinds k WHERE k.feature = sf.feature AND k.field = sf.path)
            """).first?[0].integer
        let observed = census.observed
        XCTAssertEqual(Int64(observed.path + observed.slot + observed.tabs + observed.stage), fromSnapshots)
        XCTAssertGreaterThan(observed.slot, 0)
        // Negative control: without the kept counts nothing is observed.
        try corpus.database.execute("DELETE FROM kind_counts")
        XCTAssertEqual(try corpus.census(rulings: []).observed, PrimitiveCounts())
    }
}
