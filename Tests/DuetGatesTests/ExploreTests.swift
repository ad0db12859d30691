import Duet
import DuetCorpus
@testable import DuetCLI
@testable import DuetGates
import XCTest

/// `duet explore` on the drill runner's samples (lens, vault): two faithful runners agree (the
/// negative control of every rule), a twin changed by hand on a branch no fixture reaches is found
/// and shrunk, crashes and refusals are findings, the same seed explores the same sequences, and
/// the restore drill's rules apply at explored states.
final class ExploreTests: XCTestCase {
    func explore(_ sandbox: DrillSandbox, swift: String = "", kotlin: String = "", _ options: String...) throws -> Invocation {
        let runners = ["--runner", "swift=" + (try DrillRunner.command(swift)), "--runner", "kotlin=" + (try DrillRunner.command(kotlin))]
        return sandbox.duet(arguments: ["explore"] + runners + options + (options.contains("--format") ? [] : ["--format", "json"]))
    }

    func testTwoFaithfulRunnersAgreeOnEveryStep() throws {
        let sandbox = try DrillSandbox.samples()
        let result = try explore(sandbox, "--budget", "600", "--restore-every", "0")
        XCTAssertEqual(result.status, .holds, result.out + result.err)
        XCTAssertEqual(result.json?["steps"]?.intValue, 600)
        XCTAssertEqual(result.findings.count, 0)
        XCTAssertEqual(try sandbox.corpus().pendingRecordings().count, 0)
        let run = try XCTUnwrap(try sandbox.corpus().exploreRuns(limit: 1).first)
        XCTAssertEqual(run.status, "passed")
        XCTAssertEqual(run.steps, 600)
        // Every action case of both samples was sent and reduced.
        XCTAssertEqual(Set(run.coverage.filter { $0.kind == nil && $0.feature == "lens" }.map(\.actionCase)),
                       ["zoomed", "filtersTapped", "dismissed", "noted", "unlockTapped", "proTapped", "shot"])
    }

