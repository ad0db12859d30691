import DuetCorpus
import DuetGates
import DuetReplay
import Foundation

/// `duet verify [--platform swift|kotlin|all] [--feature F] [--fixture NAME] [--shard K/N] [--all] [--results FILE] [--junit FILE]`
struct VerifyVerb: Verb {
    static let name = "verify"
    static let summary = "Replay every stored fixture through the runner(s) and byte-compare state and effects."
    static let discussion = """
    Each step's canonical state and effects must equal the recording byte for byte; a fixture stops
    at its first divergence, reported with its step, label, action, the first divergent JSON path and
    both fragments. Chains thread one state per node and check linkToNext seams. Every run and
    fixture result is stored in the corpus. No stored fixture, or a platform without a runner, fails.
    The manifest's lint runs after the replay, so its declaration parity judges the describe answers
    this run just stored; its findings are reported and fail the run.
    With --platform all, each runner's describe answer is also stored and compared with Swift's:
    a field, role, shape, kind or case list that differs is a finding that names the feature and
    field. Exit 0 holds, 1 divergence, lint finding or declaration difference, 3 runner missing or
    failing repeatedly.
    --shard K/N replays the K-th of N shards: fixtures sorted by step count (descending, then name)
    each go to the shard with the fewest steps so far, so every machine computes the same split and
    the shards carry about the same steps. The run is stored as shard=K/N, never as a full run.
    --results FILE writes what ran (platform, runner, duet and compiler, the corpus content hash,
    every fixture's result) for `duet runs import` to merge into one full run (docs/ci-sharding.md).
    Incremental, like a build system's test cache: a fixture that passed before with the same
    behaviour (initial state(s), per step node, action, expected state and effects — not labels,
    lines or descriptions), the same runner build and command and the same describe answer is not
    replayed (--all replays everything); the summary says "N replayed, M unchanged since run R". The
    run is stored whole with what it judged (fixture set, manifest, runner build, describe: `duet runs`).
    The report lists the fixtures that did not pass; passes are counted. --max-failures N (default
    1000; 0 none, all every one) bounds the failures kept in full, in the report and the stored run:
    beyond it they are counted ("N more failures not kept"; JSON `failuresOmitted`), and the exit is
    still 1. Memory stays bounded at any corpus size; --junit and --results list every fixture, so
    with them every result is kept.

    Example: duet verify --platform all --junit verify.xml
             duet verify --shard 2/3 --results results-2.json
             duet verify --all --max-failures 20 --format json
    """
    static let options: [OptionSpec] = [
        .value("--platform", placeholder: "P", help: "swift (default), kotlin, or all (both, plus declaration parity)."),
        .value("--feature", placeholder: "F", help: "Only this feature's fixtures (and chains through it)."),
        .value("--fixture", placeholder: "NAME", help: "Only this fixture."),
        .value("--runner", placeholder: "CMD", help: "Runner command for the one platform verified."),
        .value("--timeout", placeholder: "SECONDS", help: "Per-request timeout (default 10)."),
        .value("--startup-timeout", placeholder: "SECONDS", help: "How long a runner may take to start and handshake (default 120)."),
        .value("--jobs", placeholder: "N", help: "Runner processes per platform, each replaying a share of the fixtures (default 1)."),
        .value("--shard", placeholder: "K/N", help: "Only the K-th of N step-balanced shards of every fixture (for a CI matrix)."),
        .flag("--all", help: "Replay every fixture, also those that passed unchanged since an earlier run."),
        .value("--results", placeholder: "FILE", help: "Also write a portable result file for `duet runs import`."),
        .value("--junit", placeholder: "FILE", help: "Also write JUnit XML (one test case per fixture)."),
        ReplayOptions.maxFailuresOption,
        .format,
    ]

