import Duet
import DuetCorpus
@testable import DuetCLI
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

/// `duet record`, `record --check`, `pending …` and `verify` end to end against a temporary corpus.
final class ReplayVerbTests: XCTestCase {
    var directory: URL!
    var corpusPath: String { directory.appendingPathComponent("corpus.db").path }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("duet-replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    struct Invocation { var status: ExitStatus; var out: String; var err: String }

    func duet(_ arguments: String..., environment: [String: String] = [:]) -> Invocation {
        let out = OutputSink(capturing: ()), err = OutputSink(capturing: ())
        let status = DuetCommandLine.run(["--corpus", corpusPath] + arguments, environment: environment,
                                         workingDirectory: directory.path, stdout: out, stderr: err)
        return Invocation(status: status, out: String(decoding: out.captured, as: UTF8.self), err: String(decoding: err.captured, as: UTF8.self))
    }

    func storedFixtures() throws -> [Fixture] { try Corpus.open(at: corpusPath).fixtures() }

    func testRecordThenVerifyHoldsAndStoresTheRun() throws {
        let runner = try SampleRunner.command()
        let record = duet("record", "--runner", runner)
        XCTAssertEqual(record.status, .holds, record.err)
        XCTAssertEqual(try storedFixtures().count, 4)
        let corpus = try Corpus.open(at: corpusPath)
        XCTAssertEqual(try corpus.structures().first { $0.feature == "tally" }?.fields.count, 3, "describe output stored")
        XCTAssertNotNil(try corpus.scenarioDefinition(fixture: "tally-endings"))

        let verify = duet("verify", "--runner", runner, "--format", "json")
        XCTAssertEqual(verify.status, .holds, verify.err + verify.out)
        let report = try CanonicalJSON.parse(verify.out.trimmingCharacters(in: .whitespacesAndNewlines))
        XCTAssertEqual(report["runs"]?.arrayValue?.first?["status"]?.stringValue, "passed")
        let runs = try Corpus.open(at: corpusPath).runs(platform: "swift")
        XCTAssertEqual(runs.first?.status, "passed")
        XCTAssertEqual(runs.first?.results.count, 4)
    }

    func testVerifyOfAMutatedReducerFailsNamesStepAndPathAndWritesJUnit() throws {
        XCTAssertEqual(duet("record", "--runner", try SampleRunner.command()).status, .holds)
        let junit = directory.appendingPathComponent("junit.xml")
        let verify = duet("verify", "--runner", try SampleRunner.command("--mutate"), "--junit", junit.path)
        XCTAssertEqual(verify.status, .findings)
        XCTAssertTrue(verify.out.contains("step 3 \"a third increment\""), verify.out)
        XCTAssertTrue(verify.out.contains("at count: expected 3, got 4"), verify.out)
        let parser = XMLParser(data: try Data(contentsOf: junit))
        XCTAssertTrue(parser.parse(), "JUnit output parses as XML")
        let stored = try XCTUnwrap(Corpus.open(at: corpusPath).runs().first)
        XCTAssertEqual(stored.status, "failed")
        XCTAssertEqual(stored.results.first { $0.fixture == "tally" }?.path, "count")
        XCTAssertEqual(stored.results.first { $0.fixture == "tally" }?.step, 3)
    }

    func testCheckPassesMetadataOnlyChurnAndWritesIt() throws {
        XCTAssertEqual(duet("record", "--runner", try SampleRunner.command()).status, .holds)
        let check = duet("record", "--check", "--runner", try SampleRunner.command("--relabel"))
        XCTAssertEqual(check.status, .holds, check.out + check.err)
        XCTAssertTrue(check.out.contains("metadata"), check.out)
        XCTAssertEqual(try storedFixtures().first { $0.name == "tally" }?.steps[0].label, "increment (renamed)")
    }

    func testCheckFailsOnDriftLeavesTheFixturesAndKeepsItPendingUntilAccepted() throws {
        XCTAssertEqual(duet("record", "--runner", try SampleRunner.command()).status, .holds)
        let before = try storedFixtures()
        let check = duet("record", "--check", "--runner", try SampleRunner.command("--mutate"))
        XCTAssertEqual(check.status, .findings)
        XCTAssertTrue(check.out.contains("step 3 \"a third increment\" expectedState.count: stored 3, recorded 4"), check.out)
        XCTAssertEqual(try storedFixtures(), before, "the drift gate never touches stored fixtures")

        let list = duet("pending", "--format", "json")
        let pending = try CanonicalJSON.parse(list.out.trimmingCharacters(in: .whitespacesAndNewlines))
        XCTAssertEqual(pending.arrayValue?.compactMap { $0["name"]?.stringValue }, ["tally", "tally-endings.keeps-counting"])
        XCTAssertEqual(pending.arrayValue?.first?["path"]?.stringValue, "expectedState.count")
        let show = duet("pending", "show", "tally")
        XCTAssertTrue(show.out.contains("step 3"), show.out)
        XCTAssertTrue(show.out.contains("step 5"), "every differing step is listed: \(show.out)")

        XCTAssertEqual(duet("pending", "reject", "tally-endings.keeps-counting").status, .holds)
        XCTAssertEqual(try storedFixtures(), before)
        XCTAssertEqual(duet("pending", "accept", "nope").status, .usage)
        XCTAssertEqual(duet("pending", "accept", "tally").status, .holds)
        XCTAssertEqual(try storedFixtures().first { $0.name == "tally" }?.steps[3].expectedState?["count"], .int(4))
        XCTAssertEqual(duet("pending", "--format", "json").out.trimmingCharacters(in: .whitespacesAndNewlines), "[]")
        XCTAssertEqual(duet("verify", "--runner", try SampleRunner.command("--mutate"), "--fixture", "tally").status, .holds)
    }

    func testRecordSelectsByFeatureOrFixtureAndRefusesASelectionMatchingNothing() throws {
        XCTAssertEqual(duet("record", "--runner", try SampleRunner.command(), "--fixture", "tally-endings").status, .holds)
        XCTAssertEqual(try storedFixtures().map(\.name), ["tally-endings.changes-its-mind", "tally-endings.keeps-counting"])
        XCTAssertEqual(duet("record", "--runner", try SampleRunner.command(), "--feature", "pong").status, .holds)
        XCTAssertEqual(try storedFixtures().map(\.name), ["chain-ping-pong", "tally-endings.changes-its-mind", "tally-endings.keeps-counting"])
        XCTAssertEqual(duet("record", "--runner", try SampleRunner.command(), "--fixture", "nope").status, .usage)
    }

    func testWriteAcceptsDriftDirectly() throws {
        XCTAssertEqual(duet("record", "--runner", try SampleRunner.command()).status, .holds)
        XCTAssertEqual(duet("record", "--check", "--write", "--runner", try SampleRunner.command("--mutate")).status, .holds)
        XCTAssertEqual(try storedFixtures().first { $0.name == "tally" }?.steps[3].expectedState?["count"], .int(4))
    }

    func testUnderCIRecordNeverWritesSilently() throws {
        let record = duet("record", "--runner", try SampleRunner.command(), environment: ["CI": "true"])
        XCTAssertEqual(record.status, .findings)
        XCTAssertEqual(try storedFixtures(), [])
        XCTAssertEqual(try Corpus.open(at: corpusPath).pendingRecordings().map(\.reason), Array(repeating: .new, count: 4))
        XCTAssertEqual(duet("pending", "accept", "--all").status, .holds)
        XCTAssertEqual(try storedFixtures().count, 4)
        // Negative control: outside CI the same record writes.
        XCTAssertEqual(duet("record", "--runner", try SampleRunner.command("--relabel"), environment: [:]).status, .holds)
    }

    func testVerifyWithNothingStoredOrNoRunnerIsNeverAPass() throws {
        XCTAssertEqual(duet("verify", "--runner", try SampleRunner.command()).status, .findings)
        XCTAssertEqual(duet("record", "--runner", try SampleRunner.command()).status, .holds)
        let noRunner = duet("verify", "--platform", "kotlin")
        XCTAssertEqual(noRunner.status, .environment)
        XCTAssertTrue(noRunner.err.contains("no runner for kotlin"), noRunner.err)
    }

    func testTheManifestNamesTheRunnerAndRunsItFromTheRepositoryRoot() throws {
        let parity = directory.appendingPathComponent("parity")
        try FileManager.default.createDirectory(at: parity, withIntermediateDirectories: true)
        // The runner is named relative to the repository root; the CLI runs from a subfolder.
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("runner").path, withDestinationPath: SampleRunner.executable!)
        try "runners:\n  swift: ./runner\n".write(to: parity.appendingPathComponent("manifest.yaml"), atomically: true, encoding: .utf8)
        let nested = directory.appendingPathComponent("Sources/Deep")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        let out = OutputSink(capturing: ()), err = OutputSink(capturing: ())
        XCTAssertEqual(DuetCommandLine.run(["--corpus", corpusPath, "record"], environment: [:], workingDirectory: nested.path, stdout: out, stderr: err),
                       .holds, String(decoding: err.captured, as: UTF8.self))
        XCTAssertEqual(DuetCommandLine.run(["--corpus", corpusPath, "verify"], environment: [:], workingDirectory: nested.path, stdout: out, stderr: err), .holds)
        // Negative control: kotlin has no runner in this manifest.
        XCTAssertEqual(DuetCommandLine.run(["--corpus", corpusPath, "verify", "--platform", "kotlin"], environment: [:], workingDirectory: nested.path, stdout: out, stderr: err), .environment)
    }

    func testBrokenRunnersEndTheRunCleanlyWithExit3() throws {
        XCTAssertEqual(duet("record", "--runner", try SampleRunner.command()).status, .holds)
        let started = Date()
        for runner in ["echo garbage", "sleep 100", "exit 4"] {
            let verify = duet("verify", "--runner", runner, "--timeout", "0.5", "--startup-timeout", "0.5")
            XCTAssertEqual(verify.status, .environment, runner)
            XCTAssertTrue(verify.err.contains("`\(runner)`"), "the runner is named: \(verify.err)")
            XCTAssertEqual(duet("record", "--runner", runner, "--timeout", "0.5", "--startup-timeout", "0.5").status, .environment, runner)
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 20, "never hang")
    }
}
