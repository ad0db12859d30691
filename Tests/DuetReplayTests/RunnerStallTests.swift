import Duet
import DuetReplay
import Foundation
import XCTest
import DuetFixtures

/// A runner that stalls every so often ends the run after a bounded number of restarts, in time
/// proportional to the timeout rather than to the number of fixtures.
final class RunnerStallTests: XCTestCase {
    /// The sample fixtures, copied under new names until there are `count`.
    private func manyFixtures(_ count: Int) throws -> [Fixture] {
        let recorded = try SampleRunner.record().fixtures.filter { !$0.isChain }
        return (0..<count).map { index in
            var fixture = recorded[index % recorded.count]
            fixture.name += ".\(index)"
            return fixture
        }
    }

    func testARunnerThatStallsEveryTwentyRequestsEndsTheRunAfterThreeRestarts() throws {
        let fixtures = try manyFixtures(200)
        let timeout = 0.5
        let session = ReplaySession(command: try SampleRunner.command("--stall-after", "20"), timeout: timeout, startupTimeout: 10)
        defer { session.close() }
        let started = Date()
        let run = FixtureReplayer(session: session, platform: "swift", window: 8).verify(fixtures)
        let elapsed = Date().timeIntervalSince(started)
        let failure = try XCTUnwrap(run.runnerFailure, "the run must end with the runner named, not go on restarting")
        XCTAssertEqual(failure.kind, .timeout)
        XCTAssertTrue(failure.description.contains("duet-sample-runner"), failure.description)
        XCTAssertTrue(failure.description.contains("restarted 3 times"), failure.description)
        XCTAssertEqual(session.restarts, 3)
        XCTAssertGreaterThan(run.notRunCount, 100, "the rest of the fixtures are not run")
        XCTAssertLessThan(elapsed, 4 * timeout + 6, "time follows the timeout (four stalls), not the corpus")
    }

    func testOneCrashStillRestartsAndTheRunGoesOn() throws {
        // Negative control: fewer failures than the restarts allowed do not end the run.
        let fixtures = try manyFixtures(6)
        let session = ReplaySession(command: try SampleRunner.command("--stall-after", "1000"), timeout: 5)
        defer { session.close() }
        let run = FixtureReplayer(session: session, platform: "swift").verify(fixtures)
        XCTAssertNil(run.runnerFailure)
        XCTAssertTrue(run.passed, "\(run.results)")
        XCTAssertEqual(session.restarts, 0)
    }

    func testTheRestartBoundCountsFailuresAcrossAnsweredFixtures() {
        let session = ReplaySession(command: "true", timeout: 1, maximumRestarts: 3)
        let failure = RunnerFailure(kind: .timeout, runner: "r", message: "no answer")
        for _ in 0..<3 {
            session.runnerFailed(failure)
            session.fixtureAnswered()
            XCTAssertNil(session.endedBy)
        }
        session.runnerFailed(failure)
        XCTAssertEqual(session.endedBy?.kind, .timeout)
        XCTAssertTrue(session.endedBy?.message.contains("failed 4 times") == true, "\(String(describing: session.endedBy))")
    }
}