    let platforms: [String]
    let feature: String?, fixture: String?, runner: String?, junit: String?, results: String?
    let shard: ShardSpec?
    let timeout: Double, startupTimeout: Double
    let jobs: Int
    let maxFailures: Int?
    let all: Bool
    let format: OutputFormat

    init(arguments: ParsedArguments) throws(UsageError) {
        platforms = try ReplayOptions.platforms(arguments)
        feature = arguments.value("--feature")
        fixture = arguments.value("--fixture")
        runner = arguments.value("--runner")
        junit = arguments.value("--junit")
        results = arguments.value("--results")
        shard = try ReplayOptions.shard(arguments)
        all = arguments.flag("--all")
        timeout = try ReplayOptions.seconds(arguments, "--timeout", default: 10)
        startupTimeout = try ReplayOptions.seconds(arguments, "--startup-timeout", default: 120)
        format = try arguments.format()
        maxFailures = try ReplayOptions.maxFailures(arguments)
        let rawJobs = arguments.value("--jobs") ?? "1"
        guard let jobs = Int(rawJobs), (1...64).contains(jobs) else { throw UsageError("--jobs takes a number from 1 to 64, not '\(rawJobs)'") }
        self.jobs = jobs
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        // Staged before the run: a place that cannot take the file stops the verb before a run is stored.
        let junitFile = try junit.map { try StagedOutput(path: context.absolutePath($0)) }
        let resultsFile = try results.map { try StagedOutput(path: context.absolutePath($0)) }
        let manifest = try context.manifest()
        let commands = RunnerCommands.resolve(platforms: platforms, explicit: runner, manifest: manifest)
        var workflow = VerifyWorkflow(corpus: try context.corpus(), runners: commands, timeout: timeout, startupTimeout: startupTimeout,
                                      processes: jobs, manifestPath: manifest?.file)
        workflow.maxFailures = maxFailures
        workflow.keepPasses = junit != nil || results != nil
        let feature = try context.resolveFeature(self.feature), fixture = try self.fixture.map(context.resolveFixture)
        let outcome = try workflow.run(feature: feature, fixture: fixture, shard: shard, all: all) { platform, done, total in
            context.progress("verify \(platform)", done: done, total: total)
        }
        // After the run: with several platforms it refreshed the stored describes the lint compares.
        let lint = try context.gateLint("verify")
        var status = ExitStatus(outcome)
        if status == .holds, let lint, !lint.holds { status = .findings }
        var report = ReplayReports.verify(outcome)
        report.attach(lint)
        report.verdict = GateVerdicts.verify(outcome, lint: lint, holds: status == .holds)
        context.render(report, as: format)
        if let junitFile, let junit {
            try junitFile.publish(Array(JUnitReport.xml(for: outcome.runs).utf8))
            context.note("duet verify: wrote \(junit) (JUnit)")
        }
        if let resultsFile, let results {
            let file = RunResultsFile(fingerprints: try workflow.corpus.fixtureFingerprints(), shard: outcome.shard, scope: outcome.scope,
                                      runs: outcome.stored, duet: DuetCommandLine.version, toolchain: BuildInfo.toolchain, host: BuildInfo.host)
            try resultsFile.publish((context.tree.map(file.portable) ?? file).prettyBytes)
            context.note("duet verify: wrote \(results) (for `duet runs import`)")
        }
        if let plan = outcome.shard {
            context.note("duet verify: shard \(plan.shard): \(plan.fixtures.count) of \(plan.totalFixtures) fixtures, \(plan.steps) of \(plan.totalSteps) steps")
        }
        for platform in outcome.missingRunners {
            context.note("duet verify: no runner for \(platform) — pass --runner CMD or set runners.\(platform) in parity/manifest.yaml")
        }
        if outcome.fixtureCount == 0 { context.note("duet verify: no stored fixture matches — record or import fixtures first") }
        for run in outcome.runs {
            if let failure = run.runnerFailure { context.note("duet verify: \(run.platform) run stopped: \(failure)") }
        }
        return status
    }
}
