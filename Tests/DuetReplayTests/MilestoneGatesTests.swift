import Duet
import DuetCorpus
import DuetGates
@testable import DuetCLI
import Foundation
import XCTest

/// `duet milestone` runs the gates that have no full run yet and reports real verify results.
final class MilestoneGatesTests: XCTestCase {
    var directory: URL!
    var corpusPath: String { directory.appendingPathComponent("corpus.db").path }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("duet-milestone-gates-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("parity"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("runner").path,
                                                   withDestinationPath: try XCTUnwrap(SampleRunner.executable))
        var manifest = "runners:\n  swift: ./runner\nfeatures:\n"
        for feature in ["ping", "pong", "tally"] {
            manifest += "  \(feature):\n    swift: \(feature).swift\n    scenario: \(feature)Scenarios.swift\n"
            for file in ["\(feature).swift", "\(feature)Scenarios.swift"] { try Data().write(to: directory.appendingPathComponent(file)) }
        }
        manifest += "census:\n  rulings:\n    - {field: tally.sheet, ruling: data, reason: the sample's sheet is content, since: 2026-01-01}\n"
        try manifest.write(to: directory.appendingPathComponent("parity/manifest.yaml"), atomically: true, encoding: .utf8)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    func duet(_ arguments: String...) -> (status: ExitStatus, out: String, err: String) {
        let out = OutputSink(capturing: ()), err = OutputSink(capturing: ())
        let status = DuetCommandLine.run(["--corpus", corpusPath] + arguments, environment: [:], workingDirectory: directory.path,
                                         stdout: out, stderr: err)
        return (status, String(decoding: out.captured, as: UTF8.self), String(decoding: err.captured, as: UTF8.self))
    }

    func testAFreshCorpusGetsARealVerifyAndAFilteredRunNeverStandsForTheWhole() throws {
        XCTAssertEqual(duet("record").status, .holds)
        let first = duet("milestone", "m1", "--format", "json")
        XCTAssertEqual(first.status, .holds, first.err)
        XCTAssertTrue(first.err.contains("verify swift run for this report (run 1): 4 replayed"), first.err)
        let report = try CanonicalJSON.parse(first.out)
        XCTAssertEqual(report["verify"]?.arrayValue?.first?["status"]?.stringValue, "passed")
        XCTAssertEqual(report["verify"]?.arrayValue?.first?["ranForMilestone"], .bool(true))
        XCTAssertEqual(report["lint"]?["findings"]?.arrayValue?.count, 0)

        // A filtered run that fails is stored as filtered, never as the whole; the milestone verifies again
        // with the configured runner, replaying only the fixtures the filtered run judged since (their passes are its runner's now).
        let filtered = duet("verify", "--runner", try SampleRunner.command("--mutate"), "--feature", "tally")
        XCTAssertEqual(filtered.status, .findings)
        XCTAssertEqual(try Corpus.open(at: corpusPath).runs(platform: "swift", limit: 1).first?.scope, RunScope(feature: "tally"))
        let second = duet("milestone", "m2", "--format", "json")
        XCTAssertEqual(second.status, .holds, second.err)
        XCTAssertTrue(second.err.contains("verify swift run for this report (run 3): 3 replayed, 1 unchanged since run 1"), second.err)
        XCTAssertEqual(try CanonicalJSON.parse(second.out)["verify"]?.arrayValue?.first?["status"]?.stringValue, "passed")

        // The configured runner changed (its command now mutates): the next milestone replays everything on it
        // and reports the failure, with the fixtures and the change.
        let manifestPath = directory.appendingPathComponent("parity/manifest.yaml")
        try String(contentsOf: manifestPath, encoding: .utf8).replacingOccurrences(of: "swift: ./runner\n", with: "swift: ./runner --mutate\n")
            .write(to: manifestPath, atomically: true, encoding: .utf8)
        let third = duet("milestone", "m3")
        XCTAssertTrue(third.err.contains("verify swift run for this report (run 4): 4 replayed"), third.err)
        XCTAssertEqual(third.status, .findings, third.err)
        XCTAssertTrue(third.out.contains("### Failing fixtures"), third.out)
        XCTAssertTrue(third.out.contains("- verify swift: holds → fails"), third.out)
        XCTAssertTrue(third.out.contains("- newly failing: swift tally"), third.out)
    }

