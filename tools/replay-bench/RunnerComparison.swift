import Duet
import DuetFixtures
import DuetReplay
import DuetRunner
import Foundation

/// Two builds of one app's runner, side by side on the same fixtures — e.g. Memory Lane with and
/// without hand-written writers. The bench writes what the other tools need and measures the
/// protocol itself:
///
///     replay-bench --steps 100000 --write-requests requests.jsonl   # every reduce line, for callgrind
///     replay-bench --steps 100000 --write-fixtures DIR              # the fixtures as files, for `duet verify`
///     replay-bench --steps 100000 --compare a=CMD b=CMD [--rounds 3] # pipelined steps/s, rounds alternating
enum RunnerComparison {
    /// Every `reduce` request the fixtures make, one line each, in replay order.
    static func writeRequests(_ fixtures: [Fixture], to path: String) throws {
        var out: [UInt8] = []
        for fixture in fixtures {
            var previous = fixture.initialState!
            for step in fixture.steps {
                out += ReplayProtocol.reduceRequest(feature: fixture.feature!, state: previous.canonicalBytes, action: step.action.canonicalBytes)
                previous = step.expectedState!
            }
        }
        try Data(out).write(to: URL(fileURLWithPath: path))
    }

    /// The fixtures as `parity/fixtures` files (pinned pretty form) under `directory`.
    static func writeFixtures(_ fixtures: [Fixture], to directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for var fixture in fixtures {
            fixture.name = fixture.name.replacingOccurrences(of: "#", with: ".r")   // `#` names a step on the command line
            try Data(fixture.document.prettyBytes).write(to: URL(fileURLWithPath: directory).appendingPathComponent(try Fixture.fileName(for: fixture.name)))
        }
    }

    /// Pipelined steps/s of each runner (window as given; one warm-up pass per process, then one
    /// timed), the runners taking turns `rounds` times so that both see the same machine load.
    static func compare(_ runners: [(name: String, command: String)], fixtures: [Fixture], window: Int, rounds: Int) -> Bool {
        var rates: [String: [Double]] = [:]
        var passed = true
        for round in 1...rounds {
            for runner in runners {
                guard let measured = FlavorRun.measure(platform: "swift", command: runner.command, fixtures: fixtures, window: window) else {
                    print("compare: \(runner.name) did not start (\(runner.command))")
                    return false
                }
                passed = passed && measured.run.passed
                if let failed = measured.run.results.first(where: { $0.status != .passed }) {
                    print("compare: \(runner.name): \(failed.fixture) \(failed.failure.map { "\($0)" } ?? "did not pass")")
                }
                rates[runner.name, default: []].append(measured.warmRate)
                print(String(format: "compare round %d  %-10@ %10.0f steps/s  (%d steps, %d failures)",
                             round, runner.name, measured.warmRate, measured.run.stepCount, measured.run.failedCount))
            }
        }
        let medians = runners.map { runner in (runner.name, rates[runner.name]!.sorted()[rates[runner.name]!.count / 2]) }
        for (name, median) in medians { print(String(format: "compare median  %-10@ %10.0f steps/s", name, median)) }
        if medians.count == 2 { print(String(format: "compare %@ / %@: %.3fx", medians[0].0, medians[1].0, medians[0].1 / medians[1].1)) }
        return passed
    }
}
