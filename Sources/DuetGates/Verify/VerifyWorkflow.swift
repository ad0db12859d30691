import Duet
import DuetCorpus
import DuetReplay
import Foundation
import DuetFixtures

/// `duet verify`: replay the stored fixtures through each platform's runner, store every run.
///
/// Incremental, like a build system's test cache: a fixture that passed before with the same
/// behaviour (its behavioural hash), the same runner build and command and the same `describe`
/// answer is not replayed again (`all` replays everything). The run is still stored whole, with
/// what it judged, so the milestone can stand on it.
///
/// ```swift
/// let outcome = try VerifyWorkflow(corpus: corpus, runners: commands).run(feature: "timeline")
/// outcome.holds                          // every platform replayed every fixture, and their declarations agree
/// outcome.reuse["swift"]?.summary        // "1 replayed, 174 unchanged since run 12"
/// ```
public struct VerifyWorkflow {
    public let corpus: Corpus
    public let runners: RunnerCommands
    public var timeout: Double
    public var startupTimeout: Double
    public var window: Int
    /// Runner processes per platform, each replaying its share of the fixtures.
    public var processes: Int
    /// The manifest the runs are stored as judged with (its hash); nil when there is none.
    public var manifestPath: String?
    /// Fixtures are read and replayed in pages of about this many steps: what verify holds of them.
    public var pageSteps = 20_000

    public init(corpus: Corpus, runners: RunnerCommands, timeout: Double = 10, startupTimeout: Double = 120, window: Int = 512,
                processes: Int = 1, manifestPath: String? = nil) {
        self.corpus = corpus; self.runners = runners; self.timeout = timeout; self.startupTimeout = startupTimeout
        self.window = window; self.processes = processes; self.manifestPath = manifestPath
    }

    /// `shard` replays only that shard's share of every stored fixture (`Corpus.shardPlan`); it
    /// does not combine with `feature` or `fixture`. `all` replays fixtures that passed unchanged too.
    public func run(feature: String? = nil, fixture: String? = nil, shard: ShardSpec? = nil, all: Bool = false,
                    progress: ((_ platform: String, _ done: Int, _ total: Int) -> Void)? = nil) throws -> VerifyOutcome {
        precondition(shard == nil || (feature == nil && fixture == nil), "a shard splits the whole corpus")
        let plan = try shard.map { try corpus.shardPlan($0) }
        let members = plan.map { Set($0.fixtures) }
        let scope = RunScope(feature: feature, fixture: fixture, shard: shard.map { ($0.index, $0.count) })
        let count = try members?.count ?? corpus.drillSubjectCount(feature: feature, fixture: fixture)
        var outcome = VerifyOutcome(missingRunners: runners.missing, fixtureCount: count, scope: scope, shard: plan)
        guard count > 0 else { return outcome }
        for platform in runners.commands.keys.sorted() {
            let command = runners.commands[platform]!
            let session = ReplaySession(command: command, timeout: timeout, startupTimeout: startupTimeout)
            defer { session.close() }
            let identity = RunnerIdentity.probe(session, platform: platform, corpus: corpus)
            let key = CachedGate.verifyKey(build: identity.build.stored, command: command, describe: identity.describe)
            var cached = try corpus.cachedFixtures(gate: .verify, platform: platform, judgedWith: all ? nil : key,
                                                   feature: feature, fixture: fixture)
            if let members { cached = cached.filter { members.contains($0.fingerprint.name) } }
            let replayNames = cached.filter { $0.pass == nil }.map(\.fingerprint.name)
            let reused = cached.compactMap { entry in entry.pass.map { (entry.fingerprint.name, $0) } }
            var run = try replayPaged(replayNames, session: session, command: command, platform: platform) { done in
                progress?(platform, reused.count + done, cached.count)
            }
            if replayNames.isEmpty { progress?(platform, cached.count, cached.count) }
            let replayed = run.results
            let kept = reused.map { FixtureResult.passed($0.0, steps: $0.1.steps) }
            run.results = Self.merged(replayed, reused: kept)
            var summary = ReuseSummary(replayed: replayNames.count, reused: reused.count, since: reused.map(\.1.run).max(), identity: identity)
            let inputs = try corpus.inputs(judging: cached.map(\.fingerprint), manifestPath: manifestPath, runner: identity.inputs)
            var stored = Self.stored(run, scope: scope, inputs: inputs, reuse: summary, results: replayed.map(Self.stored))
            stored.reusedPasses = reused.map { ReusedPass(fixture: $0.0, steps: $0.1.steps) }
            try corpus.write {
                stored.id = try corpus.storeRun(stored)
                summary.run = stored.id
                try corpus.recordFixturePasses(gate: .verify, platform: platform, run: stored.id!, judgedWith: key,
                                               passed: replayed.filter { $0.status == .passed }.map { FixturePassed(fixture: $0.fixture, steps: $0.stepsRun) },
                                               failed: replayed.filter { $0.status == .failed && $0.failure?.kind != .notRun }.map(\.fixture))
            }
            outcome.runs.append(run)
            outcome.stored.append(stored)
            outcome.reuse[platform] = summary
        }
        if runners.commands.count > 1 {
            outcome.declarations = try DeclarationCheck.run(corpus: corpus, runners: runners.commands, timeout: timeout,
                                                            startupTimeout: startupTimeout)
        }
        return outcome
    }

