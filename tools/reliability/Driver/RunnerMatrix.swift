import Foundation

/// `duet verify` of the reference app's fixtures through a runner that misbehaves in one way each
/// (`fault-runner.sh`): the run must end with the exit code the fault calls for, name the runner,
/// never crash, and take time bounded by the timeouts — not by the number of fixtures.
struct RunnerMatrix {
    let tools: Workspace
    /// Per-request timeout handed to `verify`; the startup timeout is the same.
    let timeout: Double

    struct Fault {
        var name: String
        var after: Int
        var exit: Int32
        /// How many timeouts the run may wait through: restarts are bounded at 3, so 4 failures end it.
        var timeouts: Double
    }

    static let faults: [Fault] = [
        Fault(name: "none", after: 0, exit: 0, timeouts: 0),
        Fault(name: "crash", after: 20, exit: 3, timeouts: 0),
        Fault(name: "hang", after: 0, exit: 3, timeouts: 2),
        Fault(name: "garbage", after: 20, exit: 3, timeouts: 0),
        Fault(name: "wrong-version", after: 0, exit: 3, timeouts: 0),
        Fault(name: "huge-line", after: 20, exit: 3, timeouts: 0),
        Fault(name: "stall", after: 20, exit: 3, timeouts: 4),
    ]

    func run() throws -> Report {
        let work = try tools.folder("runners")
        let corpus = work.appendingPathComponent("corpus.db")
        try tools.duet(["--corpus", corpus.path, "corpus", "load", tools.seed.path], in: work).expect(0, "loading the seed")
        var report = Report(name: "runner faults")
        for fault in Self.faults {
            let runner = [tools.faultRunner.path, fault.name, String(fault.after), tools.memoryLaneRunner].map(Self.quoted).joined(separator: " ")
            let outcome = try tools.duet(["--corpus", corpus.path, "verify", "--runner", runner, "--timeout", String(timeout),
                                          "--startup-timeout", String(timeout), "--format", "json"], in: work)
            // Each start of the runner costs a process launch; the bound allows a second for each of the four.
            let bound = fault.timeouts * timeout + 4 + 2 * timeout
            var problems: [String] = []
            if outcome.signaled { problems.append("duet was killed by signal \(outcome.status)") }
            if outcome.status != fault.exit { problems.append("exit \(outcome.status), expected \(fault.exit): \(outcome.stderr.prefix(300))") }
            if fault.exit == 3 && !outcome.stderr.contains("fault-runner.sh") { problems.append("the report does not name the runner: \(outcome.stderr.prefix(300))") }
            if outcome.seconds > bound { problems.append("took \(duration(outcome.seconds)), more than \(duration(bound))") }
            report.figures.append("\(fault.name.padding(toLength: 13, withPad: " ", startingAt: 0)) exit \(outcome.status) in \(duration(outcome.seconds))"
                                  + (problems.isEmpty ? "" : "  FAILS"))
            report.violations += problems.map { "\(fault.name): \($0)" }
        }
        return report
    }

    static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
}
