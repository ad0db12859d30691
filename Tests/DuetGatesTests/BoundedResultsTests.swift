import Duet
@testable import DuetCorpus
@testable import DuetCLI
@testable import DuetGates
import DuetReplay
import XCTest

/// Verify and the drill keep what their report needs — the counts and the failures up to
/// `--max-failures` — and count the rest: the report, the JSON and the stored run say how many
/// were left out, and the run still fails.
final class BoundedResultsTests: XCTestCase {
    /// Every fixture of the drill samples, its first step's recorded state changed: each fails on
    /// replay. The tree goes first, so the corpus is not synced back from its files.
    private func breakEveryFixture(_ sandbox: DrillSandbox) throws -> [String] {
        try FileManager.default.removeItem(at: sandbox.directory.appendingPathComponent("parity"))
        let corpus = try sandbox.corpus()
        let marker = JSONValue.object(try JSONObject([("broken", .bool(true))]))
        let broken = try corpus.fixtures().filter { !$0.steps.isEmpty }.map { fixture in
            var fixture = fixture
            fixture.steps[0].expectedState = marker
            return fixture
        }
        try corpus.upsertFixtures(broken)
        return broken.map { $0.name }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    private func verify(_ sandbox: DrillSandbox, _ options: String...) throws -> Invocation {
        sandbox.duet(["verify", "--all", "--runner", try DrillRunner.command(), "--format", "json"] + options)
    }

    func testVerifyKeepsUpToMaxFailuresAndCountsTheRest() throws {
        let sandbox = try DrillSandbox.samples()
        let broken = try breakEveryFixture(sandbox)
        XCTAssertGreaterThanOrEqual(broken.count, 3, "the limit needs failures beyond it")

        let bounded = try verify(sandbox, "--max-failures", "1")
        XCTAssertEqual(bounded.status, .findings, "failures left out still fail the run")
        let run = try XCTUnwrap(bounded.json?["runs"]?.arrayValue?.first)
        XCTAssertEqual(run["results"]?.arrayValue?.count, 1, bounded.out)
        XCTAssertEqual(run["results"]?.arrayValue?.first?["fixture"]?.text, broken[0], "the first failures in name order are kept")
        XCTAssertEqual(run["failuresOmitted"]?.intValue, Int64(broken.count - 1))
        XCTAssertEqual(run["failed"]?.intValue, Int64(broken.count), "every failure is counted")
        let stored = try XCTUnwrap(try sandbox.corpus().runs(platform: "swift", limit: 1).first)
        XCTAssertEqual(stored.failedCount, broken.count)
        XCTAssertEqual(stored.results.filter { $0.status != "passed" }.map(\.fixture), [broken[0]])
        XCTAssertEqual(stored.omittedFailures, broken.count - 1, "the stored run says how many were left out")
        let table = sandbox.duet("verify", "--all", "--runner", try DrillRunner.command(), "--max-failures", "1")
        XCTAssertTrue(table.out.contains("\(broken.count - 1) more failures not kept (--max-failures)"), table.out)

        // Negative controls: `all` keeps every failure, 0 keeps none in full and still fails.
        let every = try verify(sandbox, "--max-failures", "all")
        XCTAssertEqual(every.json?["runs"]?.arrayValue?.first?["results"]?.arrayValue?.count, broken.count)
        XCTAssertEqual(every.json?["runs"]?.arrayValue?.first?["failuresOmitted"]?.intValue, 0)
        XCTAssertEqual(try sandbox.corpus().runs(platform: "swift", limit: 1).first?.omittedFailures, 0)
        let none = try verify(sandbox, "--max-failures", "0")
        XCTAssertEqual(none.status, .findings)
        XCTAssertEqual(none.json?["runs"]?.arrayValue?.first?["results"]?.arrayValue?.count, 0)
        XCTAssertEqual(none.json?["runs"]?.arrayValue?.first?["failuresOmitted"]?.intValue, Int64(broken.count))
        XCTAssertFalse(none.json?["verdict"]?["holds"]?.boolValue ?? true)
    }

    func testAPassingRunListsNoPassesButCountsThem() throws {
        let sandbox = try DrillSandbox.samples()
        let count = try sandbox.corpus().fixtureNames().count
        let result = try verify(sandbox)
        XCTAssertEqual(result.status, .holds, result.out + result.err)
        let run = try XCTUnwrap(result.json?["runs"]?.arrayValue?.first)
        XCTAssertEqual(run["results"]?.arrayValue?.count, 0, "passes are counted, not listed")
        XCTAssertEqual(run["passed"]?.intValue, Int64(count))
        // The stored run still holds every pass (as one value) and reads back whole.
        let stored = try XCTUnwrap(try sandbox.corpus().runs(platform: "swift", limit: 1).first)
        XCTAssertEqual(stored.results.count, count)
        XCTAssertTrue(stored.results.allSatisfy { $0.status == "passed" })
        XCTAssertEqual(stored.omittedFailures, 0)
    }

    func testBadMaxFailuresIsUsage() throws {
        let sandbox = try DrillSandbox.samples()
        for bad in ["-1", "many", ""] {
            XCTAssertEqual(try verify(sandbox, "--max-failures", bad).status, .usage, bad)
            XCTAssertEqual(sandbox.duet("drill", "restore", "--runner", try DrillRunner.command(), "--max-failures", bad).status, .usage, bad)
        }
    }

    func testTheDrillKeepsUpToMaxFailuresAndCountsTheRest() throws {
        let sandbox = try DrillSandbox.samples()
        func drill(_ options: String...) throws -> Invocation {
            sandbox.duet(["drill", "restore", "--all", "--runner", try DrillRunner.command(), "--format", "json"] + options)
        }
        let every = try drill()
        XCTAssertEqual(every.status, .findings)
        let failing = Set(every.findings.compactMap { $0["fixture"]?.text })
        XCTAssertEqual(failing.count, 2, "the samples' drill fails two fixtures: \(every.out)")
        XCTAssertEqual(every.json?["summary"]?["failuresOmitted"]?.intValue, 0)
        let allFindings = try XCTUnwrap(every.json?["summary"]?["findings"]?.intValue)

        let bounded = try drill("--max-failures", "1")
        XCTAssertEqual(bounded.status, .findings, "findings left out still fail the drill")
        XCTAssertEqual(Set(bounded.findings.compactMap { $0["fixture"]?.text }).count, 1, bounded.out)
        XCTAssertEqual(bounded.json?["summary"]?["failuresOmitted"]?.intValue, 1)
        XCTAssertEqual(bounded.json?["summary"]?["findings"]?.intValue, allFindings, "every finding is counted")
        let stored = try XCTUnwrap(try sandbox.corpus().drillRuns(platform: "swift", limit: 1).first)
        XCTAssertEqual(stored.failingFixtures.count, 1)
        XCTAssertEqual(stored.openFindingCount + stored.omittedFindings, Int(allFindings), "the stored run counts what it left out")
        XCTAssertGreaterThan(stored.omittedFindings, 0)
        let table = sandbox.duet("drill", "restore", "--all", "--runner", try DrillRunner.command(), "--max-failures", "1")
        XCTAssertTrue(table.out.contains("1 more fixtures with findings not kept (--max-failures)"), table.out)

        let none = try drill("--max-failures", "0")
        XCTAssertEqual(none.status, .findings)
        XCTAssertEqual(none.findings.count, 0)
        XCTAssertEqual(none.json?["summary"]?["failuresOmitted"]?.intValue, 2)
    }

    func testTheDrillsPassCacheStandsAfterACompactRun() throws {
        let sandbox = try DrillSandbox.samples()
        let runner = try DrillRunner.command()
        let first = try DrillWorkflow(corpus: sandbox.corpus(), runners: ["swift": runner]).run(all: true)
        let clean = first.runs[0].fixtureCount - first.runs[0].failedFixtureCount
        XCTAssertGreaterThan(clean, 0)
        let again = try DrillWorkflow(corpus: sandbox.corpus(), runners: ["swift": runner]).run()
        XCTAssertEqual(again.reuse["swift"]?.reused, clean, "the clean fixtures of a compact run are not drilled again")
        XCTAssertEqual(again.runs[0].fixtureCount, first.runs[0].fixtureCount)
        XCTAssertEqual(again.runs[0].failedFixtureCount, first.runs[0].failedFixtureCount)
        XCTAssertEqual(again.runs[0].snapshotCount, first.runs[0].snapshotCount, "reused passes count their snapshots")
    }
}

/// The pieces that keep a run compact: a hash fed a piece at a time, a pass set built a name at a time.
final class CompactRunPiecesTests: XCTestCase {
    func testTheStreamingHashEqualsTheOneShotHashAtEveryCut() {
        let bytes = (0..<100).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        for length in [0, 1, 8, 15, 16, 17, 31, 32, 33, 100] {
            let whole = ContentHash(of: Array(bytes[..<length]))
            for cut in Set([0, length / 3, length / 2, length]) {
                var hasher = ContentHasher()
                hasher.update(bytes[..<cut])
                hasher.update(bytes[cut..<length])
                XCTAssertEqual(hasher.finalize(), whole, "length \(length) cut at \(cut)")
            }
        }
        var other = ContentHasher()
        other.update(bytes[..<16]); other.update([0])
        XCTAssertNotEqual(other.finalize(), ContentHash(of: Array(bytes[..<17])), "different bytes, different hash")
        XCTAssertEqual(ContentHash(of: Array("hello".utf8)).hex, "029bbd41b3a7d8cb191dae486a901e5b")
    }

