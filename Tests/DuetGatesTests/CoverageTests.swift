import Duet
import DuetCorpus
@testable import DuetCLI
@testable import DuetGates
import XCTest

/// `duet coverage` and the golden-first rule of `lint --strict`: a declared action case no fixture
/// sends is listed and fails both; with every case sent they hold (the negative control).
final class CoverageTests: XCTestCase {
    func testEveryDeclaredCaseOfTheSeedIsSentByAFixture() throws {
        let sandbox = try DrillSandbox.seed()
        let coverage = sandbox.duet("coverage", "--format", "json")
        XCTAssertEqual(coverage.status, .holds, coverage.out + coverage.err)
        let features = coverage.json?["features"]?.arrayValue ?? []
        XCTAssertEqual(features.count, 16)
        XCTAssertTrue(features.allSatisfy { $0["unreached"]?.arrayValue?.isEmpty == true })
        let timeline = try XCTUnwrap(features.first { $0["feature"]?.text == "timeline" })
        XCTAssertEqual(timeline["declared"]?.arrayValue?.count, 15)
        XCTAssertTrue(timeline["fixtureTransitions"]?.arrayValue?.contains {
            $0["kind"]?.text == "timeline.path.memoryDetail" && $0["change"]?.text == "entered" && $0["actionCase"]?.text == "memoryTapped"
        } ?? false)
        XCTAssertEqual(sandbox.duet("coverage", "--feature", "nope").status, .usage)
    }

    func testACaseNoFixtureSendsIsUnreachedAndFailsLintStrict() throws {
        let sandbox = try DrillSandbox.samples()
        XCTAssertEqual(sandbox.duet("coverage").status, .holds)
        // Without lens.note, no fixture sends .noted.
        try FileManager.default.removeItem(at: sandbox.directory.appendingPathComponent("parity/fixtures/lens.note.fixture.json"))
        let coverage = sandbox.duet("coverage", "--format", "json")
        XCTAssertEqual(coverage.status, .findings, coverage.out + coverage.err)
        let lens = try XCTUnwrap(coverage.json?["features"]?.arrayValue?.first { $0["feature"]?.text == "lens" })
        XCTAssertEqual(lens["unreached"]?.arrayValue, [.string("noted")])
        XCTAssertTrue(coverage.err.contains("lens.noted is declared but no fixture sends it"), coverage.err)

        try "runners: {}\n".write(to: sandbox.directory.appendingPathComponent("parity/manifest.yaml"), atomically: true, encoding: .utf8)
        let lint = sandbox.duet("lint")
        XCTAssertEqual(lint.status, .holds, "without --strict the golden-first rule warns: " + lint.out)
        XCTAssertTrue(lint.err.contains("coverage.actions"), lint.err)
        let strict = sandbox.duet("lint", "--strict", "--format", "json")
        XCTAssertEqual(strict.status, .findings, strict.out)
        XCTAssertTrue(strict.out.contains("action case lens.noted is declared but no fixture of record sends it"), strict.out)

        // Explore cannot send it either, and says so.
        let explore = sandbox.duet("explore", "--platform", "swift", "--runner", try DrillRunner.command(), "--budget", "100",
                                   "--restore-every", "0", "--format", "json")
        let explored = try XCTUnwrap(explore.json?["features"]?.arrayValue?.first { $0["name"]?.text == "lens" })
        XCTAssertEqual(explored["notGenerated"]?.arrayValue, [.string("noted")])
    }

    func testCoverageNamesWhatOnlyExploreReached() throws {
        let sandbox = try DrillSandbox.samples()
        _ = sandbox.duet("explore", "--platform", "swift", "--runner", try DrillRunner.command(), "--budget", "800", "--restore-every", "0")
        let coverage = sandbox.duet("coverage", "--feature", "lens", "--format", "json")
        let lens = try XCTUnwrap(coverage.json?["features"]?.arrayValue?.first)
        XCTAssertNotNil(lens["exploreRun"]?.intValue)
        // The fixtures never dismiss the note sheet; explore does.
        let only = lens["exploreOnlyTransitions"]?.arrayValue ?? []
        XCTAssertTrue(only.contains { $0["kind"]?.text == "lens.slot.note" && $0["change"]?.text == "left" }, coverage.out)
        let fixtureMoves = Set((lens["fixtureTransitions"]?.arrayValue ?? []).map(\.canonicalString))
        XCTAssertTrue(only.allSatisfy { !fixtureMoves.contains($0.canonicalString) }, "explore-only means no fixture pins it")
    }
}

/// The milestone carries action coverage and what changed in it since the previous milestone.
final class MilestoneCoverageTests: XCTestCase {
    func testTheMilestoneCarriesCoverageAndItsDifference() throws {
        let sandbox = try DrillSandbox.samples()
        _ = sandbox.duet("milestone", "before", "--format", "json")
        let before = try XCTUnwrap(try milestone(sandbox, "before"))
        let lens = try XCTUnwrap(before["actionCoverage"]?["features"]?.arrayValue?.first { $0["feature"]?.text == "lens" }, before.canonicalString)
        XCTAssertEqual(lens["unreached"]?.arrayValue, [], "every lens case is sent: the negative control")
        XCTAssertTrue(before["inventory"]?["actionCases"]?.arrayValue?.contains(.string("lens.noted")) == true)

        // Explore reaches what no fixture pins (the note sheet dismissed); then without lens.note no fixture sends .noted.
        let explore = sandbox.duet("explore", "--platform", "swift", "--runner", try DrillRunner.command(), "--budget", "800", "--restore-every", "0")
        XCTAssertEqual(explore.status, .holds, explore.out + explore.err)
        try FileManager.default.removeItem(at: sandbox.directory.appendingPathComponent("parity/fixtures/lens.note.fixture.json"))
        let preview = sandbox.duet("milestone", "--preview", "--format", "json")
        let now = try CanonicalJSON.parse(preview.out)
        let lensNow = try XCTUnwrap(now["actionCoverage"]?["features"]?.arrayValue?.first { $0["feature"]?.text == "lens" }, preview.out)
        XCTAssertEqual(lensNow["unreached"]?.arrayValue, [.string("noted")])
        XCTAssertEqual(now["difference"]?["actionCases"]?["removed"]?.arrayValue, [.string("lens.noted")], preview.out)
        XCTAssertTrue(now["difference"]?["exploreOnly"]?["added"]?.arrayValue?.contains { $0.text?.hasPrefix("lens: ") == true } ?? false,
                      "explore ran since: " + preview.out)
        let page = sandbox.duet("milestone", "--preview", "--format", "md").out
        XCTAssertTrue(page.contains("Action coverage"), page)
        XCTAssertTrue(page.contains("action cases sent by fixtures removed: lens.noted"), page)
    }

    private func milestone(_ sandbox: DrillSandbox, _ name: String) throws -> JSONValue? {
        let file = sandbox.directory.appendingPathComponent("parity/milestones/\(name).json")
        return try CanonicalJSON.parse(Array(try Data(contentsOf: file)))
    }
}
