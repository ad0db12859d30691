import XCTest
import Duet
@testable import DuetCorpus

/// `duet runs import`: shard result files merge into one stored full run per platform, and
/// every way they can fail to be one run is refused with nothing stored.
final class RunResultsMergeTests: XCTestCase {
    private var corpus: Corpus!

    override func setUpWithError() throws {
        corpus = try Corpus.inMemory()
        try corpus.upsertFixtures(try (1...7).map { index in
            try navigationFixture(name: "nav-\(index)", steps: (0..<index).map { step in
                (#"{"case":"step\#(step)"}"#, #"{"path":[],"title":"t\#(step)"}"#)
            })
        })
    }

    /// The result file of shard `shard` of `count` as `verify --results` writes it; `failing` fail at step 0.
    private func resultFile(_ shard: Int, of count: Int, platform: String = "swift", failing: Set<String> = [],
                            scope: RunScope? = nil, only: [String]? = nil) throws -> RunResultsFile {
        let spec = try ShardSpec(index: shard, count: count)
        let plan = try corpus.shardPlan(spec)
        let names = only ?? plan.fixtures
        let results = names.map { name in
            failing.contains(name)
                ? StoredFixtureResult(fixture: name, status: "failed", stepsRun: 0, failureKind: "state", step: 0, path: "title",
                                      expected: "\"t0\"", actual: "\"x\"", message: "state diverged")
                : StoredFixtureResult(fixture: name, status: "passed", stepsRun: 1)
        }
        let run = StoredRun(startedAt: "2026-12-01T10:0\(shard):00.000Z", platform: platform, runner: "runner-\(shard)",
                            status: failing.isEmpty ? "passed" : "failed", scope: scope ?? spec.scope, fixtureCount: results.count,
                            passedCount: results.count { $0.status == "passed" }, failedCount: results.count { $0.status == "failed" },
                            notRunCount: 0, runnerFailure: nil, durationMilliseconds: 100 * shard, results: results)
        return RunResultsFile(fingerprints: try corpus.fixtureFingerprints(), shard: plan, scope: scope ?? spec.scope, runs: [run],
                              duet: "0.1.0", toolchain: "swift 6.3", host: "linux x86_64")
    }

    private func loaded(_ files: RunResultsFile...) -> [LoadedRunResults] {
        files.enumerated().map { LoadedRunResults(path: "results-\($0.offset + 1).json", file: $0.element) }
    }

    private func refusal(_ files: [LoadedRunResults], file: StaticString = #filePath, line: UInt = #line) -> [String] {
        do {
            _ = try corpus.importRunResults(files)
            XCTFail("merged, expected a refusal", file: file, line: line)
            return []
        } catch let refusal as RunImportRefusal {
            XCTAssertTrue(try corpus.runs().isEmpty, "a refusal stores nothing", file: file, line: line)
            return refusal.problems
        } catch {
            XCTFail("\(error)", file: file, line: line)
            return []
        }
    }

    func testThreeShardsMergeIntoOneStoredFullRun() throws {
        let merged = try corpus.importRunResults(loaded(try resultFile(1, of: 3), try resultFile(2, of: 3), try resultFile(3, of: 3)))
        XCTAssertEqual(merged.count, 1)
        let full = try XCTUnwrap(corpus.runs(platform: "swift", limit: 1, fullOnly: true).first)
        XCTAssertEqual(full.scope, .full)
        XCTAssertEqual(full.status, "passed")
        XCTAssertEqual(full.results.map(\.fixture), try corpus.fixtureNames())
        XCTAssertEqual(full.startedAt, "2026-12-01T10:01:00.000Z", "the earliest shard's start")
        XCTAssertEqual(full.durationMilliseconds, 300, "the slowest shard: the matrix's wall time")
        XCTAssertEqual(full.runner, "runner-1 | runner-2 | runner-3")
    }

    func testAFailureInOneShardFailsTheMergedRunAndKeepsWhere() throws {
        let failing = try corpus.shardPlan(try ShardSpec(parsing: "2/2")).fixtures[0]
        let merged = try corpus.importRunResults(loaded(try resultFile(1, of: 2), try resultFile(2, of: 2, failing: [failing])))
        XCTAssertEqual(merged.first?.run.status, "failed")
        let stored = try XCTUnwrap(corpus.runs(fullOnly: true).first)
        XCTAssertEqual(stored.failedCount, 1)
        XCTAssertEqual(stored.results.first { $0.fixture == failing }?.path, "title")
    }

    func testAnIncompleteCoverNamesTheMissingFixturesAndTheirShard() throws {
        let problems = refusal(loaded(try resultFile(1, of: 3), try resultFile(3, of: 3)))
        let missing = try corpus.shardPlan(try ShardSpec(parsing: "2/3")).fixtures
        XCTAssertEqual(problems.count, 1, "\(problems)")
        XCTAssertTrue(problems[0].contains("\(missing.count) of 7 fixtures have no result"), problems[0])
        XCTAssertTrue(problems[0].contains(missing[0]), problems[0])
        XCTAssertTrue(problems[0].contains("they belong to shard 2/3"), problems[0])
    }

    func testOverlappingShardsAreRefused() throws {
        let problems = refusal(loaded(try resultFile(1, of: 2), try resultFile(2, of: 2), try resultFile(2, of: 2)))
        XCTAssertEqual(problems.count, 1, "\(problems)")
        XCTAssertTrue(problems[0].contains("results-2.json (shard 2/2) and results-3.json (shard 2/2) both hold"), problems[0])
        // Shards of different splits that share fixtures overlap too.
        XCTAssertFalse(refusal(loaded(try resultFile(1, of: 2), try resultFile(2, of: 2), try resultFile(1, of: 3))).isEmpty)
    }

    func testAFileFromOtherFixturesIsRefusedNamingWhatDiffers() throws {
        let shards = [try resultFile(1, of: 2), try resultFile(2, of: 2)]
        var changed = try XCTUnwrap(corpus.fixtures(name: "nav-3").first)
        changed.steps[0].expectedState = try CanonicalJSON.parse(#"{"path":[],"title":"other"}"#)
        try corpus.upsertFixtures([changed])
        let problems = refusal(loaded(shards[0], shards[1]))
        let holder = shards[0].runs[0].results.contains { $0.fixture == "nav-3" } ? "results-1.json" : "results-2.json"
        XCTAssertEqual(problems.count, 2, "both files ran against the old fixtures: \(problems)")
        XCTAssertTrue(problems.contains { $0.hasPrefix(holder) && $0.contains("changed here: nav-3") }, "\(problems)")
    }

    func testANarrowedRunIsNotAShard() throws {
        let narrowed = try resultFile(1, of: 1, scope: RunScope(feature: "nav"))
        let problems = refusal(loaded(narrowed))
        XCTAssertTrue(problems.contains { $0.contains("the run was narrowed (feature=nav)") }, "\(problems)")
    }

    func testPlatformsMergeSeparatelyAndEachMustBeCovered() throws {
        let files = loaded(try resultFile(1, of: 2), try resultFile(2, of: 2), try resultFile(1, of: 2, platform: "kotlin"))
        let problems = refusal(files)
        XCTAssertEqual(problems.count, 1, "\(problems)")
        XCTAssertTrue(problems[0].hasPrefix("kotlin: "), problems[0])
        let complete = files + loaded(try resultFile(2, of: 2, platform: "kotlin")).map { LoadedRunResults(path: "k2.json", file: $0.file) }
        XCTAssertEqual(try corpus.importRunResults(complete).map(\.run.platform), ["kotlin", "swift"])
    }

    func testTheFileRoundTripsAndAMalformedOneIsPlaced() throws {
        let file = try resultFile(1, of: 2)
        XCTAssertEqual(try RunResultsFile.decode(file.prettyBytes, file: "r.json"), file)
        let text = String(decoding: file.prettyBytes, as: UTF8.self).replacingOccurrences(of: "\"stepsRun\": 1", with: "\"stepsRun\": \"one\"")
        XCTAssertThrowsError(try RunResultsFile.decode(Array(text.utf8), file: "r.json")) { error in
            let input = error as? InputError
            XCTAssertEqual(input?.file, "r.json")
            let line = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("\"one\"") }.map { $0 + 1 }
            XCTAssertEqual(input?.line, line, "\(error)")
        }
        XCTAssertThrowsError(try RunResultsFile.decode(Array(#"{"format":"something-else"}"#.utf8), file: "r.json")) { error in
            XCTAssertTrue("\(error)".contains("not a duet run result file"), "\(error)")
        }
    }
}
