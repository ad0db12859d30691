import Duet
import DuetCorpus
@testable import DuetCLI
@testable import DuetGates
import XCTest

/// Each rule of the drill on the drill runner's samples, with a runner fault (or a limit) that turns
/// it red and the same drill without it that holds.
final class DrillRuleTests: XCTestCase {
    func drill(_ sandbox: DrillSandbox, _ runnerFlags: String..., options: [String] = []) throws -> Invocation {
        var arguments = ["drill", "restore", "--runner", try DrillRunner.command(runnerFlags.joined(separator: " "))]
        arguments += options.contains("--format") ? options : options + ["--format", "json"]
        let out = OutputSink(capturing: ()), err = OutputSink(capturing: ())
        let status = DuetCommandLine.run(["--corpus", sandbox.corpusPath] + arguments, environment: [:], workingDirectory: sandbox.directory.path,
                                         stdout: out, stderr: err)
        return Invocation(status: status, out: String(decoding: out.captured, as: UTF8.self), err: String(decoding: err.captured, as: UTF8.self))
    }

    func testRoundTripHoldsAndAWholeRestoreCostsOneReducePerStep() throws {
        let sandbox = try DrillSandbox.samples()
        let outcome = try DrillWorkflow(corpus: sandbox.corpus(), runners: ["swift": DrillRunner.command()]).run(fixture: "lens.zoom")
        let run = try XCTUnwrap(outcome.runs.first)
        XCTAssertTrue(outcome.holds, run.findings.description)
        XCTAssertEqual(run.stepCount, 4)
        XCTAssertEqual(run.snapshotCount, 5)
        // Five distinct spines restored once each, then one reduce per step: the carry-ons merge.
        XCTAssertEqual(run.requests, 5 + 4)
    }

    func testDataLostOnRelaunchIsHarmlessWhenNoSpineDependsOnIt() throws {
        let sandbox = try DrillSandbox.samples()
        let run = try XCTUnwrap(DrillWorkflow(corpus: sandbox.corpus(), runners: ["swift": DrillRunner.command()])
            .run(fixture: "lens.shots").runs.first)
        XCTAssertTrue(run.passed, run.findings.description)
        // The restores lose the shot count, so each relaunch replays on to the end: still bounded by n².
        XCTAssertGreaterThan(run.requests, 2 + 3)
        XCTAssertLessThanOrEqual(run.requests, 3 + (3 * 4) / 2)
    }

