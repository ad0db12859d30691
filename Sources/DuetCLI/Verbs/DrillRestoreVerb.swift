import DuetCorpus
import DuetGates
import DuetReplay
import Foundation

/// `duet drill restore [--platform swift|kotlin|all] [--feature F] [--fixture NAME] [--shard K/N] [--all] [--runner CMD] [--max-spine-bytes N]`
struct DrillRestoreVerb: Verb {
    static let name = "drill restore"
    static let summary = "Prove every screen comes back from what is persisted: restore each snapshot from its spine and carry on."
    static let discussion = """
    For every snapshot of every stored fixture (initial state and every step; chains per node) the
    runner restores a full state from the spine (the L0 fields plus island boundary summaries); the
    spine must survive byte for byte (round-trip). Then the fixture's remaining actions are replayed
    from the restored state and every later spine must equal the recorded one (carry-on: killed
    after step k, relaunched, the user goes on). Also checked: a restored island comes back at its
    summary (island-summary), an island with an empty boundary restores to its initial state
    (island-empty-boundary), an island summary holds no L0 field (island-l0), a spine is at most
    --max-spine-bytes (spine-size, default 51200: the class of Android's saved-state limit), a spine
    holds no field marked @RuntimeOnly (runtime-only). Each finding names fixture, step, node, rule,
    the first divergent JSON path and both fragments. Every run is stored (drill_runs, scope full or
    filtered); `milestone` reports the latest full drill per platform. A finding the team accepts is
    recorded under drill.rulings in parity/manifest.yaml (fixture, rule, optional step and path,
    reason, since): it is still reported, as ruled, and does not fail the drill; a ruling a full drill
    no longer needs is reported as stale.
    Incremental as verify is: a fixture drilled clean before with the same behaviour, runner build,
    command, describe answer, structures and spine limit is not drilled again (--all drills
    everything); the summary says "N drilled, M unchanged since run R", and the run is stored whole.
    Structure the corpus lacks (a fresh clone, a deleted corpus.db) is asked of the runner's describe.
    --max-failures N (default 1000; 0 none, all every one) bounds the fixtures with findings kept in
    full, in the report and the stored run: beyond it they are counted ("N more fixtures with
    findings not kept"; JSON `summary.failuresOmitted`, `summary.findings` counts every finding) and the
    exit is still 1; --junit lists every fixture, so with it every result is kept.
    Exit 0 holds, 1 findings (or nothing to drill), 2 bad usage or a filter naming no fixture,
    3 runner missing or failing repeatedly.

    Example:
      duet drill restore --format json | jq '.findings[] | select(.rule == "carry-on")'
      duet drill restore --feature timeline --junit drill.xml
      duet drill restore --shard 2/3          # the second of three CI machines
      duet drill restore --all --max-failures 50
    """
    static let options: [OptionSpec] = [
        .value("--platform", placeholder: "P", help: "swift (default), kotlin or all."),
        .value("--feature", placeholder: "F", help: "Only this feature's fixtures (and chains through it)."),
        .value("--fixture", placeholder: "NAME", help: "Only this fixture."),
        .value("--shard", placeholder: "K/N", help: "Only the K-th of N step-balanced shards (the same split as verify --shard)."),
        .flag("--all", help: "Drill every fixture, also those drilled clean unchanged since an earlier run."),
        .value("--runner", placeholder: "CMD", help: "Runner command for the one platform drilled."),
        .value("--max-spine-bytes", placeholder: "N", help: "Largest spine allowed (default 51200)."),
        .value("--timeout", placeholder: "SECONDS", help: "Per-request timeout (default 10)."),
        .value("--startup-timeout", placeholder: "SECONDS", help: "How long a runner may take to start and handshake (default 120)."),
        .value("--junit", placeholder: "FILE", help: "Also write JUnit XML (one test case per fixture)."),
        ReplayOptions.maxFailuresOption,
        .value("--format", placeholder: "FORMAT", help: "Output format: table (default), json, md or csv."),
    ]

    let platforms: [String]
    let feature: String?, fixture: String?, runner: String?, junit: String?
    let shard: ShardSpec?
    let maxSpineBytes: Int
    let maxFailures: Int?
    let timeout: Double, startupTimeout: Double
    let all: Bool
    let format: OutputFormat

    init(arguments: ParsedArguments) throws(UsageError) {
        all = arguments.flag("--all")
        platforms = try ReplayOptions.platforms(arguments)
        feature = arguments.value("--feature")
        fixture = arguments.value("--fixture")
        runner = arguments.value("--runner")
        junit = arguments.value("--junit")
        shard = try ReplayOptions.shard(arguments)
        let rawMax = arguments.value("--max-spine-bytes") ?? String(RestoreDrill.defaultMaxSpineBytes)
        guard let max = Int(rawMax), max > 0 else { throw UsageError("--max-spine-bytes takes a positive number of bytes, not '\(rawMax)'") }
        maxSpineBytes = max
        timeout = try ReplayOptions.seconds(arguments, "--timeout", default: 10)
        startupTimeout = try ReplayOptions.seconds(arguments, "--startup-timeout", default: 120)
        format = try arguments.format()
        maxFailures = try ReplayOptions.maxFailures(arguments)
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        // Staged before the drill: a place that cannot take the file stops the verb before a run is stored.
        let junitFile = try junit.map { try StagedOutput(path: context.absolutePath($0)) }
        let manifest = try context.manifest()
        try context.ensureStructure("drill restore", manifest: manifest)
        let commands = RunnerCommands.resolve(platforms: platforms, explicit: runner, manifest: manifest)
        var workflow = DrillWorkflow(corpus: try context.corpus(), runners: commands.commands, missingRunners: commands.missing,
                                     timeout: timeout, startupTimeout: startupTimeout, maxSpineBytes: maxSpineBytes,
                                     rulings: manifest?.drillRulings ?? [], manifestPath: manifest?.file)
        workflow.maxFailures = maxFailures
        workflow.keepAll = junit != nil
        let feature = try context.resolveFeature(self.feature), fixture = try self.fixture.map(context.resolveFixture)
        let outcome = try workflow.run(feature: feature, fixture: fixture, shard: shard, all: all) { platform, done, total in
            context.progress("drill \(platform)", done: done, total: total)
        }
        var report = DrillReports.restore(outcome)
        report.verdict = GateVerdicts.drill(outcome, holds: ExitStatus(outcome) == .holds)
        context.render(report, as: format)
        if let junitFile, let junit {
            try junitFile.publish(Array(DrillJUnit.xml(for: outcome.runs).utf8))
            context.note("duet drill restore: wrote \(junit) (JUnit)")
        }
        for platform in outcome.missingRunners {
            context.note("duet drill restore: no runner for \(platform) — pass --runner CMD or set runners.\(platform) in parity/manifest.yaml")
        }
        for run in outcome.runs {
            if let failure = run.runnerFailure { context.note("duet drill restore: \(run.platform) run stopped: \(failure)") }
        }
        for ruling in outcome.staleRulings {
            context.note("duet drill restore: parity/manifest.yaml:\(ruling.location.line): the ruling for \(ruling.fixture) \(ruling.rule) matches no finding any more — remove it")
        }
        if outcome.matchedNothing {
            context.note("duet drill restore: no stored fixture matches \(outcome.filter ?? "") — see `duet query fixtures`")
        } else if outcome.fixtureCount == 0 {
            context.note("duet drill restore: the corpus holds no fixture, so nothing was drilled — record or import fixtures first")
        }
        return ExitStatus(outcome)
    }
}
