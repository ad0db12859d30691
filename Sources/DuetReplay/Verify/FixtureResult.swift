import Duet

/// The outcome of replaying one fixture on one platform.
public struct FixtureResult: Sendable, Equatable {
    public enum Status: String, Sendable { case passed, failed }
    public var fixture: String
    public var status: Status
    /// Steps that held before the fixture stopped (all of them when it passed).
    public var stepsRun: Int
    public var failure: FixtureFailure? {
        get { failureBox?.failure }
        set { failureBox = newValue.map(FailureBox.init) }
    }
    /// A run keeps a result per fixture, most of them passes: the large failure is boxed, so a
    /// pass costs its name and two words, not the size of a failure.
    private var failureBox: FailureBox?

    public init(fixture: String, status: Status, stepsRun: Int, failure: FixtureFailure?) {
        self.fixture = fixture; self.status = status; self.stepsRun = stepsRun; self.failure = failure
    }

    public static func passed(_ fixture: String, steps: Int) -> FixtureResult {
        FixtureResult(fixture: fixture, status: .passed, stepsRun: steps, failure: nil)
    }
    public static func failed(_ fixture: String, stepsRun: Int, _ failure: FixtureFailure) -> FixtureResult {
        FixtureResult(fixture: fixture, status: .failed, stepsRun: stepsRun, failure: failure)
    }
}

private final class FailureBox: Sendable, Equatable {
    let failure: FixtureFailure
    init(_ failure: FixtureFailure) { self.failure = failure }
    static func == (a: FailureBox, b: FailureBox) -> Bool { a.failure == b.failure }
}

/// Where and why a fixture stopped.
public struct FixtureFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// The state after a step differs from `expectedState`.
        case state
        /// The effects differ from `expectedEffects`.
        case effects
        /// A `linkToNext` step's last effect payload is not the next step's action.
        case link
        /// A step's claim (`.inert`, a `.state` predicate) is false of what was recorded.
        case claim
        /// The runner answered `{"error":…}`.
        case refused
        /// The runner crashed, hung or wrote garbage while this fixture was in flight.
        case runner
        /// The fixture cannot be replayed as stored (e.g. a chain node without an initial state).
        case malformed
        /// The run ended before this fixture was replayed.
        case notRun = "not-run"
    }
    public var kind: Kind
    /// 0-based step index; nil when the failure is not tied to a step.
    public var step: Int?
    public var label: String?
    public var node: String?
    /// The step's action, canonical.
    public var action: String?
    /// First divergent JSON path (`sheet.value.memoryId`, `[0].payload`) and both fragments there.
    public var divergence: Divergence?
    public var message: String
    /// `source:line` of the scenario step, when the fixture records it.
    public var source: String?
    /// The runner's whole answer when the state diverged (canonical bytes): which L0 state it went to.
    public var actualState: [UInt8]?

    public init(kind: Kind, step: Int? = nil, label: String? = nil, node: String? = nil, action: String? = nil,
                divergence: Divergence? = nil, message: String, source: String? = nil, actualState: [UInt8]? = nil) {
        self.kind = kind; self.step = step; self.label = label; self.node = node; self.action = action
        self.divergence = divergence; self.message = message; self.source = source; self.actualState = actualState
    }

    public var description: String {
        var parts: [String] = []
        if let step { parts.append("step \(step)" + (label.map { " \"\($0)\"" } ?? "")) }
        if let node { parts.append("node \(node)") }
        if let action { parts.append("action \(action)") }
        var text = parts.isEmpty ? message : parts.joined(separator: ", ") + ": " + message
        if let divergence {
            let path = divergence.path.isEmpty ? "(root)" : divergence.path
            text += " at \(path): expected \(divergence.expected ?? "(absent)"), got \(divergence.actual ?? "(absent)")"
        }
        if let source { text += " [\(source)]" }
        return text
    }
}

/// One platform's verify run.
public struct VerifyRun: Sendable, Equatable {
    public var platform: String
    public var runner: String
    /// Every fixture's result in name order — or, for a run that keeps only what its report needs
    /// (`tally` set), the results of the fixtures that did not pass, up to its limit.
    public var results: [FixtureResult]
    /// Set when the runner kept failing and the run stopped early (exit 3).
    public var runnerFailure: RunnerFailure?
    public var startedAt: String
    public var durationMilliseconds: Int
    /// The counts of a run that did not keep every result; nil: `results` is every result and the counts come from it.
    public var tally: Tally?

    /// What a run counted of results it did not keep.
    public struct Tally: Sendable, Equatable {
        public var fixtures = 0, passed = 0, failed = 0, notRun = 0, steps = 0
        /// Results that did not pass and were counted but not kept (beyond the run's `--max-failures`).
        public var omittedFailures = 0
        public init() {}

        public mutating func count(_ result: FixtureResult) {
            fixtures += 1
            steps += result.stepsRun
            if result.status == .passed { passed += 1 } else if result.failure?.kind == .notRun { notRun += 1 } else { failed += 1 }
        }
    }

    public init(platform: String, runner: String, results: [FixtureResult], runnerFailure: RunnerFailure?, startedAt: String,
                durationMilliseconds: Int, tally: Tally? = nil) {
        self.platform = platform; self.runner = runner; self.results = results; self.runnerFailure = runnerFailure
        self.startedAt = startedAt; self.durationMilliseconds = durationMilliseconds; self.tally = tally
    }

    public var fixtureCount: Int { tally?.fixtures ?? results.count }
    public var passed: Bool { runnerFailure == nil && fixtureCount > 0 && passedCount == fixtureCount }
    public var passedCount: Int { tally?.passed ?? results.count { $0.status == .passed } }
    public var failedCount: Int { tally?.failed ?? results.count { $0.status == .failed && $0.failure?.kind != .notRun } }
    public var notRunCount: Int { tally?.notRun ?? results.count { $0.failure?.kind == .notRun } }
    public var stepCount: Int { tally?.steps ?? results.reduce(0) { $0 + $1.stepsRun } }
    /// Fixtures that did not pass and are not among `results` (the run's `--max-failures` was reached).
    public var omittedFailures: Int { tally?.omittedFailures ?? 0 }
}