    func testCarryOnNamesTheStepThePathAndTheRelaunch() throws {
        let sandbox = try DrillSandbox.samples()
        let result = try drill(sandbox, options: ["--fixture", "lens.pro"])
        XCTAssertEqual(result.status, .findings)
        XCTAssertEqual(result.findings.count, 1, result.out)
        let finding = try XCTUnwrap(result.findings.first)
        XCTAssertEqual(finding["rule"]?.text, "carry-on")
        XCTAssertEqual(finding["step"]?.intValue, 1)
        XCTAssertEqual(finding["node"]?.text, "lens")
        XCTAssertEqual(finding["path"]?.text, "sheet")
        XCTAssertEqual(finding["expected"]?.text, #"{"case":"filters"}"#)
        XCTAssertEqual(finding["actual"], .null)
        let table = try drill(sandbox, options: ["--fixture", "lens.pro", "--format", "table"])
        XCTAssertTrue(table.out.contains("killed after step 0 and relaunched"), table.out)
    }

    func testARestoredIslandMustComeBackAtItsSummary() throws {
        let sandbox = try DrillSandbox.samples()
        let holds = try drill(sandbox, options: ["--fixture", "lens.zoom"])
        XCTAssertEqual(holds.status, .holds, holds.out)
        // The runner brings the chrome back at its first zoom, whatever the summary said.
        let red = try drill(sandbox, "--leak", #"'lens.chrome={"zoom":1}'"#, options: ["--fixture", "lens.zoom"])
        XCTAssertEqual(red.status, .findings)
        let finding = try XCTUnwrap(red.findings.first { $0["rule"]?.text == "island-summary" }, red.out)
        XCTAssertEqual(finding["path"]?.text, "chrome.zoom")
        XCTAssertEqual(finding["step"]?.intValue, 0)
        XCTAssertEqual(finding["expected"]?.text, "2")
        XCTAssertEqual(finding["actual"]?.text, "1")
        XCTAssertFalse(red.findings.contains { $0["rule"]?.text == "round-trip" }, "an island's difference is the island's rule")
    }

    func testAnIslandWithAnEmptyBoundaryMustRestoreToItsInitialState() throws {
        let sandbox = try DrillSandbox.samples()
        let red = try drill(sandbox, "--leak", #"'lens.flash={"armed":true}'"#, options: ["--fixture", "lens.zoom"])
        XCTAssertEqual(red.status, .findings)
        let finding = try XCTUnwrap(red.findings.first, red.out)
        XCTAssertEqual(finding["rule"]?.text, "island-empty-boundary")
        XCTAssertEqual(finding["path"]?.text, "flash.armed")
        XCTAssertEqual(finding["expected"], .null)
        XCTAssertEqual(finding["actual"]?.text, "true")
        // The same leak into an island with a summary is the summary rule.
        let summary = try drill(sandbox, "--leak", #"'lens.chrome={"zoom":9}'"#, options: ["--fixture", "lens.zoom"])
        XCTAssertEqual(summary.findings.first?["rule"]?.text, "island-summary", summary.out)
    }

    func testAnIslandSummaryHoldingAnL0FieldOrARuntimeValueIsAFinding() throws {
        let sandbox = try DrillSandbox.samples()
        let structure = try XCTUnwrap(sandbox.corpus().structures().first { $0.feature == "vault" })
        XCTAssertEqual(structure.fields.first { $0.path == "safe.token" }?.runtimeOnly, true, "describe reports the marker, the corpus keeps it")
        XCTAssertEqual(structure.fields.first { $0.path == "safe.alarm" }?.role, .slot)
        let result = try drill(sandbox, options: ["--feature", "vault"])
        XCTAssertEqual(result.status, .findings)
        let l0 = try XCTUnwrap(result.findings.first { $0["rule"]?.text == "island-l0" }, result.out)
        XCTAssertEqual(l0["path"]?.text, "safe.alarm")
        XCTAssertEqual(l0["step"]?.intValue, 2)
        XCTAssertEqual(l0["actual"]?.text, #""ringing""#)
        let runtime = try XCTUnwrap(result.findings.first { $0["rule"]?.text == "runtime-only" }, result.out)
        XCTAssertEqual(runtime["path"]?.text, "safe.token")
        XCTAssertEqual(runtime["step"]?.intValue, 1)
        XCTAssertEqual(runtime["actual"]?.text, #""live-handle-1""#)
        // Negative control: lens has neither, and no such finding.
        let lens = try drill(sandbox, options: ["--feature", "lens"])
        XCTAssertFalse(lens.findings.contains { ["island-l0", "runtime-only"].contains($0["rule"]?.text ?? "") }, lens.out)
    }

    func testASpineOverTheBudgetIsAFinding() throws {
        let sandbox = try DrillSandbox.samples()
        let within = try drill(sandbox, options: ["--fixture", "lens.note"])
        XCTAssertEqual(within.status, .holds, within.out)
        let over = try drill(sandbox, options: ["--fixture", "lens.note", "--max-spine-bytes", "100"])
        XCTAssertEqual(over.status, .findings)
        let finding = try XCTUnwrap(over.findings.first, over.out)
        XCTAssertEqual(finding["rule"]?.text, "spine-size")
        XCTAssertEqual(finding["step"]?.intValue, 0)
        XCTAssertEqual(finding["path"]?.text, "")
        XCTAssertEqual(finding["expected"]?.text, "≤ 100 bytes")
        XCTAssertTrue(finding["actual"]?.text?.hasSuffix(" bytes") == true)
    }

    func testARefusedRestoreIsAFindingAndTheRunGoesOn() throws {
        let sandbox = try DrillSandbox.samples()
        let result = try drill(sandbox, "--refuse-restore", "vault")
        XCTAssertEqual(result.status, .findings)
        XCTAssertTrue(result.findings.contains { $0["rule"]?.text == "refused" && $0["fixture"]?.text == "vault" }, result.out)
        XCTAssertEqual(result.json?["summary"]?["fixtures"]?.intValue, 5, "lens fixtures were still drilled")
    }

    func testARunnerThatKeepsFailingEndsTheRunWithExit3() throws {
        let sandbox = try DrillSandbox.samples()
        let result = try drill(sandbox, "--exit-on-restore", "lens")
        XCTAssertEqual(result.status, .environment, result.out + result.err)
        XCTAssertTrue(result.err.contains("run stopped"), result.err)
        let rules = Set(result.findings.compactMap { $0["rule"]?.text })
        XCTAssertTrue(rules.isSubset(of: ["runner", "not-run"]), "\(rules)")
        XCTAssertTrue(rules.contains("runner"))
    }

    func testBadInputAndNothingToDrill() throws {
        let sandbox = try DrillSandbox.samples()
        XCTAssertEqual(try drill(sandbox, options: ["--feature", "nope"]).status, .usage)
        XCTAssertEqual(try drill(sandbox, options: ["--max-spine-bytes", "0"]).status, .usage)
        let empty = try DrillSandbox()
        let nothing = try drill(empty)
        XCTAssertEqual(nothing.status, .findings, "a drill that saw nothing does not hold")
        XCTAssertTrue(nothing.err.contains("nothing was drilled"), nothing.err)
    }

    func testTheJSONShapeIsExact() throws {
        let sandbox = try DrillSandbox.samples()
        let result = try drill(sandbox, options: ["--feature", "vault"])
        let json = try XCTUnwrap(result.json?.objectValue)
        XCTAssertEqual(json.keys, ["findings", "runs", "summary", "verdict"])
        XCTAssertEqual(json["verdict"]?.objectValue?.keys, ["gate", "holds", "line"])
        XCTAssertEqual(json["summary"]?.objectValue?.keys, ["failuresOmitted", "findings", "fixtures", "snapshots", "steps"])
        XCTAssertEqual(json["runs"]?.arrayValue?.first?.objectValue?.keys,
                       ["describe", "platform", "replayed", "run", "runnerBuild", "runnerIdentity", "unchanged"])
        for finding in result.findings {
            XCTAssertEqual(finding.objectValue?.keys, ["actual", "expected", "fixture", "node", "path", "rule", "step"])
        }
        XCTAssertEqual(json["summary"]?["findings"]?.intValue, Int64(result.findings.count))
        XCTAssertEqual(json["summary"]?["steps"]?.intValue, 3)
    }

    func testJUnitHasOneCasePerFixtureAndTheRunIsStoredWithItsScope() throws {
        let sandbox = try DrillSandbox.samples()
        let junit = sandbox.directory.appendingPathComponent("drill.xml")
        _ = try drill(sandbox, options: ["--junit", junit.path])
        let xml = try String(contentsOf: junit, encoding: .utf8)
        XCTAssertEqual(xml.components(separatedBy: "<testcase ").count - 1, 5)
        XCTAssertTrue(xml.contains(#"name="lens.pro">"#) && xml.contains("<failure type=\"carry-on\""), xml)
        XCTAssertTrue(xml.contains(#"name="lens.zoom"/>"#), xml)
        _ = try drill(sandbox, options: ["--feature", "lens"])
        let runs = try sandbox.corpus().drillRuns(platform: "swift")
        XCTAssertEqual(runs.map(\.scope), [.filtered, .full])
        XCTAssertEqual(runs.first?.filter, "feature lens")
        XCTAssertEqual(runs.last?.failingFixtures, ["lens.pro", "vault"])
    }
}

final class DrillVerbHelpTests: XCTestCase {
    func testTheVerbIsListedAndItsHelpHasAnExample() throws {
        let sandbox = try DrillSandbox()
        XCTAssertTrue(sandbox.duet("help").out.contains("drill restore"))
        XCTAssertTrue(sandbox.duet("drill", "--help").out.contains("drill restore"), "the group lists its verbs")
        let help = sandbox.duet("drill", "restore", "--help")
        XCTAssertEqual(help.status, .holds)
        XCTAssertTrue(help.out.contains("--max-spine-bytes") && help.out.contains("Example:"), help.out)
    }
}
