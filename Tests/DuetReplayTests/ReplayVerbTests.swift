import Duet
import DuetCorpus
@testable import DuetCLI
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
import DuetFixtures

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

    func testRecordFailsOnAFalseClaimNamingFixtureStepAndWhatChangedAndWritesNoFixtureForIt() throws {
        let record = duet("record", "--runner", try SampleRunner.command("--claims", "inert-changes-state"))
        XCTAssertEqual(record.status, .findings, record.err)
        let report = record.out + record.err
        XCTAssertTrue(report.contains("tally.claims"), report)
        XCTAssertTrue(report.contains(#"step 3 "an increment is inert""#), report)
        XCTAssertTrue(report.contains("claims .inert, but the state changed at count: expected 1, got 2"), report)
        XCTAssertFalse(FileManager.default.fileExists(atPath: fixturesFolder.appendingPathComponent("tally.claims.fixture.json").path))
        XCTAssertEqual(duet("record", "--runner", try SampleRunner.command("--claims", "holds")).status, .holds)
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

    var fixturesFolder: URL { directory.appendingPathComponent("parity/fixtures") }

    /// The files of record: name → bytes.
    func filesOfRecord() throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: fixturesFolder.path)) ?? [] {
            files[name] = Array(try Data(contentsOf: fixturesFolder.appendingPathComponent(name)))
        }
        return files
    }

    func testRecordWritesTheFixturesOfRecordInThePinnedPrettyForm() throws {
        XCTAssertEqual(duet("record", "--runner", try SampleRunner.command()).status, .holds)
        let files = try filesOfRecord()
        XCTAssertEqual(files.keys.sorted(), ["chain-ping-pong.fixture.json", "tally-endings.changes-its-mind.fixture.json",
                                              "tally-endings.keeps-counting.fixture.json", "tally.fixture.json"])
        for fixture in try storedFixtures() {
            XCTAssertEqual(files[fixture.name + ".fixture.json"], fixture.document.prettyBytes, fixture.name)
        }
    }

    func testPlainRecordWritesMetadataOnlyChurn() throws {
        XCTAssertEqual(duet("record", "--runner", try SampleRunner.command()).status, .holds)
        let record = duet("record", "--runner", try SampleRunner.command("--relabel"))
        XCTAssertEqual(record.status, .holds, record.out + record.err)
        XCTAssertTrue(record.out.contains("metadata"), record.out)
        XCTAssertEqual(try storedFixtures().first { $0.name == "tally" }?.steps[0].label, "increment (renamed)")
        XCTAssertTrue(String(decoding: try XCTUnwrap(try filesOfRecord()["tally.fixture.json"]), as: UTF8.self).contains("increment (renamed)"))
    }

    func testCheckWritesNothingAtAllFailsOnBehaviourAndCountsMetadataOnlyChurn() throws {
        XCTAssertEqual(duet("record", "--runner", try SampleRunner.command()).status, .holds)
        let files = try filesOfRecord(), fixtures = try storedFixtures()
        // Negative control: the same recording holds.
        let same = duet("record", "--check", "--runner", try SampleRunner.command())
        XCTAssertEqual(same.status, .holds)
        XCTAssertEqual(same.out.split(separator: "\n").last, "record --check: no drift — 4 fixtures, 0 metadata-only", same.out)
        for (flag, expected) in [("--relabel", ExitStatus.holds), ("--mutate", .findings)] {
            let check = duet("record", "--check", "--runner", try SampleRunner.command(flag))
            XCTAssertEqual(check.status, expected, flag + check.out + check.err)
            XCTAssertEqual(try filesOfRecord(), files, "\(flag): no file written")
            XCTAssertEqual(try storedFixtures(), fixtures, "\(flag): no fixture row written")
            XCTAssertEqual(try Corpus.open(at: corpusPath).pendingRecordings(), [], "\(flag): nothing kept pending")
        }
        let relabel = duet("record", "--check", "--runner", try SampleRunner.command("--relabel"))
        XCTAssertEqual(relabel.out.split(separator: "\n").last, "record --check: no drift — 4 fixtures, 1 metadata-only", relabel.out)
        XCTAssertFalse(relabel.out.contains("steps[0].label"), "metadata-only fixtures are listed only with --verbose: \(relabel.out)")
        XCTAssertTrue(relabel.err.contains("--verbose lists them"), relabel.err)
        let verbose = duet("record", "--check", "--verbose", "--runner", try SampleRunner.command("--relabel"))
        XCTAssertEqual(verbose.status, .holds)
        XCTAssertTrue(verbose.out.contains("tally    metadata-only  not written (--check)  steps[0].label"), verbose.out)
        let json = try CanonicalJSON.parse(duet("record", "--check", "--format", "json", "--runner", try SampleRunner.command("--relabel")).out)
        XCTAssertEqual(json["metadataOnly"], .array([.string("tally")]))
        XCTAssertEqual(json["verdict"]?["line"]?.stringValue, "record --check: no drift — 4 fixtures, 1 metadata-only")
        let check = duet("record", "--check", "--runner", try SampleRunner.command("--mutate"))
        XCTAssertTrue(check.out.contains("step 3 \"a third increment\" expectedState.count: stored 3, recorded 4"), check.out)
        XCTAssertEqual(check.out.split(separator: "\n").last, "record --check: drift — 4 fixtures, 2 changed behaviour, 0 metadata-only", check.out)
        XCTAssertEqual(duet("record", "--check", "--write", "--runner", try SampleRunner.command()).status, .usage)
    }

    func testPlainRecordNeverOverwritesDriftAndKeepsItPendingUntilAccepted() throws {
        XCTAssertEqual(duet("record", "--runner", try SampleRunner.command()).status, .holds)
        let before = try storedFixtures(), files = try filesOfRecord()
        let record = duet("record", "--runner", try SampleRunner.command("--mutate"))
        XCTAssertEqual(record.status, .findings)
        XCTAssertEqual(try filesOfRecord(), files, "a changed fixture's file is never overwritten")
        XCTAssertEqual(try storedFixtures(), before)

        let list = duet("pending", "--format", "json")
        let pending = try CanonicalJSON.parse(list.out.trimmingCharacters(in: .whitespacesAndNewlines))
        XCTAssertEqual(pending.arrayValue?.compactMap { $0["name"]?.stringValue }, ["tally", "tally-endings.keeps-counting"])
        XCTAssertEqual(pending.arrayValue?.first?["path"]?.stringValue, "expectedState.count")
        let show = duet("pending", "show", "tally")
        XCTAssertTrue(show.out.contains("step 3"), show.out)
        XCTAssertTrue(show.out.contains("step 5"), "every differing step is listed: \(show.out)")
        XCTAssertTrue(show.out.contains("--- parity/fixtures/tally.fixture.json"), show.out)
        XCTAssertTrue(show.out.contains("-        \"count\": 3"), show.out)
        XCTAssertTrue(show.out.contains("+        \"count\": 4"), show.out)
        XCTAssertFalse(show.out.contains("\u{1B}["), "no colour when not on a terminal")

        XCTAssertEqual(duet("pending", "reject", "tally-endings.keeps-counting").status, .holds)
        XCTAssertEqual(try storedFixtures(), before)
        XCTAssertEqual(duet("pending", "accept", "nope").status, .usage)
        XCTAssertEqual(duet("pending", "accept", "tally").status, .holds)
        XCTAssertEqual(try storedFixtures().first { $0.name == "tally" }?.steps[3].expectedState?["count"], .int(4))
        XCTAssertEqual(try filesOfRecord()["tally.fixture.json"], try storedFixtures().first { $0.name == "tally" }?.document.prettyBytes,
                       "accepting writes the file of record")
        let none = duet("pending", "--format", "json")
        XCTAssertEqual(none.out.trimmingCharacters(in: .whitespacesAndNewlines), "[]")
        XCTAssertTrue(none.err.contains("nothing is pending"), none.err)
        let acceptNothing = duet("pending", "accept", "--all")
        XCTAssertEqual(acceptNothing.status, .holds)
        XCTAssertEqual(acceptNothing.out, "pending accept: nothing to accept — nothing is pending\n", "an empty --all says so")
        XCTAssertEqual(duet("verify", "--runner", try SampleRunner.command("--mutate"), "--fixture", "tally").status, .holds)
    }

    func testAHandEditedFixtureFailsVerifyIsKeptByRecordAndAcceptRestoresTheRecordedBytes() throws {
        XCTAssertEqual(duet("record", "--runner", try SampleRunner.command()).status, .holds)
        let file = fixturesFolder.appendingPathComponent("tally.fixture.json")
        let committed = try Data(contentsOf: file)
        let edited = String(decoding: committed, as: UTF8.self).replacingOccurrences(of: "\"count\": 3", with: "\"count\": 33")
        XCTAssertNotEqual(edited, String(decoding: committed, as: UTF8.self))
        try Data(edited.utf8).write(to: file)

        let verify = duet("verify", "--runner", try SampleRunner.command())
        XCTAssertEqual(verify.status, .findings, "the edit is picked up with no import: \(verify.out)")
        XCTAssertEqual(duet("record", "--runner", try SampleRunner.command()).status, .findings)
        XCTAssertEqual(try Data(contentsOf: file), Data(edited.utf8), "record keeps the edit")
        XCTAssertEqual(duet("pending", "accept", "tally").status, .holds)
        XCTAssertEqual(try Data(contentsOf: file), committed, "accept writes the recorded bytes back")
        XCTAssertEqual(duet("verify", "--runner", try SampleRunner.command()).status, .holds)
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
        XCTAssertEqual(duet("record", "--write", "--runner", try SampleRunner.command("--mutate")).status, .holds)
        XCTAssertEqual(try storedFixtures().first { $0.name == "tally" }?.steps[3].expectedState?["count"], .int(4))
        XCTAssertTrue(String(decoding: try XCTUnwrap(try filesOfRecord()["tally.fixture.json"]), as: UTF8.self).contains("\"count\": 4"))
    }

    func testUnderCIRecordIsTheCheckAndWritesNothing() throws {
        let record = duet("record", "--runner", try SampleRunner.command(), environment: ["CI": "true"])
        XCTAssertEqual(record.status, .findings)
        XCTAssertEqual(try storedFixtures(), [])
        XCTAssertEqual(try filesOfRecord(), [:])
        XCTAssertEqual(try Corpus.open(at: corpusPath).pendingRecordings(), [])
        // Negative controls: an explicit --write under CI writes, and so does a plain record outside CI.
        XCTAssertEqual(duet("record", "--write", "--runner", try SampleRunner.command(), environment: ["CI": "true"]).status, .holds)
        XCTAssertEqual(try filesOfRecord().count, 4)
        XCTAssertEqual(duet("record", "--runner", try SampleRunner.command("--relabel"), environment: ["CI": "0"]).status, .holds)
    }

    func testFixturesNoScenarioRecordsAreWarnedRejectedOrDeleted() throws {
        XCTAssertEqual(duet("record", "--runner", try SampleRunner.command()).status, .holds)
        let orphan = fixturesFolder.appendingPathComponent("orphan.fixture.json")
        try FileManager.default.copyItem(at: fixturesFolder.appendingPathComponent("tally.fixture.json"), to: orphan)
        let warn = duet("record", "--runner", try SampleRunner.command())
        XCTAssertEqual(warn.status, .holds)
        XCTAssertTrue(warn.err.contains("orphan"), warn.err)
        XCTAssertEqual(duet("record", "--unreferenced", "reject", "--runner", try SampleRunner.command()).status, .findings)
        XCTAssertEqual(duet("record", "--check", "--unreferenced", "reject", "--runner", try SampleRunner.command()).status, .findings)
        // --check rejects by default: the tree must equal the scenarios; it names the fixture and the fix.
        let check = duet("record", "--check", "--runner", try SampleRunner.command())
        XCTAssertEqual(check.status, .findings)
        XCTAssertTrue(check.err.contains("1 fixture(s) no scenario records: orphan — remove them (`duet record --unreferenced delete`)"), check.err)
        XCTAssertEqual(check.out.split(separator: "\n").last, "record --check: drift — 4 fixtures, 1 unreferenced, 0 metadata-only", check.out)
        XCTAssertEqual(duet("record", "--check", "--unreferenced", "warn", "--runner", try SampleRunner.command()).status, .holds)
        XCTAssertEqual(duet("record", "--check", "--unreferenced", "delete", "--runner", try SampleRunner.command()).status, .usage)
        XCTAssertTrue(FileManager.default.fileExists(atPath: orphan.path))
        let delete = duet("record", "--unreferenced", "delete", "--runner", try SampleRunner.command())
        XCTAssertEqual(delete.status, .holds, delete.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: orphan.path))
        XCTAssertFalse(try storedFixtures().contains { $0.name == "orphan" })
        // Negative control: with nothing unreferenced, reject holds.
        XCTAssertEqual(duet("record", "--unreferenced", "reject", "--runner", try SampleRunner.command()).status, .holds)
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
