import Duet
import DuetCorpus
import DuetManifest
import DuetReplay

/// `duet drill restore`: the restore drill of the stored fixtures through each platform's runner;
/// every run and its findings are stored in the corpus (scope `full`, or `filtered` under a filter).
///
/// ```swift
/// let outcome = try DrillWorkflow(corpus: corpus, runners: ["swift": command]).run(feature: "timeline")
/// outcome.holds          // every fixture drilled on every platform, nothing found
/// ```
public struct DrillWorkflow {
    public let corpus: Corpus
    /// Platform → runner command.
    public let runners: [String: String]
    /// Platforms asked for without a runner command: a failure, never a pass.
    public var missingRunners: [String]
    public var timeout: Double
    public var startupTimeout: Double
    public var window: Int
    public var maxSpineBytes: Int
    /// Accepted gaps (`drill.rulings` in the manifest): matching findings are reported as ruled.
    public var rulings: [DrillRuling]

    public init(corpus: Corpus, runners: [String: String], missingRunners: [String] = [], timeout: Double = 10,
                startupTimeout: Double = 120, window: Int = 512, maxSpineBytes: Int = RestoreDrill.defaultMaxSpineBytes,
                rulings: [DrillRuling] = []) {
        self.corpus = corpus; self.runners = runners; self.missingRunners = missingRunners; self.timeout = timeout
        self.startupTimeout = startupTimeout; self.window = window; self.maxSpineBytes = maxSpineBytes; self.rulings = rulings
    }

    /// `shard` drills only that share of the fixtures (the split `verify --shard` uses, so a CI
    /// matrix runs both gates over the same shards).
    public func run(feature: String? = nil, fixture: String? = nil, shard: ShardSpec? = nil,
                    progress: ((_ platform: String, _ done: Int, _ total: Int) -> Void)? = nil) throws -> DrillOutcome {
        let only = try shard.map { Set(try corpus.shardPlan($0).fixtures) }
        let total = try only?.count ?? corpus.drillSubjectCount(feature: feature, fixture: fixture)
        let filter = [feature.map { "feature \($0)" }, fixture.map { "fixture \($0)" }, shard.map { "shard \($0)" }]
            .compactMap { $0 }.joined(separator: ", ")
        var outcome = DrillOutcome(missingRunners: missingRunners, fixtureCount: total, filter: filter.isEmpty ? nil : filter)
        guard total > 0 else { return outcome }
        let plans = DrillPlan.plans(try corpus.structures())
        for platform in runners.keys.sorted() {
            let drill = RestoreDrill(command: runners[platform]!, platform: platform, timeout: timeout, startupTimeout: startupTimeout,
                                     window: window, maxSpineBytes: maxSpineBytes)
            var pages = DrillSubjectPages(corpus: corpus, feature: feature, fixture: fixture, only: only)
            var run = try corpus.withUnmappedReads {
                try drill.run(plans: plans, next: { try pages.next() }) { done in progress?(platform, done, total) }
            }
            run.results = run.results.map { DrillRulings.apply(rulings, to: $0) }
            try corpus.storeDrillRun(Self.stored(run, filter: outcome.filter, maxSpineBytes: maxSpineBytes))
            outcome.runs.append(run)
        }
        if outcome.filter == nil { outcome.staleRulings = DrillRulings.stale(rulings, after: outcome.runs) }
        return outcome
    }

    static func stored(_ run: DrillRun, filter: String?, maxSpineBytes: Int) -> StoredDrillRun {
        StoredDrillRun(startedAt: run.startedAt, platform: run.platform, runner: run.runner, scope: filter == nil ? .full : .filtered,
                       filter: filter, status: run.passed ? "passed" : "failed", fixtureCount: run.results.count,
                       snapshotCount: run.snapshotCount, stepCount: run.stepCount, maxSpineBytes: maxSpineBytes,
                       runnerFailure: run.runnerFailure.map { "\($0)" }, durationMilliseconds: run.durationMilliseconds,
                       findings: run.findings.map { stored($0, ruling: nil) } + run.ruled.map { stored($0.finding, ruling: $0.ruling.reason) })
    }

    private static func stored(_ f: DrillFinding, ruling: String?) -> StoredDrillFinding {
        StoredDrillFinding(fixture: f.fixture, step: f.step, node: f.node, rule: f.rule.rawValue, path: f.path,
                           expected: f.expected, actual: f.actual, message: f.message, ruling: ruling)
    }
}

/// What `drill restore` found, per platform.
public struct DrillOutcome: Sendable {
    public var runs: [DrillRun] = []
    public var missingRunners: [String]
    /// Fixtures the selection matched.
    public var fixtureCount: Int
    /// `feature F, fixture NAME` when the drill was filtered; nil for a full drill.
    public var filter: String?
    /// Rulings no finding of a full drill matched: the gap is gone, remove them.
    public var staleRulings: [DrillRuling] = []

    public init(runs: [DrillRun] = [], missingRunners: [String], fixtureCount: Int, filter: String?) {
        self.runs = runs; self.missingRunners = missingRunners; self.fixtureCount = fixtureCount; self.filter = filter
    }

    /// The runner is missing or kept failing.
    public var environmentFailed: Bool { !missingRunners.isEmpty || runs.contains { $0.runnerFailure != nil } }
    /// A filter named no stored fixture.
    public var matchedNothing: Bool { fixtureCount == 0 && filter != nil }
    /// Fixtures were drilled on every platform asked for, and nothing was found.
    public var holds: Bool { !environmentFailed && fixtureCount > 0 && !runs.isEmpty && runs.allSatisfy(\.passed) }
}

extension DrillOutcome: GateOutcome {
    public var badInput: Bool { matchedNothing }
}

/// The stored fixtures a drill walks, read one page at a time.
struct DrillSubjectPages {
    let corpus: Corpus
    let feature: String?
    let fixture: String?
    /// A shard's fixtures; nil for every fixture the filters match.
    let only: Set<String>?
    private var page: [DrillSubject] = []
    private var position = 0
    private var finished = false

    init(corpus: Corpus, feature: String?, fixture: String?, only: Set<String>? = nil) {
        self.corpus = corpus; self.feature = feature; self.fixture = fixture; self.only = only
    }

    mutating func next() throws -> DrillSubject? {
        while true {
            if position == page.count {
                guard !finished else { return nil }
                page = try corpus.drillSubjects(feature: feature, fixture: fixture, after: page.last?.fixture, limit: 256)
                position = 0
                if page.isEmpty { finished = true; return nil }
            }
            let subject = page[position]
            position += 1
            if only?.contains(subject.fixture) ?? true { return subject }
        }
    }
}
