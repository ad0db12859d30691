import DuetReplay

/// The drill of one fixture on one platform.
public struct DrillFixtureResult: Sendable, Equatable {
    public var fixture: String
    /// Snapshots drilled (initial states and step states, per node).
    public var snapshots: Int
    /// Fixture steps drilled.
    public var steps: Int
    /// Every node drilled has a spine of `{}` (no L0 field, no island): nothing it persists can differ.
    public var emptySpine: Bool
    /// What breaks a rule and no ruling covers.
    public var findings: [DrillFinding]
    /// Findings a `drill.rulings` entry accepts: reported, not failing.
    public var ruled: [RuledFinding] = []

    public var passed: Bool { findings.isEmpty }
}

/// One platform's restore drill.
public struct DrillRun: Sendable, Equatable {
    public var platform: String
    public var runner: String
    public var results: [DrillFixtureResult]
    /// Set when the runner kept failing and the run stopped early (exit 3).
    public var runnerFailure: RunnerFailure?
    public var startedAt: String
    public var durationMilliseconds: Int
    /// Requests the runner answered (restores and reduces), for rates.
    public var requests: Int

    public var findings: [DrillFinding] { results.flatMap(\.findings) }
    public var ruled: [RuledFinding] { results.flatMap(\.ruled) }
    public var snapshotCount: Int { results.reduce(0) { $0 + $1.snapshots } }
    public var stepCount: Int { results.reduce(0) { $0 + $1.steps } }
    public var failedFixtures: [String] { results.filter { !$0.passed }.map(\.fixture) }
    /// Held: fixtures were drilled, none has a finding, the runner held up.
    public var passed: Bool { runnerFailure == nil && !results.isEmpty && results.allSatisfy(\.passed) }
}
