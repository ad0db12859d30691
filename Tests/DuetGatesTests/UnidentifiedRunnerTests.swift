import Duet
import DuetCorpus
import XCTest

/// A runner that sends no build is identified by the executable it is, or not at all; nothing an
/// unidentified runner judged is reused.
final class UnidentifiedRunnerTests: XCTestCase {
    private func drilled(_ sandbox: DrillSandbox, _ runner: String) -> (replayed: Int64?, build: JSONValue?) {
        let run = sandbox.duet("drill", "restore", "--runner", runner, "--format", "json")
        let first = run.json?["runs"]?.arrayValue?.first
        return (first?["replayed"]?.intValue, first?["runnerBuild"])
    }

    func testARunnerWithoutABuildIsHashedFromItsExecutable() throws {
        let sandbox = try DrillSandbox.samples()
        let runner = try DrillRunner.command()
        let count = Int64(try sandbox.corpus().fixtureNames().count)
        let first = drilled(sandbox, runner)
        XCTAssertEqual(first.replayed, count)
        XCTAssertEqual(first.build?.stringValue?.hasPrefix("exe:"), true, "\(first.build ?? .null)")
        XCTAssertLessThan(drilled(sandbox, runner).replayed ?? count, count, "its clean fixtures stand")
    }

    func testAnUnidentifiedRunnerIsReplayedInFullEveryTime() throws {
        let sandbox = try DrillSandbox.samples()
        // Started through a shell, its bytes are not the runner's, and it sends no build.
        let wrapped = "sh -c \(SampleQuote.quoted(try DrillRunner.command()))"
        let count = Int64(try sandbox.corpus().fixtureNames().count)
        let first = drilled(sandbox, wrapped)
        XCTAssertEqual(first.replayed, count)
        XCTAssertEqual(first.build, .null)
        XCTAssertEqual(drilled(sandbox, wrapped).replayed, count, "nothing it judged is reused")
        XCTAssertEqual(try sandbox.corpus().drillRuns(limit: 1).first?.inputs?.runner?.build, nil)
        XCTAssertTrue(sandbox.duet("runs", "--kind", "drill").out.contains("unidentified"))
    }
}

enum SampleQuote {
    static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
}
