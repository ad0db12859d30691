import Foundation
import XCTest
import Duet
import DuetCorpus
@testable import DuetCLI

/// A CI matrix of three machines: each verifies one shard of the seed with `--results`, one
/// `runs import` merges them, and the milestone reports the merged run as the full run.
final class ShardedVerifyTests: XCTestCase {
    private var work: URL!
    private var corpus: [String] { ["--corpus", work.appendingPathComponent("corpus.db").path] }

    override func setUpWithError() throws {
        work = try temporaryDirectory()
        let load = duet(corpus + ["corpus", "load", packageRoot.appendingPathComponent("corpus.db.seed").path], in: work.path)
        XCTAssertEqual(load.status, .holds, load.stderr)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: work) }

    func testThreeShardsOfTheSeedCoverEveryFixtureOnceAndMergeIntoTheMilestonesFullRun() throws {
        let runner = try BuildProducts.executable("memorylane-runner")
        var shards: [[String]] = []
        for k in 1...3 {
            let verify = duet(corpus + ["verify", "--runner", runner, "--shard", "\(k)/3", "--results", "results-\(k).json"], in: work.path)
            XCTAssertEqual(verify.status, .holds, verify.stdout + verify.stderr)
            XCTAssertTrue(verify.stderr.contains("shard \(k)/3: "), verify.stderr)
            let file = try RunResultsFile.read(path: work.appendingPathComponent("results-\(k).json").path)
            XCTAssertEqual(file.shardSpec, try ShardSpec(index: k, count: 3))
            XCTAssertEqual(file.scope, "shard=\(k)/3")
            shards.append(try XCTUnwrap(file.runs.first).results.map(\.fixture))
        }
        let all = shards.flatMap { $0 }, stored = try Corpus.open(at: corpus[1]).fixtureNames()
        XCTAssertGreaterThan(stored.count, 170, "the seed's fixtures")
        XCTAssertEqual(all.count, stored.count, "the shards replay every fixture between them")
        XCTAssertEqual(Set(all).count, stored.count, "and no fixture twice")
        XCTAssertEqual(Set(all), Set(stored))
        XCTAssertLessThanOrEqual(shards.map(\.count).max()! - shards.map(\.count).min()!, 2, "\(shards.map(\.count))")

        XCTAssertTrue(try Corpus.open(at: corpus[1]).runs(fullOnly: true).isEmpty, "a shard is never stored as the full run")

        let merge = duet(corpus + ["runs", "import", "results-1.json", "results-2.json", "results-3.json", "--format", "json"], in: work.path)
        XCTAssertEqual(merge.status, .holds, merge.stderr)
        let merged = try XCTUnwrap(CanonicalJSON.parse(merge.stdout)["runs"]?.arrayValue?.first)
        XCTAssertEqual(merged["scope"]?.stringValue, "full")
        XCTAssertEqual(try CanonicalJSON.parse(merge.stdout)["verdict"]?["holds"], .bool(true), "the verdict is a field, not a stray line")
        XCTAssertEqual(merged["fixtures"]?.intValue, Int64(stored.count))
        let mergedID = try XCTUnwrap(merged["id"]?.intValue)

        let milestone = duet(corpus + ["milestone", "--preview", "--format", "json"], in: work.path)
        let verify = try XCTUnwrap(CanonicalJSON.parse(milestone.stdout)["verify"]?.arrayValue?.first, milestone.stderr)
        XCTAssertEqual(verify["platform"]?.stringValue, "swift")
        XCTAssertEqual(verify["status"]?.stringValue, "passed")
        XCTAssertEqual(verify["fixtures"]?.intValue, Int64(stored.count))
        // The milestone verifies again with the runner of the merged run: every fixture passed there on the same
        // build and behaviour, so it stands on the merged run's results without replaying any.
        XCTAssertEqual(verify["use"]?.stringValue?.hasSuffix("0 replayed, \(stored.count) unchanged since run \(mergedID)"), true,
                       "the merged run stands: \(milestone.stderr)")
    }

    func testRunsImportRefusesAMissingShardAndStoresNothing() throws {
        let runner = try BuildProducts.executable("memorylane-runner")
        for k in [1, 3] {
            XCTAssertEqual(duet(corpus + ["verify", "--runner", runner, "--shard", "\(k)/3", "--results", "r\(k).json"], in: work.path).status, .holds)
        }
        let before = try Corpus.open(at: corpus[1]).runs(limit: 100).count
        let merge = duet(corpus + ["runs", "import", "r1.json", "r3.json"], in: work.path)
        XCTAssertEqual(merge.status, .usage)
        XCTAssertTrue(merge.stderr.contains("they belong to shard 2/3"), merge.stderr)
        XCTAssertEqual(try Corpus.open(at: corpus[1]).runs(limit: 100).count, before)
    }

    func testShardArgumentsAreChecked() {
        XCTAssertEqual(duet(corpus + ["verify", "--shard", "4/3"], in: work.path).status, .usage)
        let combined = duet(corpus + ["verify", "--shard", "1/2", "--feature", "timeline"], in: work.path)
        XCTAssertEqual(combined.status, .usage)
        XCTAssertTrue(combined.stderr.contains("does not combine with --feature"), combined.stderr)
    }
}
