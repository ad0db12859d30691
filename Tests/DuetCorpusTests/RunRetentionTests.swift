import XCTest
import Duet
import DuetCorpusSamples
@testable import DuetCorpus

/// Run history has a bound: a run's passes are one value (its failures rows, in full), and stored
/// runs are kept by the retention policy — the latest N per platform, gate and scope, and every
/// run a stored milestone cites.
final class RunRetentionTests: XCTestCase {
    private typealias Q = QuestionsCorpus

    private func count(_ corpus: Corpus, _ sql: String) throws -> Int { Int(try corpus.database.scalarInteger(sql) ?? -1) }

    private func at(_ n: Int) -> String { "2026-06-\(String(format: "%02d", n))T00:00:00.000Z" }

    func testPassesAreOneValueAndFailuresRowsAndTheRunReadsBackWhole() throws {
        let corpus = try Q.make()
        let names = Q.fixtures.map(\.name)
        XCTAssertGreaterThan(names.count, 2)
        let id = try Q.storeRun(corpus, "swift", scope: .full, failing: [names[1]], at: at(1))
        XCTAssertEqual(try count(corpus, "SELECT count(*) FROM run_results"), 1, "only the failure is a row")
        XCTAssertEqual(try corpus.database.rows("SELECT fixture FROM run_results").first?[0].text, names[1])
        let run = try XCTUnwrap(try corpus.run(id: id))
        XCTAssertEqual(run.results.map(\.fixture), names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        XCTAssertEqual(run.results.filter { $0.status == "passed" }.count, names.count - 1)
        XCTAssertEqual(run.results.first { $0.fixture == names[1] }?.path, "sheet")
        XCTAssertEqual(run.results.first { $0.fixture == names[0] }, StoredFixtureResult(fixture: names[0], status: "passed", stepsRun: 1))

        // Negative control: a run stored before passes were one value (a row per pass) reads back the same.
        try corpus.database.execute("UPDATE runs SET passes = NULL WHERE id = ?", [.integer(id)])
        XCTAssertEqual(try corpus.run(id: id)?.results.count, 1, "without its passes value the run has only its failure")
        for name in names where name != names[1] {
            try corpus.database.execute("INSERT INTO run_results (run_id, fixture, status, steps_run) VALUES (?, ?, 'passed', 1)",
                                        [.integer(id), .text(name)])
        }
        XCTAssertEqual(try corpus.run(id: id)?.results, run.results, "rows or one value, the same results in name order")
    }

    func testThePassSetRoundTripsSharedPrefixesAndRefusesDamage() throws {
        let passes = [ReusedPass(fixture: "capture.camera", steps: 3), ReusedPass(fixture: "capture.camera.denied", steps: 300),
                      ReusedPass(fixture: "capture.cámara", steps: 0), ReusedPass(fixture: "z", steps: 1 << 40)]
        let bytes = PassSet.encode(passes)
        XCTAssertEqual(try PassSet.decode(bytes), passes)
        XCTAssertLessThan(bytes.count, passes.map(\.fixture.utf8.count).reduce(0, +), "shared prefixes are stored once")
        XCTAssertEqual(try PassSet.decode([]), [])
        XCTAssertThrowsError(try PassSet.decode(Array(bytes.dropLast()))) { XCTAssertTrue("\($0)".contains("cannot be read")) }
        XCTAssertThrowsError(try PassSet.decode([9] + bytes.dropFirst()))
    }

    func testTheLatestNPerPlatformAndScopeAreKept() throws {
        let corpus = try Q.make()
        var swiftFull: [Int64] = [], swiftFiltered: [Int64] = [], kotlin: [Int64] = []
        for day in 1...5 { swiftFull.append(try Q.storeRun(corpus, "swift", scope: .full, failing: day == 1 ? ["shared"] : [], at: at(day))) }
        for day in 6...8 { swiftFiltered.append(try Q.storeRun(corpus, "swift", scope: RunScope(feature: "capture"), at: at(day))) }
        for day in 9...10 { kotlin.append(try Q.storeRun(corpus, "kotlin", scope: .full, at: at(day))) }

        let dry = try corpus.pruneRuns(keep: 2, dryRun: true)
        XCTAssertEqual(dry.removed.map(\.id), Array(swiftFull.prefix(3)) + [swiftFiltered[0]])
        XCTAssertEqual(try count(corpus, "SELECT count(*) FROM runs"), 10, "a dry run removes nothing")
        XCTAssertEqual(dry.verifyRuns, 6)

        let prune = try corpus.pruneRuns(keep: 2)
        XCTAssertEqual(prune.removed, dry.removed)
        XCTAssertEqual(try corpus.runs(limit: 100, withResults: false).compactMap(\.id).sorted(),
                       Array(swiftFull.suffix(2)) + Array(swiftFiltered.suffix(2)) + kotlin)
        XCTAssertEqual(try count(corpus, "SELECT count(*) FROM run_results WHERE run_id NOT IN (SELECT id FROM runs)"), 0,
                       "a removed run's results go with it")
        XCTAssertEqual(try corpus.pruneRuns(keep: 2).removed, [], "applied again, nothing more")
    }

    func testARunAMilestoneCitesIsKeptHoweverOld() throws {
        let corpus = try Q.make()
        let cited = try Q.storeRun(corpus, "swift", scope: .full, failing: ["shared"], at: at(1))
        _ = try corpus.recordMilestone(named: "alpha", manifest: Q.manifest(), now: Date(timeIntervalSince1970: 1_780_000_000),
                                       tree: RecordTree(root: try makeTemporaryDirectory("milestone").path))
        XCTAssertEqual(try corpus.milestone(named: "alpha")?.verify.first?.run, cited)
        let later = try (2...4).map { try Q.storeRun(corpus, "swift", scope: .full, at: at($0)) }

        let prune = try corpus.pruneRuns(keep: 1)
        XCTAssertEqual(prune.removed.map(\.id), Array(later.prefix(2)))
        XCTAssertEqual(prune.cited.map(\.id), [cited])
        XCTAssertNotNil(try corpus.run(id: cited), "the milestone's run stays")
        XCTAssertEqual(try corpus.run(id: cited)?.results.first { $0.status == "failed" }?.fixture, "shared")
        XCTAssertNotNil(try corpus.run(id: later[2]))

        // Negative control: once no milestone cites it, it goes.
        try corpus.database.execute("DELETE FROM milestones")
        XCTAssertEqual(try corpus.pruneRuns(keep: 1).removed.map(\.id), [cited])
    }

    func testDrillRunsAreKeptByTheSamePolicy() throws {
        let corpus = try Q.make()
        func drill(_ scope: StoredDrillRun.Scope, _ day: Int) throws -> Int64 {
            try corpus.storeDrillRun(StoredDrillRun(startedAt: at(day), platform: "swift", runner: "./runner", scope: scope,
                                                    filter: scope == .full ? nil : "feature capture", status: "failed", fixtureCount: 3,
                                                    snapshotCount: 9, stepCount: 6, maxSpineBytes: 51200, runnerFailure: nil, durationMilliseconds: 1,
                                                    findings: [StoredDrillFinding(fixture: "shared", step: 0, node: nil, rule: "round-trip", path: "sheet",
                                                                                  expected: "1", actual: "2", message: nil)]))
        }
        let full = try (1...3).map { try drill(.full, $0) }
        let filtered = try drill(.filtered, 4)
        let prune = try corpus.pruneRuns(keep: 1)
        XCTAssertEqual(prune.removed.map(\.id), Array(full.prefix(2)))
        XCTAssertEqual(try corpus.drillRuns(limit: 10).compactMap(\.id).sorted(), [full[2], filtered])
        XCTAssertEqual(try count(corpus, "SELECT count(*) FROM drill_findings"), 2, "the removed runs' findings went with them")
    }

    func testStoringARunAppliesThePolicyAtItsDefault() throws {
        let corpus = try Q.make()
        let keep = RunRetention.defaultKeep
        let ids = try (0...keep).map { try Q.storeRun(corpus, "swift", scope: .full, at: "2026-06-01T00:00:\(String(format: "%02d", $0 % 60)).\($0)Z") }
        XCTAssertEqual(try count(corpus, "SELECT count(*) FROM runs"), keep)
        XCTAssertNil(try corpus.run(id: ids[0]), "the oldest beyond the bound went when the newest was stored")
        XCTAssertNotNil(try corpus.run(id: ids[1]))
    }
}