    /// Replays the fixtures named `names` a page at a time (`pageSteps` steps or more each, read from
    /// the corpus as the page is replayed), so memory holds one page of fixtures and a small result
    /// per fixture, whatever the corpus's size. One process replays on the session already started
    /// for the probe; several get a `ParallelReplayer` per page. No name starts nothing more.
    private func replayPaged(_ names: [String], session: ReplaySession, command: String, platform: String,
                             progress: @escaping (Int) -> Void) throws -> VerifyRun {
        let started = Date()
        var results: [FixtureResult] = []
        results.reserveCapacity(names.count)
        var failure: RunnerFailure?
        var page: [Fixture] = [], steps = 0
        func replayPage() {
            let done = results.count
            let parallel = processes > 1
            if parallel { session.close() }
            let run = parallel
                ? ParallelReplayer(command: command, platform: platform, processes: processes, timeout: timeout,
                                   startupTimeout: startupTimeout, window: window).verify(page) { finished, _ in progress(done + finished) }
                : FixtureReplayer(session: session, platform: platform, window: window).verify(page) { finished, _ in progress(done + finished) }
            results += run.results
            failure = failure ?? run.runnerFailure
            page.removeAll(keepingCapacity: true)
            steps = 0
        }
        try corpus.forEachFixture(named: names) { fixture in
            page.append(fixture)
            steps += fixture.steps.count
            if steps >= pageSteps { replayPage() }
        }
        if !page.isEmpty { replayPage() }
        return VerifyRun(platform: platform, runner: command, results: results, runnerFailure: names.isEmpty ? session.endedBy : failure,
                         startedAt: RestoreDrill.timestamp(started), durationMilliseconds: names.isEmpty ? 0 : Int(Date().timeIntervalSince(started) * 1000))
    }

    /// Replayed and reused results together, in fixture-name order (both come in it).
    static func merged(_ replayed: [FixtureResult], reused: [FixtureResult]) -> [FixtureResult] {
        NameOrderMerge.merge(replayed, reused) { $0.fixture }
    }

    /// `results`: the replayed results, when some passes were reused (default: every result).
    static func stored(_ run: VerifyRun, scope: RunScope, inputs: ResultInputs? = nil, reuse: ReuseSummary? = nil,
                       results: [StoredFixtureResult]? = nil) -> StoredRun {
        StoredRun(startedAt: run.startedAt, platform: run.platform, runner: run.runner, status: run.passed ? "passed" : "failed",
                  scope: scope, fixtureCount: run.results.count, passedCount: run.passedCount, failedCount: run.failedCount,
                  notRunCount: run.notRunCount, runnerFailure: run.runnerFailure.map { "\($0)" },
                  durationMilliseconds: run.durationMilliseconds, results: results ?? run.results.map(stored),
                  inputs: inputs, reusedCount: reuse?.reused ?? 0, reusedSince: reuse?.since)
    }

    static func stored(_ result: FixtureResult) -> StoredFixtureResult {
        let failure = result.failure
        return StoredFixtureResult(fixture: result.fixture, status: result.status.rawValue, stepsRun: result.stepsRun,
                                   failureKind: failure?.kind.rawValue, step: failure?.step, label: failure?.label,
                                   action: failure?.action, path: failure?.divergence?.path, expected: failure?.divergence?.expected,
                                   actual: failure?.divergence?.actual, message: failure?.message, source: failure?.source,
                                   actualState: failure?.actualState)
    }
}
