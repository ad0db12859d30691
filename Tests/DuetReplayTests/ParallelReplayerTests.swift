import XCTest
import Duet
@testable import DuetReplay
import DuetFixtures

final class ParallelReplayerTests: XCTestCase {
    func testSeveralRunnersGiveTheSameResultsInTheSameOrderAsOne() throws {
        let fixtures = try SampleRunner.record().fixtures
        let command = try SampleRunner.command("--mutate")
        let one = try SampleRunner.verify(fixtures, "--mutate")
        for processes in [2, 3, 8] {
            let parallel = ParallelReplayer(command: command, platform: "swift", processes: processes).verify(fixtures)
            XCTAssertEqual(parallel.results, one.results, "\(processes) runners")
            XCTAssertEqual(parallel.results.map(\.fixture), fixtures.map(\.name))
            XCTAssertFalse(parallel.passed, "the mutated reducer must still fail with \(processes) runners")
        }
    }

    func testAGreenCorpusIsGreenAcrossRunners() throws {
        let fixtures = try SampleRunner.record().fixtures
        let run = ParallelReplayer(command: try SampleRunner.command(), platform: "swift", processes: 2).verify(fixtures)
        XCTAssertTrue(run.passed, "\(run.results.compactMap(\.failure))")
        XCTAssertEqual(run.passedCount, fixtures.count)
    }

    func testARunnerThatKeepsFailingFailsTheWholeRun() {
        let fixtures = (0..<4).map { index in
            Fixture(name: "f\(index)", feature: "tally", dialect: 2, initialState: .object(JSONObject()),
                    steps: [FixtureStep(action: .string("x"), expectedState: .object(JSONObject()), expectedEffects: .array([]))])
        }
        let run = ParallelReplayer(command: "echo garbage", platform: "swift", processes: 2, timeout: 2).verify(fixtures)
        XCTAssertFalse(run.passed)
        XCTAssertNotNil(run.runnerFailure)
        XCTAssertEqual(run.results.count, 4)
        XCTAssertTrue(run.results.allSatisfy { $0.status == .failed })
    }
}
