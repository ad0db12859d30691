import Duet
import DuetCorpus
@testable import DuetCLI
import Foundation
import XCTest

/// `duet lint` against stored and refreshed describe answers, and the lint `verify` runs with its replay.
final class GateLintTests: XCTestCase {
    var directory: URL!
    var corpusPath: String { directory.appendingPathComponent("corpus.db").path }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("duet-gate-lint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("parity"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("runner").path,
                                                   withDestinationPath: try XCTUnwrap(SampleRunner.executable))
        for file in ["Tally.swift", "TallyScenarios.swift"] {
            try Data().write(to: directory.appendingPathComponent(file))
        }
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    func manifest(ruling field: String, runners: String = "  swift: ./runner\n") throws {
        try """
            runners:
            \(runners)features:
              tally:
                swift: Tally.swift
                scenario: TallyScenarios.swift
              ping:
                swift: Tally.swift
                scenario: TallyScenarios.swift
              pong:
                swift: Tally.swift
                scenario: TallyScenarios.swift
            census:
              rulings:
                - {field: \(field), ruling: data, reason: the sheet is content here, since: 2026-01-01}
            """.write(to: directory.appendingPathComponent("parity/manifest.yaml"), atomically: true, encoding: .utf8)
    }

    func duet(_ arguments: String...) -> (status: ExitStatus, out: String, err: String) {
        let out = OutputSink(capturing: ()), err = OutputSink(capturing: ())
        let status = DuetCommandLine.run(["--corpus", corpusPath] + arguments, environment: [:], workingDirectory: directory.path,
                                         stdout: out, stderr: err)
        return (status, String(decoding: out.captured, as: UTF8.self), String(decoding: err.captured, as: UTF8.self))
    }

    func testVerifyRunsTheLintAndAFindingFailsIt() throws {
        try manifest(ruling: "tally.sheets")
        XCTAssertEqual(duet("record").status, .holds)
        let failing = duet("verify", "--format", "json")
        XCTAssertEqual(failing.status, .findings, failing.err)
        XCTAssertTrue(failing.err.contains("manifest.yaml:15:15: census.field: feature 'tally' has no field 'sheets'"), failing.err)
        let report = try CanonicalJSON.parse(failing.out)
        XCTAssertEqual(report["lint"]?["findings"]?.arrayValue?.count, 1)
        XCTAssertEqual(report["runs"]?.arrayValue?.first?["status"]?.stringValue, "passed")
        // Negative control: the real field, and the same run holds.
        try manifest(ruling: "tally.sheet")
        let holding = duet("verify")
        XCTAssertEqual(holding.status, .holds, holding.err)
        // The lint's summary is said once, in the report on stdout, not again on stderr.
        XCTAssertEqual(holding.out.components(separatedBy: "lint holds").count - 1, 1, holding.out)
        XCTAssertFalse(holding.err.contains("lint holds"), holding.err)
    }

    func testParityIsComparedOnceTwoPlatformsReportedAndRefreshAsksAfresh() throws {
        try manifest(ruling: "tally.sheet")
        XCTAssertEqual(duet("record").status, .holds)
        let single = duet("lint", "--format", "json")
        XCTAssertEqual(single.status, .holds, single.err + single.out)
        XCTAssertEqual(try CanonicalJSON.parse(single.out)["parity"]?["checked"], .bool(false))
        XCTAssertTrue(single.out.contains("only swift has reported a describe"))

        let corpus = try Corpus.open(at: corpusPath)
        var kotlin = try XCTUnwrap(try corpus.runnerDescribes()["swift"])
        let tally = try XCTUnwrap(kotlin.firstIndex { $0.feature == "tally" })
        kotlin[tally].actions.removeLast()
        try corpus.storeRunnerDescribe(platform: "kotlin", structures: kotlin)
        let differing = duet("lint")
        XCTAssertEqual(differing.status, .findings)
        XCTAssertTrue(differing.out.contains("parity.declarations"), differing.out)
        XCTAssertTrue(differing.out.contains("manifest.yaml:4:3"), differing.out)

        // Both platforms answered by the same runner: refreshed, they agree.
        try manifest(ruling: "tally.sheet", runners: "  swift: ./runner\n  kotlin: ./runner\n")
        let refreshed = duet("lint", "--refresh")
        XCTAssertEqual(refreshed.status, .holds, refreshed.out + refreshed.err)
        XCTAssertTrue(refreshed.out.contains("declaration parity holds between swift and kotlin"), refreshed.out)

        try manifest(ruling: "tally.sheet", runners: "  swift: ./runner\n  kotlin: exit 4\n")
        XCTAssertEqual(duet("lint", "--refresh").status, .environment)
    }

    func testVerifyOnTwoPlatformsJudgesParityFromTheDescribesItJustStoredNotStaleOnes() throws {
        // A case added on both platforms since the last run: the stored kotlin describe lacks it.
        try manifest(ruling: "tally.sheet", runners: "  swift: ./runner\n  kotlin: ./runner\n")
        XCTAssertEqual(duet("record").status, .holds)
        let corpus = try Corpus.open(at: corpusPath)
        var stale = try XCTUnwrap(try corpus.runnerDescribes()["swift"])
        let tally = try XCTUnwrap(stale.firstIndex { $0.feature == "tally" })
        stale[tally].actions.removeLast()
        try corpus.storeRunnerDescribe(platform: "kotlin", structures: stale)
        XCTAssertEqual(duet("lint").status, .findings, "control: the stored describes differ")

        let verify = duet("verify", "--platform", "all", "--format", "json")
        XCTAssertEqual(verify.status, .holds, verify.err)
        XCTAssertEqual(try CanonicalJSON.parse(verify.out)["lint"]?["findings"]?.arrayValue?.count, 0, verify.out)
        XCTAssertTrue(try CanonicalJSON.parse(verify.out)["lint"]?["summary"]?.stringValue?.contains("declaration parity holds between swift and kotlin") == true,
                      verify.out)
    }

    func testAnUnreadableManifestExits2AndNoManifestIsBadUsage() throws {
        XCTAssertEqual(duet("lint").status, .usage)
        try "runners:\n  swift: ./runner\nfeatures: {}\n---\n".write(to: directory.appendingPathComponent("parity/manifest.yaml"), atomically: true, encoding: .utf8)
        let unreadable = duet("lint")
        XCTAssertEqual(unreadable.status, .usage)
        XCTAssertTrue(unreadable.out.contains("manifest.yaml:4:1"), unreadable.out)
        XCTAssertTrue(unreadable.out.contains("a second YAML document"), unreadable.out)
    }
}
