import DuetRunner
import Duet
import DuetCorpus
import DuetReplay
@testable import DuetCLI
import Foundation
import XCTest

/// `verify` and `drill restore` are a test cache: only fixtures whose behaviour, runner build,
/// command or describe answer changed since they last passed are replayed; every run is stored
/// whole with what it judged, and `duet runs` lists it.
final class IncrementalVerifyTests: XCTestCase {
    var directory: URL!
    var corpusPath: String { directory.appendingPathComponent("corpus.db").path }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("duet-incremental-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("parity"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("runner").path,
                                                   withDestinationPath: try XCTUnwrap(SampleRunner.executable))
        try "runners:\n  swift: ./runner\n".write(to: directory.appendingPathComponent("parity/manifest.yaml"), atomically: true, encoding: .utf8)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    func duet(_ arguments: String...) -> (status: ExitStatus, json: JSONValue, out: String, err: String) {
        let out = OutputSink(capturing: ()), err = OutputSink(capturing: ())
        let status = DuetCommandLine.run(["--corpus", corpusPath] + arguments, environment: [:], workingDirectory: directory.path,
                                         stdout: out, stderr: err)
        let text = String(decoding: out.captured, as: UTF8.self)
        return (status, (try? CanonicalJSON.parse(text)) ?? .null, text, String(decoding: err.captured, as: UTF8.self))
    }

    /// replayed, unchanged, unchangedSince of the one verify run.
    func verify(_ extra: String...) -> [Int64?] {
        let run = duet(["verify", "--format", "json"] + extra)
        let first = run.json["runs"]?.arrayValue?.first
        return [first?["replayed"]?.intValue, first?["unchanged"]?.intValue, first?["unchangedSince"]?.intValue]
    }

    private func duet(_ arguments: [String]) -> (status: ExitStatus, json: JSONValue, out: String, err: String) {
        let out = OutputSink(capturing: ()), err = OutputSink(capturing: ())
        let status = DuetCommandLine.run(["--corpus", corpusPath] + arguments, environment: [:], workingDirectory: directory.path,
                                         stdout: out, stderr: err)
        let text = String(decoding: out.captured, as: UTF8.self)
        return (status, (try? CanonicalJSON.parse(text)) ?? .null, text, String(decoding: err.captured, as: UTF8.self))
    }

    func testOnlyWhatChangedIsReplayedAndTheRunIsStoredWhole() throws {
        XCTAssertEqual(duet("record").status, .holds)
        let count = Int64(try Corpus.open(at: corpusPath).fixtureNames().count)
        XCTAssertEqual(verify(), [count, 0, nil], "the first run replays everything")
        XCTAssertEqual(verify(), [0, count, 1], "nothing changed: nothing replayed")
        let summary = duet("verify").out
        XCTAssertTrue(summary.contains("0 replayed, \(count) unchanged since run 1; runner "), summary)

        // Metadata churn (a label, a line) replays nothing: only behaviour counts.
        let file = directory.appendingPathComponent("parity/fixtures/tally.fixture.json")
        let original = try String(contentsOf: file, encoding: .utf8)
        let relabelled = try XCTUnwrap(original.range(of: #""label": ""#)).upperBound
        try (String(original[..<relabelled]) + "renamed " + String(original[relabelled...])).write(to: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(verify(), [0, count, 1])

        // One fixture's behaviour changes: that one is replayed (and fails: the runner disagrees).
        try original.replacingOccurrences(of: "\"count\": 1", with: "\"count\": 7").write(to: file, atomically: true, encoding: .utf8)
        XCTAssertNotEqual(try String(contentsOf: file, encoding: .utf8), original)
        let changed = duet("verify", "--format", "json")
        XCTAssertEqual(changed.status, .findings)
        XCTAssertEqual(changed.json["runs"]?.arrayValue?.first?["replayed"]?.intValue, 1, changed.out)
        XCTAssertEqual(changed.json["runs"]?.arrayValue?.first?["results"]?.arrayValue?.map { $0["fixture"]?.stringValue }, ["tally"],
                       "the run lists what did not pass")
        XCTAssertEqual(changed.json["runs"]?.arrayValue?.first?["passed"]?.intValue, count - 1, "and counts every fixture")
        try original.write(to: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(verify()[0], 1, "a fixture that failed is replayed until it passes again")
        XCTAssertEqual(verify()[0], 0)

        // --all replays everything; another runner command does too.
        XCTAssertEqual(verify("--all")[0], count)
        XCTAssertEqual(verify("--runner", try SampleRunner.command())[0], count, "another command is another runner")

        // The stored runs name their inputs, the reused ones included.
        let corpus = try Corpus.open(at: corpusPath)
        let latest = try XCTUnwrap(corpus.runs(platform: "swift", limit: 2, fullOnly: true).last)
        XCTAssertEqual(latest.scope, .full, "a run that reused results is still a full run")
        XCTAssertEqual(latest.inputs?.fixtures, try corpus.currentInputs(manifestPath: nil).fixtures)
        XCTAssertEqual(latest.inputs?.runner?.build, try XCTUnwrap(BuildHash.ofFile(at: try XCTUnwrap(SampleRunner.executable))))
        XCTAssertNotNil(latest.inputs?.runner?.describe)
        XCTAssertNotNil(latest.inputs?.manifest)
        let runs = duet("runs", "--kind", "verify", "--format", "json")
        XCTAssertEqual(runs.status, .holds)
        let listed = try XCTUnwrap(runs.json.arrayValue)
        XCTAssertEqual(listed.count, 9)
        XCTAssertEqual(listed.last?["replayed"]?.intValue, count)
        XCTAssertEqual(listed.dropLast().last?["unchangedSince"]?.intValue, 1)
        XCTAssertTrue(listed.allSatisfy { $0["runnerBuild"]?.stringValue?.count == 32 && $0["fixtureSet"]?.stringValue?.count == 32 }, runs.out)
        XCTAssertTrue(duet("runs").out.contains("runner_build"))
    }

    func testTheDrillDrillsOnlyWhatChanged() throws {
        XCTAssertEqual(duet("record").status, .holds)
        func drilled(_ extra: String...) -> Int64? {
            let run = duet(["drill", "restore", "--format", "json"] + extra)
            return run.json["runs"]?.arrayValue?.first?["replayed"]?.intValue
        }
        let count = Int64(try Corpus.open(at: corpusPath).fixtureNames().count)
        XCTAssertEqual(drilled(), count)
        XCTAssertEqual(drilled(), 0)
        XCTAssertTrue(duet("drill", "restore").out.contains("0 drilled, \(count) unchanged since run 1"))
        XCTAssertEqual(drilled("--all"), count)
        XCTAssertEqual(drilled("--max-spine-bytes", "4096"), count, "another spine limit is another judgement")
        XCTAssertEqual(try Corpus.open(at: corpusPath).drillRuns(platform: "swift", limit: 1).first?.fixtureCount, Int(count),
                       "the run is stored whole")
    }
}
