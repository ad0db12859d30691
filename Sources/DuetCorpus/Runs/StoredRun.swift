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
    /// The run's replayed passes already encoded (`PassSet`), when it kept them compact instead of as
    /// `results`: stored as they are. nil: the passes among `results` are stored.
    public var passes: [UInt8]?
    /// Fixtures that did not pass beyond `--max-failures`: counted (in `failedCount` and `notRunCount`),
    /// not kept. Read back: those counts less the failures stored in full.
    public var omittedFailures = 0
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

/// One fixture's result in a run (table `run_results`; plain passes: the run's `PassSet`).
public struct StoredFixtureResult: Sendable, Equatable {
    public var fixture: String
    /// `passed` or `failed`.
    public var status: String
    public var stepsRun: Int
    /// `state`, `effects`, `link`, `refused`, `runner`, `malformed`, `not-run`; nil when passed.
    public var failureKind: String? { get { detail.failureKind } set { detail.failureKind = newValue } }
    /// 0-based step index.
    public var step: Int? { get { detail.step } set { detail.step = newValue } }
    public var label: String? { get { detail.label } set { detail.label = newValue } }
    public var action: String? { get { detail.action } set { detail.action = newValue } }
    public var path: String? { get { detail.path } set { detail.path = newValue } }
    public var expected: String? { get { detail.expected } set { detail.expected = newValue } }
    public var actual: String? { get { detail.actual } set { detail.actual = newValue } }
    public var message: String? { get { detail.message } set { detail.message = newValue } }
    public var source: String? { get { detail.source } set { detail.source = newValue } }
    /// The whole state the platform answered at the divergent step (compact canonical), when the
    /// state diverged; the navigation map draws the transition it took from it.
    public var actualState: [UInt8]? { get { detail.actualState } set { detail.actualState = newValue } }

    /// Everything but the name, status and steps: boxed, and absent for a plain pass, so a run of a
    /// million steps holds a few words per passing fixture.
    private var box: DetailBox?
    private var detail: ResultDetail {
        get { box?.detail ?? ResultDetail() }
        set { box = newValue == ResultDetail() ? nil : DetailBox(newValue) }
    }

    public init(fixture: String, status: String, stepsRun: Int, failureKind: String? = nil, step: Int? = nil, label: String? = nil,
                action: String? = nil, path: String? = nil, expected: String? = nil, actual: String? = nil,
                message: String? = nil, source: String? = nil, actualState: [UInt8]? = nil) {
        self.fixture = fixture; self.status = status; self.stepsRun = stepsRun
        detail = ResultDetail(failureKind: failureKind, step: step, label: label, action: action, path: path, expected: expected,
                              actual: actual, message: message, source: source, actualState: actualState)
    }

    /// A plain pass — nothing to keep but its name and steps — goes into the run's `PassSet`, not a row.
    var isStoredAsPass: Bool { status == "passed" && box == nil }
}

private struct ResultDetail: Sendable, Equatable {
    var failureKind: String?, step: Int?, label: String?, action: String?, path: String?, expected: String?, actual: String?
    var message: String?, source: String?, actualState: [UInt8]?
}

private final class DetailBox: Sendable, Equatable {
    let detail: ResultDetail
    init(_ detail: ResultDetail) { self.detail = detail }
    static func == (a: DetailBox, b: DetailBox) -> Bool { a.detail == b.detail }
}

/// A fixture a run did not replay: it passed before with the same behaviour and runner (`fixture_passes`).
public struct ReusedPass: Sendable, Equatable {
    public var fixture: String
    public var steps: Int
    public init(fixture: String, steps: Int) { self.fixture = fixture; self.steps = steps }
}
