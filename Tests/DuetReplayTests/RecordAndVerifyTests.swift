import Duet
import DuetReplay
import XCTest

/// Record the sample scenarios, verify them green, and see verify go red when the reducer changes.
final class RecordAndVerifyTests: XCTestCase {
    func testRecordingCompilesBranchesToOneDialect2FixturePerLeafAndOneChainFixture() throws {
        let recording = try SampleRunner.record()
        XCTAssertEqual(recording.failures, [])
        XCTAssertEqual(recording.fixtures.map(\.name),
                       ["tally", "tally-endings.keeps-counting", "tally-endings.changes-its-mind", "chain-ping-pong"])
        let branch = recording.fixtures[2]
        XCTAssertEqual(branch.dialect, 2)
        XCTAssertEqual(branch.scenarioBranch, "changes-its-mind")
        XCTAssertEqual(branch.steps.map(\.label), ["increment", "changes its mind › decrement", "changes its mind › about", "changes its mind › dismiss"])
        XCTAssertEqual(branch.steps[3].expectedEffects.canonicalString, #"[{"id":"tally.persist","kind":"cancel"}]"#)
        XCTAssertEqual(branch.steps[2].expectedState?.canonicalString, #"{"count":0,"history":[],"sheet":{"case":"about"}}"#)
        let chain = recording.fixtures[3]
        XCTAssertTrue(chain.isChain)
        XCTAssertEqual(chain.steps.map(\.node), ["ping", "pong"])
        XCTAssertEqual(chain.steps[0].linkToNext, true)
        XCTAssertNil(chain.steps[0].expectedState)
    }

    func testRecordedFixturesVerifyGreenThroughTheRunner() throws {
        let fixtures = try SampleRunner.record().fixtures
        let run = try SampleRunner.verify(fixtures)
        XCTAssertTrue(run.passed, "\(run.results.compactMap(\.failure))")
        XCTAssertEqual(run.passedCount, 4)
        XCTAssertEqual(run.stepCount, fixtures.reduce(0) { $0 + $1.steps.count })
    }

    func testAMutatedReducerFailsAtTheRightStepAndPath() throws {
        let fixtures = try SampleRunner.record().fixtures
        let run = try SampleRunner.verify(fixtures, "--mutate")
        XCTAssertFalse(run.passed)
        let tally = try XCTUnwrap(run.results.first { $0.fixture == "tally" })
        let failure = try XCTUnwrap(tally.failure)
        XCTAssertEqual(failure.kind, .state)
        XCTAssertEqual(failure.step, 3)
        XCTAssertEqual(failure.label, "a third increment")
        XCTAssertEqual(failure.action, #"{"case":"increment"}"#)
        XCTAssertEqual(failure.divergence, Divergence(path: "count", expected: "3", actual: "4"))
        XCTAssertTrue(failure.source?.hasPrefix("Tests/SampleRunner/SampleScenarios.swift:") == true, "\(failure)")
        XCTAssertEqual(tally.stepsRun, 3)
        // The branch that never passes 2 still holds: one failing fixture does not sink the others.
        XCTAssertEqual(run.results.first { $0.fixture == "tally-endings.changes-its-mind" }?.status, .passed)
        XCTAssertEqual(run.results.first { $0.fixture == "tally-endings.keeps-counting" }?.failure?.step, 2)
    }

    func testEffectsAndLinkDivergencesAreReportedWithTheirPath() throws {
        var fixtures = try SampleRunner.record().fixtures
        // Break the recorded effect payload of the `save` step: the runner's answer no longer matches.
        let save = fixtures[0].steps.count - 1
        fixtures[0].steps[save].expectedEffects = json(#"[{"id":"tally.persist","kind":"run","payload":{"case":"persist","value":{"count":99}}}]"#)
        // Break the chain seam: pong's action no longer carries ping's payload.
        fixtures[3].steps[1].action = json(#"{"case":"pingFired","value":{"count":7}}"#)
        let run = try SampleRunner.verify(fixtures)
        let effects = try XCTUnwrap(run.results[0].failure)
        XCTAssertEqual(effects.kind, .effects)
        XCTAssertEqual(effects.step, save)
        XCTAssertEqual(effects.divergence?.path, "[0].payload.value.count")
        let link = try XCTUnwrap(run.results[3].failure)
        XCTAssertEqual(link.kind, .link)
        XCTAssertEqual(link.step, 0)
        XCTAssertEqual(link.divergence, Divergence(path: "count", expected: "7", actual: "1"))
    }

    func testPipeliningGivesTheSameVerdictsAsOneRequestAtATime() throws {
        let fixtures = try SampleRunner.record().fixtures
        let pipelined = try SampleRunner.verify(fixtures, "--mutate", window: 512)
        let serial = try SampleRunner.verify(fixtures, "--mutate", window: 1)
        XCTAssertEqual(pipelined.results, serial.results)
    }

    func testACrashingFixtureFailsByNameTheRunnerRestartsAndTheRunGoesOn() throws {
        var fixtures = try SampleRunner.record().fixtures
        var crashing = fixtures[1]
        crashing.name = "tally-crash"
        crashing.steps[0].action = json(#"{"case":"named","value":"crash"}"#)
        fixtures.insert(crashing, at: 1)
        let run = try SampleRunner.verify(fixtures, "--crashable")
        let failure = try XCTUnwrap(run.results[1].failure)
        XCTAssertEqual(failure.kind, .runner)
        XCTAssertEqual(failure.step, 0)
        XCTAssertTrue(failure.message.contains("status 70"), failure.message)
        XCTAssertNil(run.runnerFailure, "one crash restarts the runner; the run goes on")
        XCTAssertEqual(run.passedCount, 4, "\(run.results)")
    }

    func testAHangingFixtureTimesOutAndTheRunGoesOn() throws {
        var fixtures = try SampleRunner.record().fixtures
        fixtures[0].steps[0].action = json(#"{"case":"named","value":"hang"}"#)
        let started = Date()
        let run = try SampleRunner.verify(fixtures, "--crashable", timeout: 1)
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
        XCTAssertEqual(run.results[0].failure?.kind, .runner)
        XCTAssertTrue(run.results[0].failure?.message.contains("within 1s") == true, "\(run.results[0])")
        XCTAssertEqual(run.passedCount, 3)
    }

    func testARunnerThatKeepsFailingEndsTheRunCleanly() throws {
        let fixtures = try SampleRunner.record().fixtures
        let session = ReplaySession(command: "echo garbage", timeout: 2)
        let run = FixtureReplayer(session: session, platform: "swift").verify(fixtures)
        XCTAssertEqual(run.runnerFailure?.kind, .handshake)
        XCTAssertTrue(run.runnerFailure?.description.contains("`echo garbage`") == true)
        XCTAssertEqual(run.notRunCount, fixtures.count)
        XCTAssertFalse(run.passed)
    }

    func testAnEmptyRunIsNeverAPass() throws {
        let session = ReplaySession(command: try SampleRunner.command(), timeout: 5)
        defer { session.close() }
        XCTAssertFalse(FixtureReplayer(session: session, platform: "swift").verify([]).passed)
    }
}
