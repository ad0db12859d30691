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
    /// Every fixture's drill in name order — or, for a run that keeps only what its report needs
    /// (`tally` set), the fixtures with findings or ruled findings, up to its limit.
    public var results: [DrillFixtureResult]
    /// Set when the runner kept failing and the run stopped early (exit 3).
    public var runnerFailure: RunnerFailure?
    public var startedAt: String
    public var durationMilliseconds: Int
    /// Requests the runner answered (restores and reduces), for rates.
    public var requests: Int
    /// The counts of a run that did not keep every result; nil: they come from `results`.
    public var tally: Tally?

    /// What a drill counted of results it did not keep.
    public struct Tally: Sendable, Equatable {
        public var fixtures = 0, snapshots = 0, steps = 0, emptySpines = 0
        /// Fixtures with a finding no ruling accepts, and those findings.
        public var failedFixtures = 0, findings = 0
        public var ruled = 0
        /// Fixtures with findings counted but not kept (beyond the run's `--max-failures`).
        public var omittedFailures = 0
        public init() {}

        public mutating func count(_ result: DrillFixtureResult) {
            fixtures += 1; snapshots += result.snapshots; steps += result.steps
            if result.emptySpine { emptySpines += 1 }
            if !result.passed { failedFixtures += 1 }
            findings += result.findings.count
            ruled += result.ruled.count
        }
    }

    public init(platform: String, runner: String, results: [DrillFixtureResult], runnerFailure: RunnerFailure?, startedAt: String,
                durationMilliseconds: Int, requests: Int, tally: Tally? = nil) {
        self.platform = platform; self.runner = runner; self.results = results; self.runnerFailure = runnerFailure
        self.startedAt = startedAt; self.durationMilliseconds = durationMilliseconds; self.requests = requests; self.tally = tally
    }

    /// The findings kept (all of them unless `omittedFailures`).
    public var findings: [DrillFinding] { results.flatMap(\.findings) }
    public var ruled: [RuledFinding] { results.flatMap(\.ruled) }
    public var fixtureCount: Int { tally?.fixtures ?? results.count }
    public var snapshotCount: Int { tally?.snapshots ?? results.reduce(0) { $0 + $1.snapshots } }
    public var stepCount: Int { tally?.steps ?? results.reduce(0) { $0 + $1.steps } }
    public var emptySpineCount: Int { tally?.emptySpines ?? results.count { $0.emptySpine } }
    /// Every finding no ruling accepts, kept or not.
    public var findingCount: Int { tally?.findings ?? findings.count }
    public var ruledCount: Int { tally?.ruled ?? ruled.count }
    public var failedFixtureCount: Int { tally?.failedFixtures ?? failedFixtures.count }
    /// Fixtures with findings that are not among `results` (the run's `--max-failures` was reached).
    public var omittedFailures: Int { tally?.omittedFailures ?? 0 }
    /// The failed fixtures kept.
    public var failedFixtures: [String] { results.filter { !$0.passed }.map(\.fixture) }
    /// Held: fixtures were drilled, none has a finding, the runner held up.
    public var passed: Bool { runnerFailure == nil && fixtureCount > 0 && failedFixtureCount == 0 }
}
