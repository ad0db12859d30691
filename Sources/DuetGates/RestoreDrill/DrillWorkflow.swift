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
    /// Fixtures with findings kept in full, in the report and the stored run; beyond it they are counted. nil: every one.
    public var maxFailures: Int? = VerifyWorkflow.defaultMaxFailures
    /// Keep every fixture's result, clean ones too (a JUnit file lists them all); `maxFailures` does not apply.
    public var keepAll = false

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
        // Read, not mapped: through SQLite's map one pass over the file keeps all of it resident.
        try corpus.withUnmappedReads { try runUnmapped(feature: feature, fixture: fixture, shard: shard, all: all, progress: progress) }
    }

    private func runUnmapped(feature: String?, fixture: String?, shard: ShardSpec?, all: Bool,
                             progress: ((_ platform: String, _ done: Int, _ total: Int) -> Void)?) throws -> DrillOutcome {
        let only = try shard.map { Set(try corpus.shardPlan($0).fixtures) }
        let total = try only?.count ?? corpus.drillSubjectCount(feature: feature, fixture: fixture)
        let filter = [feature.map { "feature \($0)" }, fixture.map { "fixture \($0)" }, shard.map { "shard \($0)" }]
            .compactMap { $0 }.joined(separator: ", ")
        var outcome = DrillOutcome(missingRunners: missingRunners, fixtureCount: total, filter: filter.isEmpty ? nil : filter)
        guard total > 0 else { return outcome }
        let plans = DrillPlan.plans(try corpus.structures())
        let structures = try corpus.structuresHash()
        var matched: [DrillRuling] = []
        for platform in runners.keys.sorted() {
            let command = runners[platform]!
            let session = ReplaySession(command: command, timeout: timeout, startupTimeout: startupTimeout)
            defer { session.close() }
            let identity = RunnerIdentity.probe(session, platform: platform, corpus: corpus)
            let key = CachedGate.drillKey(build: identity.build.stored, command: command, describe: identity.describe,
                                           structures: structures, maxSpineBytes: maxSpineBytes)
            let selection = try CachedSelection(corpus: corpus, gate: .drill, platform: platform, judgedWith: all ? nil : key,
                                                feature: feature, fixture: fixture, only: only, keepReused: keepAll)
            var sink = DrillResultSink(maxFailures: maxFailures, keepAll: keepAll, rulings: rulings)
            var run = try drill(selection.toReplay, of: selection.count, into: &sink, platform: platform, command: command,
                                session: session, plans: plans) { done in
                progress?(platform, selection.reusedCount + done, total)
            }
            let drilled = sink.kept.sorted { $0.fixture.utf8.lexicographicallyPrecedes($1.fixture.utf8) }
            let reused = selection.reused.map {
                DrillFixtureResult(fixture: $0.fixture, snapshots: $0.pass.snapshots, steps: $0.pass.steps, emptySpine: false, findings: [])
            }
            run.results = keepAll ? NameOrderMerge.merge(drilled, reused) { $0.fixture } : drilled
            var reusedTally = DrillRun.Tally()
            (reusedTally.fixtures, reusedTally.snapshots, reusedTally.steps) = (selection.reusedCount, selection.reusedSnapshots, selection.reusedSteps)
            run.tally = sink.tally.adding(reusedTally)
            matched += sink.matchedRulings
            var summary = ReuseSummary(replayed: selection.toReplay.count, reused: selection.reusedCount, since: selection.since, identity: identity)
            var stored = Self.stored(run, filter: outcome.filter, maxSpineBytes: maxSpineBytes)
            stored.inputs = try corpus.inputs(judging: selection.fixtureSet.result, manifestPath: manifestPath, runner: identity.inputs)
            stored.reusedCount = summary.reused
            stored.reusedSince = summary.since
            stored.omittedFindings = sink.omittedFindings
            stored.omittedRuled = sink.omittedRuled
            try corpus.write {
                let id = try corpus.storeDrillRun(stored)
                summary.run = id
                try corpus.recordFixturePasses(gate: .drill, platform: platform, run: id, judgedWith: key,
                                               passed: PassSet.Decoder(sink.clean.bytes), snapshots: PassSet.Decoder(sink.cleanSnapshots.bytes),
                                               failed: PassSet.Decoder(sink.unclean.bytes))
            }
            outcome.runs.append(run)
            outcome.reuse[platform] = summary
        }
        if outcome.filter == nil { outcome.staleRulings = DrillRulings.stale(rulings, matched: matched) }
        return outcome
    }

    /// Drills the fixtures named in `names` (a `PassSet` of names; of `selected` the selection holds)
    /// on the session started for the probe, each result handed to `sink`: read one by one when they
    /// are few, a page at a time otherwise.
    private func drill(_ names: PassSet.Encoder, of selected: Int, into sink: inout DrillResultSink, platform: String, command: String,
                       session: ReplaySession, plans: [String: DrillPlan], progress: @escaping (Int) -> Void) throws -> DrillRun {
        let drill = RestoreDrill(command: command, platform: platform, timeout: timeout, startupTimeout: startupTimeout,
                                 window: window, maxSpineBytes: maxSpineBytes)
        guard names.count > 0 else {
            return DrillRun(platform: platform, runner: command, results: [], runnerFailure: session.endedBy,
                            startedAt: RestoreDrill.timestamp(Date()), durationMilliseconds: 0, requests: 0)
        }
        var pages = DrillSubjectPages(corpus: corpus, names: PassSet.Decoder(names.bytes), oneByOne: names.count * 4 <= selected)
        return try drill.run(plans: plans, session: session, next: { try pages.next() }, progress: progress) { sink.add($0) }
    }

    static func stored(_ run: DrillRun, filter: String?, maxSpineBytes: Int) -> StoredDrillRun {
        StoredDrillRun(startedAt: run.startedAt, platform: run.platform, runner: run.runner, scope: filter == nil ? .full : .filtered,
                       filter: filter, status: run.passed ? "passed" : "failed", fixtureCount: run.fixtureCount,
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

/// The stored fixtures a drill walks: those named in a list (in name order), looked up one by one
/// when they are few among many, otherwise read a page at a time with the list walked beside the pages.
struct DrillSubjectPages {
    let corpus: Corpus
    private var names: PassSet.Decoder
    private let oneByOne: Bool
    private var wanted: String?
    private var started = false
    private var page: [DrillSubject] = []
    private var position = 0
    private var finished = false

    init(corpus: Corpus, names: PassSet.Decoder, oneByOne: Bool) {
        self.corpus = corpus; self.names = names; self.oneByOne = oneByOne
    }

    mutating func next() throws -> DrillSubject? {
        if oneByOne {
            while let name = try names.next() {
                if let subject = try corpus.drillSubjects(fixture: name.fixture, after: nil, limit: 1).first { return subject }
            }
            return nil
        }
        if !started { started = true; wanted = try names.next()?.fixture }
        while let name = wanted {
            if position == page.count {
                guard !finished else { return nil }
                page = try corpus.drillSubjects(feature: nil, fixture: nil, after: page.last?.fixture, limit: 256)
                position = 0
                if page.isEmpty { finished = true; return nil }
            }
            let subject = page[position]
            if subject.fixture.utf8.lexicographicallyPrecedes(name.utf8) { position += 1; continue }
            if subject.fixture != name { wanted = try names.next()?.fixture; continue }
            position += 1
            wanted = try names.next()?.fixture
            return subject
        }
        return nil
    }
}