    func testATwinChangedOnABranchNoFixtureReachesIsFoundShrunkAndRecordedWithBothSides() throws {
        let sandbox = try DrillSandbox.samples()
        XCTAssertEqual(sandbox.duet("verify", "--runner", try DrillRunner.command("--twin")).status, .holds, "no fixture reaches the twin's branches")
        let result = try explore(sandbox, kotlin: "--twin", "--budget", "3000", "--restore-every", "0")
        XCTAssertEqual(result.status, .findings, result.out + result.err)
        let findings = result.findings
        let zoom = try XCTUnwrap(findings.first { $0["path"]?.text == "chrome.zoom" }, result.out)
        XCTAssertEqual(zoom["kind"]?.text, "state")
        XCTAssertEqual(zoom["shrunk"]?.intValue, 1, "one zoom below 1 from a recorded state")
        XCTAssertEqual(zoom["actions"]?.arrayValue?.first?["value"], .int(0), "the payload is simplified to 0")
        let flash = try XCTUnwrap(findings.first { $0["kind"]?.text == "effects" }, result.out)
        XCTAssertEqual(flash["shrunk"]?.intValue, 2, "two shots from the recorded state with two")
        XCTAssertEqual(flash["startFixture"]?.text, "lens.shots")
        XCTAssertLessThanOrEqual(findings.compactMap { $0["shrunk"]?.intValue }.max() ?? 99, 5)

        let name = try XCTUnwrap(zoom["name"]?.text)
        XCTAssertTrue(name.hasPrefix("explore.lens."), name)
        XCTAssertEqual(zoom["replay"]?.text, "duet explore --replay \(name)")
        let pending = try XCTUnwrap(try sandbox.corpus().pendingRecording(named: name))
        XCTAssertEqual(pending.fixture.steps.count, 1)
        // A pending recording like record's: files under parity/.pending/, each platform's answer in the sidecar.
        XCTAssertEqual(pending.producer, "explore")
        XCTAssertEqual(pending.reason, .diverged)
        XCTAssertEqual(pending.answers.map(\.platform), ["swift", "kotlin"], "the pinned platform first")
        XCTAssertNotEqual(pending.answers[0].fixture.steps[0].expectedState, pending.answers[1].fixture.steps[0].expectedState)
        XCTAssertEqual(pending.answers[0].fixture, pending.fixture, "the recording pins Swift's answers")
        let pendingFolder = sandbox.directory.appendingPathComponent("parity/.pending")
        for suffix in [".fixture.json", ".pending.json"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: pendingFolder.appendingPathComponent(name + suffix).path), suffix)
        }
        let show = sandbox.duet("pending", "show", name)
        XCTAssertTrue(show.out.contains("kotlin state:") && show.out.contains("swift state:"), show.out)
        XCTAssertTrue(show.out.contains("first difference: chrome.zoom"), show.out)
        XCTAssertTrue(show.out.contains("kotlin answered differently from swift:"), show.out)
        XCTAssertTrue(show.out.contains("accepting is refused now: the platforms still differ"), show.out)
        let shown = try CanonicalJSON.parse(sandbox.duet("pending", "show", name, "--format", "json").out)
        XCTAssertEqual(shown["acceptable"], .bool(false))
        XCTAssertEqual(shown["explore"]?["replay"]?.text, "duet explore --replay \(name)")

        // Accepting pins one side while they differ: refused. Replayed on the twin it still fails;
        // on two faithful runners it holds, is re-recorded, and can then be accepted.
        XCTAssertEqual(sandbox.duet("pending", "accept", name).status, .usage)
        XCTAssertEqual(try explore(sandbox, kotlin: "--twin", "--replay", name).status, .findings)
        let agreed = try explore(sandbox, "--replay", name)
        XCTAssertEqual(agreed.status, .holds, agreed.out)
        XCTAssertEqual(agreed.json?["rerecorded"], .bool(true))
        let rerecorded = try XCTUnwrap(try sandbox.corpus().pendingRecording(named: name))
        XCTAssertEqual(rerecorded.reason, .new)
        XCTAssertEqual(rerecorded.answers, [], "the platforms agree: nothing apart to show")
        XCTAssertEqual(try CanonicalJSON.parse(sandbox.duet("pending", "show", name, "--format", "json").out)["acceptable"], .bool(true))
        XCTAssertEqual(sandbox.duet("pending", "accept", name).status, .holds)
        XCTAssertTrue(FileManager.default.fileExists(atPath: sandbox.directory.appendingPathComponent("parity/fixtures/\(name).fixture.json").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: pendingFolder.appendingPathComponent(name + ".fixture.json").path))
    }

    func testTheSameSeedExploresTheSameSequences() throws {
        let sandbox = try DrillSandbox.samples()
        let first = try explore(sandbox, kotlin: "--twin", "--budget", "2000", "--seed", "7", "--restore-every", "0")
        let again = try explore(sandbox, kotlin: "--twin", "--budget", "2000", "--seed", "7", "--restore-every", "0")
        let other = try explore(sandbox, kotlin: "--twin", "--budget", "2000", "--seed", "8", "--restore-every", "0")
        func signature(_ result: Invocation) -> [String] { result.findings.compactMap { $0["name"]?.text } + [result.json?["steps"]?.canonicalString ?? ""] }
        XCTAssertFalse(first.findings.isEmpty)
        XCTAssertEqual(signature(first), signature(again))
        let runs = try sandbox.corpus().exploreRuns(limit: 3)
        XCTAssertEqual(runs[2].coverage, runs[1].coverage, "seed 7 twice reaches the same things the same number of times")
        XCTAssertNotEqual(runs[2].coverage, runs[0].coverage, "another seed explores other sequences")
        _ = other
    }

    func testACrashOnAWellFormedActionIsAFindingAndTheRunGoesOn() throws {
        let sandbox = try DrillSandbox.samples()
        let result = try explore(sandbox, kotlin: "--exit-on-reduce lens.noted", "--budget", "400", "--restore-every", "0", "--feature", "lens")
        XCTAssertEqual(result.status, .findings, result.out + result.err)
        let crash = try XCTUnwrap(result.findings.first { $0["kind"]?.text == "crash" }, result.out)
        XCTAssertEqual(crash["shrunk"]?.intValue, 1)
        XCTAssertEqual(crash["actions"]?.arrayValue?.first?["case"]?.text, "noted")
        XCTAssertTrue(crash["answers"]?.arrayValue?.contains { $0["platform"]?.text == "kotlin" && ($0["error"]?.text ?? "").contains("exited") } ?? false,
                      result.out)
        XCTAssertEqual(result.json?["walks"]?.intValue, 50, "the runner restarts and every walk is taken")
        XCTAssertGreaterThan(result.json?["steps"]?.intValue ?? 0, 100)
        XCTAssertEqual(result.findings.count, 1, "every crash on noted is one finding")
    }

    func testARefusalOfAWellFormedActionIsAFinding() throws {
        let sandbox = try DrillSandbox.samples()
        let result = try explore(sandbox, swift: "--refuse-reduce vault.alarmRaised", "--budget", "300", "--restore-every", "0", "--feature", "vault")
        XCTAssertEqual(result.status, .findings, result.out)
        let refused = try XCTUnwrap(result.findings.first)
        XCTAssertEqual(refused["kind"]?.text, "refused")
        XCTAssertEqual(refused["message"]?.text, "swift refused a well-formed action")
        let alone = sandbox.duet("explore", "--platform", "swift", "--runner", try DrillRunner.command("--refuse-reduce vault.alarmRaised"),
                                 "--budget", "300", "--restore-every", "0", "--feature", "vault", "--format", "json")
        XCTAssertEqual(alone.status, .findings, "with one platform a refusal of a well-formed action is still a finding")
    }

    func testTheRestoreRulesApplyAtExploredStatesAndAFeatureRulingAcceptsTheGap() throws {
        let sandbox = try DrillSandbox.samples()
        // lens keeps `unlocked` outside its spine: relaunched, the pro filters stay shut (the drill's lens.pro finding).
        let open = try explore(sandbox, "--budget", "1600", "--restore-every", "2", "--feature", "lens")
        XCTAssertEqual(open.status, .findings, open.out)
        XCTAssertTrue(open.findings.contains { $0["kind"]?.text == "carry-on" && $0["path"]?.text == "sheet" }, open.out)
        XCTAssertGreaterThan(open.json?["restore"]?["walks"]?.intValue ?? 0, 0)

        try """
        drill:
          rulings:
            - feature: lens
              rule: carry-on
              path: sheet
              reason: "the pro unlock is a purchase the store keeps, not navigation"
              since: 2026-12-01
        """.write(to: sandbox.directory.appendingPathComponent("parity/manifest.yaml"), atomically: true, encoding: .utf8)
        let ruled = try explore(sandbox, "--budget", "1600", "--restore-every", "2", "--feature", "lens")
        XCTAssertFalse(ruled.findings.contains { $0["kind"]?.text == "carry-on" && $0["path"]?.text == "sheet" }, ruled.out)
        XCTAssertGreaterThan(ruled.json?["restore"]?["ruled"]?.intValue ?? 0, 0)

        // A restore that loses the sheet breaks the round trip at explored states too.
        let dropped = try explore(sandbox, kotlin: "--drop lens.sheet", "--budget", "1600", "--restore-every", "2", "--feature", "lens")
        XCTAssertTrue(dropped.findings.contains { $0["kind"]?.text == "round-trip" || $0["kind"]?.text == "restore" }, dropped.out)
    }

    func testBadInputNothingToExploreAndRunnerTrouble() throws {
        let sandbox = try DrillSandbox.samples()
        XCTAssertEqual(try explore(sandbox, "--feature", "nope").status, .usage)
        XCTAssertEqual(try explore(sandbox, "--budget", "0").status, .usage)
        XCTAssertEqual(sandbox.duet("explore", "--runner", "true", "--format", "json").status, .usage, "two platforms need two named runners")
        let missing = sandbox.duet("explore", "--runner", "swift=/nonexistent/runner", "--runner", "kotlin=/nonexistent/runner", "--format", "json")
        XCTAssertEqual(missing.status, .environment, missing.out + missing.err)
        let empty = try DrillSandbox()
        XCTAssertEqual(try explore(empty, "--budget", "50").status, .findings, "nothing recorded: nothing explored, not a pass")
    }

    func testJUnitNamesEveryFeatureAndEachFinding() throws {
        let sandbox = try DrillSandbox.samples()
        let file = sandbox.directory.appendingPathComponent("explore.xml")
        _ = try explore(sandbox, kotlin: "--twin", "--budget", "1500", "--restore-every", "0", "--junit", file.path)
        let xml = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(xml.contains(#"name="lens""#) && xml.contains(#"name="vault""#), xml)
        XCTAssertTrue(xml.contains("<failure type=\"state\""), xml)
        XCTAssertFalse(xml.contains("<skipped"))
    }
}

extension DrillSandbox {
    func duet(arguments: [String]) -> Invocation {
        let out = OutputSink(capturing: ()), err = OutputSink(capturing: ())
        let status = DuetCommandLine.run(["--corpus", corpusPath] + arguments, environment: [:], workingDirectory: directory.path,
                                         stdout: out, stderr: err)
        return Invocation(status: status, out: String(decoding: out.captured, as: UTF8.self), err: String(decoding: err.captured, as: UTF8.self))
    }
}
