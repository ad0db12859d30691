import XCTest
import Duet
@testable import DuetCorpus

/// Drill runs and their findings round-trip through the corpus; the latest *full* run per platform
/// is what a milestone reports.
final class DrillRunStorageTests: XCTestCase {
    func run(_ platform: String, scope: StoredDrillRun.Scope, findings: [StoredDrillFinding], inputs: ResultInputs? = nil) -> StoredDrillRun {
        StoredDrillRun(startedAt: "2026-12-01T10:00:00.000Z", platform: platform, runner: "./runner", scope: scope,
                       filter: scope == .full ? nil : "feature timeline", status: findings.contains { $0.ruling == nil } ? "failed" : "passed",
                       fixtureCount: 3, snapshotCount: 9, stepCount: 6, maxSpineBytes: 51200, runnerFailure: nil,
                       durationMilliseconds: 12, findings: findings, inputs: inputs)
    }

    func finding(_ fixture: String, ruling: String? = nil) -> StoredDrillFinding {
        StoredDrillFinding(fixture: fixture, step: nil, node: "timeline", rule: "carry-on", path: "path[0]", expected: #"{"case":"a"}"#,
                           actual: nil, message: "killed in the initial state and relaunched", ruling: ruling)
    }

    func testARunAndItsFindingsReadBackAsStored() throws {
        let corpus = try Corpus.temporary()
        let stored = run("swift", scope: .full, findings: [finding("b"), finding("a", ruling: "accepted")])
        let id = try corpus.storeDrillRun(stored)
        var expected = stored
        expected.id = id
        XCTAssertEqual(try corpus.drillRuns(platform: "swift"), [expected])
        XCTAssertEqual(expected.failingFixtures, ["b"], "a ruled finding does not fail its fixture")
        XCTAssertEqual(try corpus.database.rows("SELECT finding_count, ruled_count FROM drill_runs").first?.values, [.integer(1), .integer(1)])
    }

    func testTheLatestFullDrillPerPlatformIsWhatAMilestoneReports() throws {
        let corpus = try Corpus.temporary()
        let now = try corpus.currentInputs(manifestPath: nil)
        try corpus.storeDrillRun(run("swift", scope: .full, findings: [finding("old")], inputs: now))
        try corpus.storeDrillRun(run("swift", scope: .full, findings: [finding("new")], inputs: now))
        try corpus.storeDrillRun(run("swift", scope: .filtered, findings: [finding("filtered")], inputs: now))
        try corpus.storeDrillRun(run("kotlin", scope: .full, findings: [], inputs: now))
        let (drills, stale) = try corpus.standingDrills(drilled: [:], current: now)
        XCTAssertEqual(stale, [:])
        XCTAssertEqual(drills.map(\.platform), ["kotlin", "swift"])
        XCTAssertEqual(drills.map(\.failingFixtures), [[], ["new"]])
        XCTAssertEqual(drills.map(\.status), ["passed", "failed"])
        // The milestone's difference: added = newly failing the drill, removed = passing it again.
        let before = MilestoneInventory(kinds: [], fields: [], fixtures: [], entries: [], checks: [], failing: [], drillFailing: ["swift new"])
        var after = before
        after.drillFailing = ["swift newer"]
        let difference = MilestoneDifference(previous: "m1", previousCreatedAt: "t", from: before, to: after)
        XCTAssertEqual(difference.drillFailing, MilestoneDifference.Change(added: ["swift newer"], removed: ["swift new"]))
        XCTAssertFalse(difference.isEmpty)
        let unchanged = MilestoneDifference(previous: "m1", previousCreatedAt: "t", from: before, to: before)
        XCTAssertEqual(unchanged.drillFailing?.isEmpty, true)
    }

    func testAnUnmappedPassPutsTheMapBack() throws {
        let corpus = try Corpus.temporary()
        let before = try corpus.database.scalarInteger("PRAGMA mmap_size")
        XCTAssertEqual(try corpus.withUnmappedReads { try corpus.database.scalarInteger("PRAGMA mmap_size") }, 0)
        XCTAssertEqual(try corpus.database.scalarInteger("PRAGMA mmap_size"), before)
    }
}