    func testTheCorpusHashFedOneAtATimeEqualsTheWholeOne() {
        let fingerprints = (0..<50).map { FixtureFingerprint(name: "f\(1000 + $0)", steps: $0, hash: ContentHash(of: [UInt8($0)])) }
        var accumulator = CorpusContentHash.Accumulator()
        fingerprints.forEach { accumulator.add($0) }
        XCTAssertEqual(accumulator.result, CorpusContentHash(fingerprints))
        var fewer = CorpusContentHash.Accumulator()
        fingerprints.dropLast().forEach { fewer.add($0) }
        XCTAssertNotEqual(fewer.result.hash, CorpusContentHash(fingerprints).hash)
    }

    func testAPassSetBuiltANameAtATimeReadsBackTheSame() throws {
        let passes = ["a.one", "a.onex", "a.two", "b", "é.z"].enumerated().map { ReusedPass(fixture: $1, steps: $0 * 300) }
        var encoder = PassSet.Encoder()
        passes.forEach { encoder.append($0.fixture, steps: $0.steps) }
        XCTAssertEqual(encoder.bytes, PassSet.encode(passes))
        XCTAssertEqual(encoder.count, passes.count)
        var decoder = PassSet.Decoder(encoder.bytes)
        var read: [ReusedPass] = []
        while let pass = try decoder.next() { read.append(pass) }
        XCTAssertEqual(read, passes)
        // A list built as names come reads back in that order.
        var unordered = PassSet.Encoder(ordered: false)
        passes.reversed().forEach { unordered.append($0.fixture, steps: $0.steps) }
        XCTAssertEqual(try PassSet.decode(unordered.bytes), passes.reversed())
        XCTAssertThrowsError(try PassSet.decode([9, 0]), "a damaged set is an error, not an empty one")
    }
}