    func testAPlatformWithoutARunnerIsNamedNotPassed() throws {
        XCTAssertEqual(duet("record").status, .holds)
        XCTAssertEqual(duet("verify", "--platform", "kotlin", "--runner", try SampleRunner.command(), "--fixture", "tally").status, .holds)
        let report = duet("milestone", "m", "--format", "json")
        XCTAssertEqual(report.status, .holds, report.err)
        let missing = try CanonicalJSON.parse(report.out)["verifyMissing"]?.arrayValue
        XCTAssertEqual(missing?.first?["platform"]?.stringValue, "kotlin")
        XCTAssertTrue(report.err.contains("verify kotlin not checked"), report.err)
    }

    func testARunnerThatIsNotBuiltYetIsNotCheckedAndNoRunIsStoredForIt() throws {
        XCTAssertEqual(duet("record").status, .holds)
        let manifestPath = directory.appendingPathComponent("parity/manifest.yaml")
        let manifest = try String(contentsOf: manifestPath, encoding: .utf8)
        try manifest.replacingOccurrences(of: "runners:\n  swift: ./runner\n", with: "runners:\n  swift: ./runner\n  kotlin: build/kotlin-runner\n")
            .write(to: manifestPath, atomically: true, encoding: .utf8)

        let preview = duet("milestone", "--preview", "--format", "json")
        XCTAssertEqual(preview.status, .holds, "a flavor not built yet is not a failing gate: \(preview.err)")
        let report = try CanonicalJSON.parse(preview.out)
        let missingVerify = try XCTUnwrap(report["verifyMissing"]?.arrayValue?.first)
        XCTAssertEqual(missingVerify["platform"]?.stringValue, "kotlin")
        XCTAssertTrue(missingVerify["reason"]?.stringValue?.contains("build/kotlin-runner is not built") == true, preview.out)
        XCTAssertTrue(missingVerify["reason"]?.stringValue?.contains("duet verify --platform kotlin") == true, preview.out)
        XCTAssertEqual(report["drillMissing"]?.arrayValue?.first?["platform"]?.stringValue, "kotlin")
        XCTAssertEqual(report["drill"]?.arrayValue?.compactMap { $0["platform"]?.stringValue }, ["swift"], "the built runner is drilled")
        XCTAssertEqual(report["drill"]?.arrayValue?.first?["ranForMilestone"], .bool(true))
        XCTAssertTrue(preview.err.contains("drill kotlin not checked"), preview.err)
        let corpus = try Corpus.open(at: corpusPath)
        XCTAssertEqual(try corpus.runs(platform: "kotlin").count, 0)
        XCTAssertEqual(try corpus.drillRuns(platform: "kotlin").count, 0)

        // Control: once it is built, the same milestone verifies and drills it.
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("build"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("build/kotlin-runner").path,
                                                   withDestinationPath: try XCTUnwrap(SampleRunner.executable))
        let built = duet("milestone", "--preview", "--format", "json")
        XCTAssertEqual(built.status, .holds, built.err)
        XCTAssertTrue(built.err.contains("verify kotlin run for this report"), built.err)
        XCTAssertTrue(built.err.contains("drill kotlin run for this report"), built.err)
        let builtReport = try CanonicalJSON.parse(built.out)
        XCTAssertNil(builtReport["drillMissing"])
        // Both are drilled for this report; swift's fixtures passed before on the same build, so none is drilled again.
        XCTAssertEqual(builtReport["drill"]?.arrayValue?.map { $0["ranForMilestone"] }, [.bool(true), .bool(true)])
        XCTAssertTrue(builtReport["drill"]?.arrayValue?.last?["use"]?.stringValue?.contains("0 replayed, 4 unchanged since run") == true,
                      "\(builtReport["drill"] ?? .null)")
        XCTAssertEqual(try corpus.runs(platform: "kotlin").count, 1)
    }
}
