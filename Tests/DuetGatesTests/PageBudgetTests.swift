import Duet
import DuetCorpus
import DuetFixtures
@testable import DuetGates
import XCTest

/// A page of fixtures verify holds closes on the bytes parsed for it as well as on its steps, and
/// those bytes count what a fixture newly holds (blobs shared with one read just before are parsed once).
final class PageBudgetTests: XCTestCase {
    private func fixture(_ name: String, steps: Int) -> Fixture {
        Fixture(name: name, steps: (0..<steps).map { _ in FixtureStep(action: .string("tap"), expectedState: .null, expectedEffects: .array([])) })
    }

    func testAPageClosesOnParsedBytesOrSteps() {
        var page = ReplayPage(maxSteps: 100, maxParsedBytes: 1_000)
        XCTAssertFalse(page.add(fixture("a", steps: 1), parsedBytes: 600))
        XCTAssertTrue(page.add(fixture("b", steps: 1), parsedBytes: 500), "1,100 parsed bytes fill a 1,000-byte page")
        page.clear()
        XCTAssertTrue(page.isEmpty)
        // Negative control: the same steps with little parsed stay one page; steps still close it.
        XCTAssertFalse(page.add(fixture("a", steps: 1), parsedBytes: 10))
        XCTAssertFalse(page.add(fixture("b", steps: 1), parsedBytes: 10))
        XCTAssertTrue(page.add(fixture("c", steps: 98), parsedBytes: 0))
        XCTAssertEqual(page.fixtures.map(\.name), ["a", "b", "c"])
    }

    func testParsedBytesCountWhatAFixtureNewlyHolds() throws {
        let sandbox = try DrillSandbox.samples()
        try FileManager.default.removeItem(at: sandbox.directory.appendingPathComponent("parity"))   // no sync back from the tree
        let corpus = try sandbox.corpus()
        let original = try XCTUnwrap(try corpus.fixtures().filter { !$0.isChain && !$0.steps.isEmpty }.max { $0.steps.count < $1.steps.count })
        var copy = original
        copy.name = original.name + "~copy"   // sorts right after it: the same blobs, read next
        try corpus.upsertFixtures([copy])
        var encoder = PassSet.Encoder()
        encoder.append(original.name, steps: 0)
        encoder.append(copy.name, steps: 0)
        var parsed: [String: Int] = [:]
        try corpus.forEachFixture(namedIn: encoder.bytes, count: 2) { parsed[$0.name] = $1 }
        let largestState = original.steps.compactMap { $0.expectedState?.canonicalBytes.count }.max() ?? 0
        XCTAssertGreaterThanOrEqual(parsed[original.name] ?? 0, largestState, "its states were parsed")
        XCTAssertLessThan(parsed[copy.name] ?? .max, parsed[original.name] ?? 0, "the copy's small blobs were parsed once, for the original")
        // Read alone (a fresh reader), the copy parses all it holds again.
        var alone = PassSet.Encoder()
        alone.append(copy.name, steps: 0)
        try corpus.forEachFixture(namedIn: alone.bytes, count: 1) { parsed["alone"] = $1 }
        XCTAssertGreaterThan(parsed["alone"] ?? 0, parsed[copy.name] ?? .max)
        XCTAssertGreaterThanOrEqual(parsed["alone"] ?? 0, largestState)
    }

    func testAPageBoundedByParsedBytesGivesTheSameRun() throws {
        let sandbox = try DrillSandbox.samples()
        let corpus = try sandbox.corpus()
        func verify(parsedBytes: Int) throws -> VerifyOutcome {
            var workflow = VerifyWorkflow(corpus: corpus, runners: .resolve(platforms: ["swift"], explicit: try DrillRunner.command(), manifest: nil),
                                          timeout: 30)
            workflow.keepPasses = true
            workflow.pageParsedBytes = parsedBytes
            return try workflow.run(all: true)
        }
        let whole = try verify(parsedBytes: .max)
        let paged = try verify(parsedBytes: 1)   // a page per fixture
        XCTAssertGreaterThan(whole.runs[0].passedCount, 0, "a run that passed nothing would compare nothing")
        XCTAssertEqual(paged.runs[0].results, whole.runs[0].results)
        XCTAssertEqual(paged.runs[0].stepCount, whole.runs[0].stepCount)
    }
}
