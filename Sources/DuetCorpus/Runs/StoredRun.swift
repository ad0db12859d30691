/// A verify run as the corpus keeps it (table `runs`), with its per-fixture results.
public struct StoredRun: Sendable, Equatable {
    /// Row id; nil before the run is stored.
    public var id: Int64?
    public var startedAt: String
    public var platform: String
    public var runner: String
    /// `passed` or `failed`.
    public var status: String
    /// What the run covered; nil for a run stored before scopes were recorded.
    public var scope: RunScope?
    public var fixtureCount: Int
    public var passedCount: Int
    public var failedCount: Int
    public var notRunCount: Int
    /// Why the run stopped early (the runner kept failing); nil when it ran to the end.
    public var runnerFailure: String?
    public var durationMilliseconds: Int
    public var results: [StoredFixtureResult]

    public init(id: Int64? = nil, startedAt: String, platform: String, runner: String, status: String, scope: RunScope?, fixtureCount: Int,
                passedCount: Int, failedCount: Int, notRunCount: Int, runnerFailure: String?, durationMilliseconds: Int,
                results: [StoredFixtureResult]) {
        self.id = id; self.startedAt = startedAt; self.platform = platform; self.runner = runner; self.status = status; self.scope = scope
        self.fixtureCount = fixtureCount; self.passedCount = passedCount; self.failedCount = failedCount
        self.notRunCount = notRunCount; self.runnerFailure = runnerFailure; self.durationMilliseconds = durationMilliseconds
        self.results = results
    }
}

/// One fixture's result in a run (table `run_results`).
public struct StoredFixtureResult: Sendable, Equatable {
    public var fixture: String
    /// `passed` or `failed`.
    public var status: String
    public var stepsRun: Int
    /// `state`, `effects`, `link`, `refused`, `runner`, `malformed`, `not-run`; nil when passed.
    public var failureKind: String?
    /// 0-based step index.
    public var step: Int?
    public var label: String?
    public var action: String?
    public var path: String?
    public var expected: String?
    public var actual: String?
    public var message: String?
    public var source: String?
    /// The whole state the platform answered at the divergent step (compact canonical), when the
    /// state diverged; the navigation map draws the transition it took from it.
    public var actualState: [UInt8]?

    public init(fixture: String, status: String, stepsRun: Int, failureKind: String? = nil, step: Int? = nil, label: String? = nil,
                action: String? = nil, path: String? = nil, expected: String? = nil, actual: String? = nil,
                message: String? = nil, source: String? = nil, actualState: [UInt8]? = nil) {
        self.fixture = fixture; self.status = status; self.stepsRun = stepsRun; self.failureKind = failureKind; self.step = step
        self.label = label; self.action = action; self.path = path; self.expected = expected; self.actual = actual
        self.message = message; self.source = source; self.actualState = actualState
    }
}
