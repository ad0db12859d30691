import Duet
import DuetCorpus
import DuetGates
import DuetReplay
import XCTest

/// Verify reads and replays fixtures a page at a time: whatever the page size, the run is the same
/// — every fixture once, in name order, with the same results — and the incremental cache still stands.
final class PagedVerifyTests: XCTestCase {
    private func verify(_ corpus: Corpus, runner: String, pageSteps: Int, all: Bool, keepPasses: Bool = true) throws -> VerifyOutcome {
        var workflow = VerifyWorkflow(corpus: corpus, runners: .resolve(platforms: ["swift"], explicit: runner, manifest: nil), timeout: 30)
        workflow.pageSteps = pageSteps
        workflow.keepPasses = keepPasses
        return try workflow.run(all: all)
    }

    func testAnyPageSizeGivesTheSameRun() throws {
        let sandbox = try DrillSandbox.samples()
        let runner = try DrillRunner.command()
        let corpus = try sandbox.corpus()
        let names = try corpus.fixtureNames()
        XCTAssertGreaterThan(names.count, 2, "pages need several fixtures")

        let whole = try verify(corpus, runner: runner, pageSteps: 1_000_000, all: true)
        let paged = try verify(corpus, runner: runner, pageSteps: 1, all: true)   // a page per fixture
        XCTAssertEqual(whole.runs[0].results.map(\.fixture), names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        XCTAssertEqual(paged.runs[0].results, whole.runs[0].results)
        XCTAssertEqual(paged.runs[0].stepCount, whole.runs[0].stepCount)
        XCTAssertGreaterThan(paged.runs[0].passedCount, 0, "a run that passed nothing would compare nothing")

        // The cache still stands after a paged run: the passes are not replayed again.
        let again = try verify(corpus, runner: runner, pageSteps: 1, all: false)
        XCTAssertEqual(again.reuse["swift"]?.reused, paged.runs[0].passedCount)
        XCTAssertEqual(again.reuse["swift"]?.replayed, names.count - paged.runs[0].passedCount)
        XCTAssertEqual(again.runs[0].results.map(\.status), paged.runs[0].results.map(\.status))

        // Kept compact (no passes held), the run counts the same and is stored the same.
        let compact = try verify(corpus, runner: runner, pageSteps: 1, all: true, keepPasses: false)
        XCTAssertEqual(compact.runs[0].results, whole.runs[0].results.filter { $0.status != .passed })
        XCTAssertEqual([compact.runs[0].fixtureCount, compact.runs[0].passedCount, compact.runs[0].stepCount],
                       [whole.runs[0].fixtureCount, whole.runs[0].passedCount, whole.runs[0].stepCount])
        let storedRuns = try corpus.runs(platform: "swift", limit: 10)
        let (compactStored, wholeStored) = (storedRuns[0], storedRuns[storedRuns.count - 1])
        XCTAssertEqual(compactStored.results, wholeStored.results, "the stored passes are the same value")
        XCTAssertEqual(compactStored.inputs?.fixtures, wholeStored.inputs?.fixtures, "the fixture set hashed as it streamed is the same")
        XCTAssertNotNil(compactStored.inputs?.fixtures)
    }
}
