/// A verify run as the corpus keeps it (table `runs`), with its per-fixture results and what it judged.
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
    /// The results of the fixtures the run replayed.
    public var results: [StoredFixtureResult]
    /// The fixtures that passed unchanged since an earlier run and were not replayed, in name order:
    /// counted and reported, never stored as rows (nil read back: only `reusedCount` is kept).
    public var reusedPasses: [ReusedPass] = []
    /// What the run judged; nil for a run stored before results named their inputs (it never stands for now).
    public var inputs: ResultInputs?
    /// Fixtures not replayed because they passed before with the same behaviour and runner.
    public var reusedCount: Int
    /// The latest run those fixtures were replayed in.
    public var reusedSince: Int64?

    public init(id: Int64? = nil, startedAt: String, platform: String, runner: String, status: String, scope: RunScope?, fixtureCount: Int,
                passedCount: Int, failedCount: Int, notRunCount: Int, runnerFailure: String?, durationMilliseconds: Int,
                results: [StoredFixtureResult], inputs: ResultInputs? = nil, reusedCount: Int = 0, reusedSince: Int64? = nil) {
        self.id = id; self.startedAt = startedAt; self.platform = platform; self.runner = runner; self.status = status; self.scope = scope
        self.fixtureCount = fixtureCount; self.passedCount = passedCount; self.failedCount = failedCount
        self.notRunCount = notRunCount; self.runnerFailure = runnerFailure; self.durationMilliseconds = durationMilliseconds
        self.results = results; self.inputs = inputs; self.reusedCount = reusedCount; self.reusedSince = reusedSince
    }

    /// Fixtures this run replayed.
    public var replayedCount: Int { fixtureCount - reusedCount }
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

    /// A plain pass — nothing to keep but its name and steps — goes into the run's `PassSet`, not a row.
    var isStoredAsPass: Bool {
        status == "passed" && failureKind == nil && step == nil && label == nil && action == nil && path == nil && expected == nil
            && actual == nil && message == nil && source == nil && actualState == nil
    }
}

/// A fixture a run did not replay: it passed before with the same behaviour and runner (`fixture_passes`).
public struct ReusedPass: Sendable, Equatable {
    public var fixture: String
    public var steps: Int
    public init(fixture: String, steps: Int) { self.fixture = fixture; self.steps = steps }
}
