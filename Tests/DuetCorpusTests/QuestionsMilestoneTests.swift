import XCTest
import Duet
import DuetManifest
import DuetCorpusSamples
@testable import DuetCorpus

final class QuestionsMilestoneTests: XCTestCase {
    private typealias Q = QuestionsCorpus
    private let day1 = Date(timeIntervalSince1970: 1_780_000_000)
    private let day2 = Date(timeIntervalSince1970: 1_780_086_400)
    private var tree: RecordTree!

    override func setUpWithError() throws { tree = RecordTree(root: try makeTemporaryDirectory("milestones").path) }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: tree.root) }

    func testAMilestoneGathersEverySectionAndIsStored() throws {
        let corpus = try Q.make()
        let (report, replaced) = try corpus.recordMilestone(named: "alpha", manifest: Q.manifest(), now: day1, tree: tree)
        XCTAssertFalse(replaced)
        XCTAssertNil(report.difference)
        XCTAssertEqual(report.corpus.fixtures, Q.fixtures.count)
        XCTAssertEqual(report.census.declared, PrimitiveCounts(path: 2, slot: 5, tabs: 1, stage: 1))
        XCTAssertEqual(report.islands.islands.count, 3)
        XCTAssertEqual(report.ledger.count, 6)
        XCTAssertTrue(report.holds)
        XCTAssertEqual(try corpus.milestone(named: "alpha"), report)
        XCTAssertEqual(try corpus.milestones().map(\.name), ["alpha"])
        XCTAssertNil(try corpus.milestone(named: "beta"))
        // The file of record holds the same report, in the pinned pretty form.
        let file = try bytes(of: URL(fileURLWithPath: tree.milestonesDirectory + "/alpha.json"))
        XCTAssertEqual(file, try CanonicalEncoder().encode(report).prettyBytes)
    }

    func testTheNextMilestoneShowsWhatWasAddedAndRemoved() throws {
        let corpus = try Q.make()
        _ = try corpus.recordMilestone(named: "alpha", manifest: Q.manifest(), now: day1, tree: tree)
        try corpus.upsertFixtures([Q.leaf("capture.location", "capture", #"{"chrome":{"flash":false}}"#,
                                          [("locationTapped", #"{"chrome":{"flash":false},"sheet":{"case":"location"}}"#)])])
        try corpus.deleteFixtures(named: ["shared"])
        let (report, _) = try corpus.recordMilestone(named: "beta", manifest: Q.manifest(), now: day2, tree: tree)
        let difference = try XCTUnwrap(report.difference)
        XCTAssertEqual(difference.previous, "alpha")
        XCTAssertEqual(difference.fixtures.added, ["capture.location"])
        XCTAssertEqual(difference.fixtures.removed, ["shared"])
        XCTAssertEqual(difference.kinds.added, ["capture.slot.location"])
        XCTAssertEqual(difference.kinds.removed, ["shared.path.memoryDetail"])
        XCTAssertTrue(difference.entries.isEmpty)
        // Negative control: nothing changed, nothing to report.
        let (same, _) = try corpus.recordMilestone(named: "gamma", manifest: Q.manifest(), now: day2, tree: tree)
        XCTAssertEqual(same.difference?.previous, "beta")
        XCTAssertEqual(same.difference?.isEmpty, true)
    }

    func testRerunningANameReplacesItAndComparesWithTheOneBefore() throws {
        let corpus = try Q.make()
        _ = try corpus.recordMilestone(named: "alpha", manifest: Q.manifest(), now: day1, tree: tree)
        _ = try corpus.recordMilestone(named: "current", manifest: Q.manifest(), now: day1, tree: tree)
        let (again, replaced) = try corpus.recordMilestone(named: "current", manifest: Q.manifest(), now: day2, tree: tree)
        XCTAssertTrue(replaced)
        XCTAssertEqual(again.difference?.previous, "alpha")
        XCTAssertEqual(try corpus.milestones().map(\.name), ["alpha", "current"])
        XCTAssertEqual(try corpus.milestone(named: "current")?.createdAt, LedgerEntryVersion.timestamp(day2))
    }

    func testVerifyStatusComesFromTheLatestRunPerPlatform() throws {
        let corpus = try Q.make()
        let fixtures = try corpus.currentInputs(manifestPath: nil).fixtures
        for (platform, status, day) in [("swift", "failed", "2026-01-01"), ("swift", "passed", "2026-01-02"), ("kotlin", "failed", "2026-01-02")] {
            try corpus.database.execute("""
                INSERT INTO runs(started_at, platform, runner, status, fixture_count, passed_count, failed_count, not_run_count, ended_early, duration_ms,
                                 scope, fixtures_hash)
                VALUES (?, ?, 'runner', ?, 10, 9, 1, 0, 0, 5, 'full', ?)
                """, [.text(day), .text(platform), .text(status), .text(fixtures)])
        }
        let (report, _) = try corpus.recordMilestone(named: "alpha", manifest: Q.manifest(), now: day1, tree: tree)
        XCTAssertEqual(report.verify.map(\.platform), ["kotlin", "swift"])
        XCTAssertEqual(report.verify.map(\.status), ["failed", "passed"])
        // Negative control: a run stored before runs named what they judged never stands for now.
        try corpus.database.execute("""
            INSERT INTO runs(started_at, platform, runner, status, fixture_count, passed_count, failed_count, not_run_count, ended_early, duration_ms, scope)
            VALUES ('2026-01-03', 'swift', 'runner', 'passed', 10, 10, 0, 0, 0, 5, 'full')
            """)
        let later = try corpus.milestoneReport(named: "beta", manifest: Q.manifest(), now: day1)
        XCTAssertEqual(later.verify.map(\.platform), ["kotlin"])
        XCTAssertTrue(later.verifyMissing?.first { $0.platform == "swift" }?.reason.hasPrefix("stale: verify run 4") == true, "\(later.verifyMissing ?? [])")
    }
}
