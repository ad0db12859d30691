import XCTest
import Duet
import DuetCorpus
import DuetCorpusSamples
@testable import DuetCLI

/// `duet runs prune` applies the retention policy at any bound, says what it removed (or would),
/// and leaves a run a milestone cites.
final class RunsPruneVerbTests: XCTestCase {
    private typealias Q = QuestionsCorpus

    func testPruneRemovesBeyondTheBoundAndSaysSo() throws {
        let work = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let path = work.appendingPathComponent("corpus.db").path
        let corpus = try Corpus.open(at: path)
        try corpus.setStructures(Q.structures, origin: "test")
        try corpus.upsertFixtures(Q.fixtures)
        let ids = try (1...4).map { try Q.storeRun(corpus, "swift", scope: .full, failing: $0 == 1 ? ["shared"] : [], at: "2026-06-0\($0)T00:00:00.000Z") }

        let dry = duet(["--corpus", path, "runs", "prune", "--keep", "2", "--dry-run", "--format", "json"], in: work.path)
        XCTAssertEqual(dry.status, .holds, dry.stderr)
        let dryJSON = try CanonicalJSON.parse(dry.stdout)
        XCTAssertEqual(dryJSON["removed"]?.arrayValue?.compactMap { $0["id"]?.intValue }, Array(ids.prefix(2)))
        XCTAssertEqual(dryJSON["dryRun"], .bool(true))
        XCTAssertEqual(try corpus.runs(limit: 10, withResults: false).count, 4, "a dry run removes nothing")

        let prune = duet(["--corpus", path, "runs", "prune", "--keep", "2"], in: work.path)
        XCTAssertEqual(prune.status, .holds, prune.stderr)
        XCTAssertTrue(prune.stdout.contains("Removed 2 runs; 2 verify and 0 drill runs remain"), prune.stdout)
        XCTAssertEqual(try corpus.runs(limit: 10, withResults: false).compactMap(\.id), ids.suffix(2).reversed())

        let again = duet(["--corpus", path, "runs", "prune", "--keep", "2"], in: work.path)
        XCTAssertEqual(again.status, .holds)
        XCTAssertTrue(again.stderr.contains("nothing to remove"), again.stderr)

        for bad in ["0", "-1", "many"] {
            let refused = duet(["--corpus", path, "runs", "prune", "--keep", bad], in: work.path)
            XCTAssertEqual(refused.status, .usage, "--keep \(bad)")
            XCTAssertTrue(refused.stderr.contains("--keep takes a positive number"), refused.stderr)
        }
    }
}
