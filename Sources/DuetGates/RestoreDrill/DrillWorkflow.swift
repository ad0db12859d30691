import Duet
import DuetCorpus
import DuetManifest
import DuetReplay
import Foundation

/// `duet drill restore`: the restore drill of the stored fixtures through each platform's runner;
/// every run and its findings are stored in the corpus (scope `full`, or `filtered` under a filter).
///
/// Incremental as verify is: a fixture drilled clean before (no finding, ruled or not) with the same
/// behaviour, runner, `describe` answer, structures and spine limit is not drilled again (`all`
/// drills everything); the run is stored whole, with what it judged.
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
    /// The manifest the runs are stored as judged with (its hash); nil when there is none.
    public var manifestPath: String?

    public init(corpus: Corpus, runners: [String: String], missingRunners: [String] = [], timeout: Double = 10,
                startupTimeout: Double = 120, window: Int = 512, maxSpineBytes: Int = RestoreDrill.defaultMaxSpineBytes,
                rulings: [DrillRuling] = [], manifestPath: String? = nil) {
        self.corpus = corpus; self.runners = runners; self.missingRunners = missingRunners; self.timeout = timeout
        self.startupTimeout = startupTimeout; self.window = window; self.maxSpineBytes = maxSpineBytes; self.rulings = rulings
        self.manifestPath = manifestPath
    }

    /// `shard` drills only that share of the fixtures (the split `verify --shard` uses, so a CI
    /// matrix runs both gates over the same shards). `all` drills fixtures that passed unchanged too.
    public func run(feature: String? = nil, fixture: String? = nil, shard: ShardSpec? = nil, all: Bool = false,
                    progress: ((_ platform: String, _ done: Int, _ total: Int) -> Void)? = nil) throws -> DrillOutcome {
        let only = try shard.map { Set(try corpus.shardPlan($0).fixtures) }
        let total = try only?.count ?? corpus.drillSubjectCount(feature: feature, fixture: fixture)
        let filter = [feature.map { "feature \($0)" }, fixture.map { "fixture \($0)" }, shard.map { "shard \($0)" }]
            .compactMap { $0 }.joined(separator: ", ")
        var outcome = DrillOutcome(missingRunners: missingRunners, fixtureCount: total, filter: filter.isEmpty ? nil : filter)
        guard total > 0 else { return outcome }
        let plans = DrillPlan.plans(try corpus.structures())
        let structures = try corpus.structuresHash()
        for platform in runners.keys.sorted() {
            let command = runners[platform]!
            let session = ReplaySession(command: command, timeout: timeout, startupTimeout: startupTimeout)
            defer { session.close() }
            let identity = RunnerIdentity.probe(session, platform: platform, corpus: corpus)
            let key = CachedGate.drillKey(build: identity.build.stored, command: command, describe: identity.describe,
                                           structures: structures, maxSpineBytes: maxSpineBytes)
            var cached = try corpus.cachedFixtures(gate: .drill, platform: platform, judgedWith: all ? nil : key, feature: feature, fixture: fixture)
            if let only { cached = cached.filter { only.contains($0.fingerprint.name) } }
            let toDrill = cached.filter { $0.pass == nil }.map(\.fingerprint.name)
            let reused = cached.compactMap { entry in entry.pass.map { (entry.fingerprint.name, $0) } }
            var run = try drill(toDrill, of: cached.count, platform: platform, command: command, session: session, plans: plans) { done in
                progress?(platform, reused.count + done, total)
            }
            run.results = run.results.map { DrillRulings.apply(rulings, to: $0) }
            let drilled = run.results
            let kept = reused.map { DrillFixtureResult(fixture: $0.0, snapshots: $0.1.snapshots, steps: $0.1.steps, emptySpine: false, findings: []) }
            run.results = NameOrderMerge.merge(drilled, kept) { $0.fixture }
            var summary = ReuseSummary(replayed: toDrill.count, reused: reused.count, since: reused.map(\.1.run).max(), identity: identity)
            let inputs = try corpus.inputs(judging: cached.map(\.fingerprint), manifestPath: manifestPath, runner: identity.inputs)
            var stored = Self.stored(run, filter: outcome.filter, maxSpineBytes: maxSpineBytes)
            stored.inputs = inputs
            stored.reusedCount = summary.reused
            stored.reusedSince = summary.since
            try corpus.write {
                let id = try corpus.storeDrillRun(stored)
                summary.run = id
                let clean = drilled.filter { $0.findings.isEmpty && $0.ruled.isEmpty }
                try corpus.recordFixturePasses(gate: .drill, platform: platform, run: id, judgedWith: key,
                                               passed: clean.map { FixturePassed(fixture: $0.fixture, steps: $0.steps, snapshots: $0.snapshots) },
                                               failed: drilled.filter { !($0.findings.isEmpty && $0.ruled.isEmpty) }.map(\.fixture))
            }
            outcome.runs.append(run)
            outcome.reuse[platform] = summary
        }
        if outcome.filter == nil { outcome.staleRulings = DrillRulings.stale(rulings, after: outcome.runs) }
        return outcome
    }

    /// Drills the fixtures named `names` (of `selected` the selection holds) on the session started
    /// for the probe: read one by one when they are few, a page at a time otherwise.
    private func drill(_ names: [String], of selected: Int, platform: String, command: String, session: ReplaySession,
                       plans: [String: DrillPlan], progress: @escaping (Int) -> Void) throws -> DrillRun {
        let drill = RestoreDrill(command: command, platform: platform, timeout: timeout, startupTimeout: startupTimeout,
                                 window: window, maxSpineBytes: maxSpineBytes)
        guard !names.isEmpty else {
            return DrillRun(platform: platform, runner: command, results: [], runnerFailure: session.endedBy,
                            startedAt: RestoreDrill.timestamp(Date()), durationMilliseconds: 0, requests: 0)
        }
        var pages = names.count * 4 > selected
            ? DrillSubjectPages(corpus: corpus, feature: nil, fixture: nil, only: Set(names))
            : DrillSubjectPages(corpus: corpus, names: names)
        return try corpus.withUnmappedReads {
            try drill.run(plans: plans, session: session, next: { try pages.next() }, progress: progress)
        }
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
    /// Per platform: how many fixtures were drilled and how many stood unchanged, and which runner answered.
    public var reuse: [String: ReuseSummary] = [:]

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
    /// Fixtures read one by one, in this order, instead of pages (a few among many).
    private var names: [String]?
    private var page: [DrillSubject] = []
    private var position = 0
    private var finished = false

    init(corpus: Corpus, feature: String?, fixture: String?, only: Set<String>? = nil) {
        self.corpus = corpus; self.feature = feature; self.fixture = fixture; self.only = only
    }

    init(corpus: Corpus, names: [String]) {
        self.init(corpus: corpus, feature: nil, fixture: nil)
        self.names = names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    mutating func next() throws -> DrillSubject? {
        if var names {
            defer { self.names = names }
            while !names.isEmpty {
                if let subject = try corpus.drillSubjects(fixture: names.removeFirst(), after: nil, limit: 1).first { return subject }
            }
            return nil
        }
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
