import Duet
import DuetCorpus
import DuetReplay
import DuetFixtures

/// `duet verify`: replay the stored fixtures through each platform's runner, store every run.
///
/// ```swift
/// let outcome = try VerifyWorkflow(corpus: corpus, runners: commands).run(feature: "timeline")
/// outcome.holds          // every platform replayed every fixture, and their declarations agree
/// ```
public struct VerifyWorkflow {
    public let corpus: Corpus
    public let runners: RunnerCommands
    public var timeout: Double
    public var startupTimeout: Double
    public var window: Int
    /// Runner processes per platform, each replaying its share of the fixtures.
    public var processes: Int

    public init(corpus: Corpus, runners: RunnerCommands, timeout: Double = 10, startupTimeout: Double = 120, window: Int = 512,
                processes: Int = 1) {
        self.corpus = corpus; self.runners = runners; self.timeout = timeout; self.startupTimeout = startupTimeout
        self.window = window; self.processes = processes
    }

    /// `shard` replays only that shard's share of every stored fixture (`Corpus.shardPlan`); it
    /// does not combine with `feature` or `fixture`.
    public func run(feature: String? = nil, fixture: String? = nil, shard: ShardSpec? = nil,
                    progress: ((_ platform: String, _ done: Int, _ total: Int) -> Void)? = nil) throws -> VerifyOutcome {
        precondition(shard == nil || (feature == nil && fixture == nil), "a shard splits the whole corpus")
        let plan = try shard.map { try corpus.shardPlan($0) }
        var fixtures = try selectedFixtures(feature: feature, fixture: fixture)
        if let plan {
            let members = Set(plan.fixtures)
            fixtures = fixtures.filter { members.contains($0.name) }
        }
        let scope = RunScope(feature: feature, fixture: fixture, shard: shard.map { ($0.index, $0.count) })
        var outcome = VerifyOutcome(missingRunners: runners.missing, fixtureCount: fixtures.count, scope: scope, shard: plan)
        guard !fixtures.isEmpty else { return outcome }
        for platform in runners.commands.keys.sorted() {
            let run = ParallelReplayer(command: runners.commands[platform]!, platform: platform, processes: processes,
                                       timeout: timeout, startupTimeout: startupTimeout, window: window)
                .verify(fixtures) { done, total in progress?(platform, done, total) }
            var stored = Self.stored(run, scope: scope)
            stored.id = try corpus.storeRun(stored)
            outcome.runs.append(run)
            outcome.stored.append(stored)
        }
        if runners.commands.count > 1 {
            outcome.declarations = try DeclarationCheck.run(corpus: corpus, runners: runners.commands, timeout: timeout,
                                                            startupTimeout: startupTimeout)
        }
        return outcome
    }

    private func selectedFixtures(feature: String?, fixture: String?) throws -> [Fixture] {
        var fixtures = try corpus.fixtures(name: fixture)
        if let feature {
            fixtures = fixtures.filter { $0.feature == feature || $0.steps.contains { $0.node == feature } }
        }
        return fixtures
    }

    static func stored(_ run: VerifyRun, scope: RunScope) -> StoredRun {
        StoredRun(startedAt: run.startedAt, platform: run.platform, runner: run.runner, status: run.passed ? "passed" : "failed",
                  scope: scope, fixtureCount: run.results.count, passedCount: run.passedCount, failedCount: run.failedCount,
                  notRunCount: run.notRunCount, runnerFailure: run.runnerFailure.map { "\($0)" },
                  durationMilliseconds: run.durationMilliseconds, results: run.results.map { result in
            let failure = result.failure
            return StoredFixtureResult(fixture: result.fixture, status: result.status.rawValue, stepsRun: result.stepsRun,
                                       failureKind: failure?.kind.rawValue, step: failure?.step, label: failure?.label,
                                       action: failure?.action, path: failure?.divergence?.path, expected: failure?.divergence?.expected,
                                       actual: failure?.divergence?.actual, message: failure?.message, source: failure?.source,
                                       actualState: failure?.actualState)
        })
    }
}
