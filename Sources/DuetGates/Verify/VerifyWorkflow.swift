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
    /// …or fewer: a page also closes once this many bytes of stored JSON were parsed for it (`ReplayPage`).
    public var pageParsedBytes = 4 << 20
    /// Failures kept in full, in the report and the stored run; beyond it they are counted. nil: every one.
    public var maxFailures: Int? = VerifyWorkflow.defaultMaxFailures
    /// Keep every fixture's result, passes too (a JUnit or result file lists them all); `maxFailures` does not apply.
    public var keepPasses = false
    public static let defaultMaxFailures = 1000

    public init(corpus: Corpus, runners: RunnerCommands, timeout: Double = 10, startupTimeout: Double = 120, window: Int = 512,
                processes: Int = 1, manifestPath: String? = nil) {
        self.corpus = corpus; self.runners = runners; self.timeout = timeout; self.startupTimeout = startupTimeout
        self.window = window; self.processes = processes; self.manifestPath = manifestPath
    }

    /// `shard` replays only that shard's share of every stored fixture (`Corpus.shardPlan`); it
    /// does not combine with `feature` or `fixture`. `all` replays fixtures that passed unchanged too.
    public func run(feature: String? = nil, fixture: String? = nil, shard: ShardSpec? = nil, all: Bool = false,
                    progress: ((_ platform: String, _ done: Int, _ total: Int) -> Void)? = nil) throws -> VerifyOutcome {
        // Read, not mapped: passes over the whole corpus gain nothing from a map, which would grow the
        // process's resident pages by the size of the file.
        try corpus.withUnmappedReads { try runUnmapped(feature: feature, fixture: fixture, shard: shard, all: all, progress: progress) }
    }

    private func runUnmapped(feature: String?, fixture: String?, shard: ShardSpec?, all: Bool,
                             progress: ((_ platform: String, _ done: Int, _ total: Int) -> Void)?) throws -> VerifyOutcome {
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
            let selection = try CachedSelection(corpus: corpus, gate: .verify, platform: platform, judgedWith: all ? nil : key,
                                                feature: feature, fixture: fixture, only: members, keepReused: keepPasses)
            var sink = VerifyResultSink(maxFailures: maxFailures, keepPasses: keepPasses)
            var run = try replayPaged(selection.toReplay, into: &sink, session: session, command: command, platform: platform) { done in
                progress?(platform, selection.reusedCount + done, selection.count)
            }
            if selection.toReplay.count == 0 { progress?(platform, selection.count, selection.count) }
            let replayed = sink.kept
            let reused = selection.reused.map { ReusedPass(fixture: $0.fixture, steps: $0.pass.steps) }
            run.results = keepPasses ? Self.merged(replayed, reused: reused.map { .passed($0.fixture, steps: $0.steps) }) : replayed
            var reusedTally = VerifyRun.Tally()
            (reusedTally.fixtures, reusedTally.passed, reusedTally.steps) = (selection.reusedCount, selection.reusedCount, selection.reusedSteps)
            run.tally = sink.tally.adding(reusedTally)
            var summary = ReuseSummary(replayed: selection.toReplay.count, reused: selection.reusedCount, since: selection.since, identity: identity)
            let inputs = try corpus.inputs(judging: selection.fixtureSet.result, manifestPath: manifestPath, runner: identity.inputs)
            var stored = Self.stored(run, scope: scope, inputs: inputs, reuse: summary, results: replayed.map(Self.stored))
            stored.reusedPasses = reused
            stored.passes = sink.passes.bytes
            stored.omittedFailures = run.omittedFailures
            try corpus.write {
                stored.id = try corpus.storeRun(stored)
                summary.run = stored.id
                try corpus.recordFixturePasses(gate: .verify, platform: platform, run: stored.id!, judgedWith: key,
                                               passed: PassSet.Decoder(sink.passes.bytes), failed: PassSet.Decoder(sink.failed.bytes))
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

    /// Replays the fixtures named in `names` (a `PassSet` of names) a page at a time (`ReplayPage`:
    /// `pageSteps` steps or `pageParsedBytes` parsed, read from the corpus as the page is replayed),
    /// handing each page's results to `sink`, so memory holds one page of fixtures and what the sink
    /// keeps, whatever the corpus's size or how its large fixtures cluster in name order. One process replays on the session already started for the probe; several get a
    /// `ParallelReplayer` per page. No name starts nothing more.
    private func replayPaged(_ names: PassSet.Encoder, into sink: inout VerifyResultSink, session: ReplaySession, command: String,
                             platform: String, progress: @escaping (Int) -> Void) throws -> VerifyRun {
        let started = Date()
        var failure: RunnerFailure?
        var page = ReplayPage(maxSteps: pageSteps, maxParsedBytes: pageParsedBytes), done = 0
        func replayPage() {
            let before = done
            let parallel = processes > 1
            if parallel { session.close() }
            let run = parallel
                ? ParallelReplayer(command: command, platform: platform, processes: processes, timeout: timeout,
                                   startupTimeout: startupTimeout, window: window).verify(page.fixtures) { finished, _ in progress(before + finished) }
                : FixtureReplayer(session: session, platform: platform, window: window).verify(page.fixtures) { finished, _ in progress(before + finished) }
            sink.add(run.results)
            done += run.results.count
            failure = failure ?? run.runnerFailure
            page.clear()
        }
        if names.count > 0 {
            try corpus.forEachFixture(namedIn: names.bytes, count: names.count) { fixture, parsedBytes in
                if page.add(fixture, parsedBytes: parsedBytes) { replayPage() }
            }
        }
        if !page.isEmpty { replayPage() }
        let empty = names.count == 0
        return VerifyRun(platform: platform, runner: command, results: [], runnerFailure: empty ? session.endedBy : failure,
                         startedAt: RestoreDrill.timestamp(started), durationMilliseconds: empty ? 0 : Int(Date().timeIntervalSince(started) * 1000))
    }

    /// Replayed and reused results together, in fixture-name order (both come in it).
    static func merged(_ replayed: [FixtureResult], reused: [FixtureResult]) -> [FixtureResult] {
        NameOrderMerge.merge(replayed, reused) { $0.fixture }
    }

    /// `results`: the replayed results, when some passes were reused (default: every result).
    static func stored(_ run: VerifyRun, scope: RunScope, inputs: ResultInputs? = nil, reuse: ReuseSummary? = nil,
                       results: [StoredFixtureResult]? = nil) -> StoredRun {
        StoredRun(startedAt: run.startedAt, platform: run.platform, runner: run.runner, status: run.passed ? "passed" : "failed",
                  scope: scope, fixtureCount: run.fixtureCount, passedCount: run.passedCount, failedCount: run.failedCount,
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
