import DuetCorpus
import DuetGates
import DuetReplay

/// `duet record [--check | --write] [--unreferenced warn|reject|delete] [--feature F] [--fixture NAME] [--runner CMD]`
struct RecordVerb: Verb {
    static let name = "record"
    static let summary = "Record the runner's scenarios as fixtures of record; --check is the CI drift gate."
    static let discussion = """
    Asks the runner for its scenarios, drives each step through reduce and compares the recordings
    with the fixtures of record in parity/fixtures on their behavioural subset (initial state(s);
    per step node, action, expectedState, expectedEffects). A difference only in metadata (labels,
    lines, description, scenario source and branch, dialect, linkToNext) is admissible: counted,
    listed with --verbose, never a failure.

      duet record            new scenarios and metadata-only changes are written; a fixture whose
                             behaviour changed is NEVER overwritten: it is kept pending (exit 1) as
                             parity/.pending/NAME.fixture.json (git-ignored) — review with
                             `duet pending show NAME`, then `duet pending accept NAME`
      duet record --write    writes every recording, drift included
      duet record --check    writes nothing at all; fails (exit 1) on behavioural drift, on a
                             scenario with no fixture, and on a fixture no scenario records (the
                             tree must equal the scenarios); CI set in the environment means
                             --check unless --write is given

    A fixture whose scenario the runner no longer carries is unreferenced: --unreferenced warn
    lists it (the default of plain record), reject fails the run (the default of --check), delete
    removes its file and rows.
    The runner is --runner CMD or runners.swift in parity/manifest.yaml. The last line is the verdict.

    Example:
      duet record --feature timeline && git diff parity/fixtures
      duet record --check --verbose      # CI: also list the metadata-only fixtures
    """
    static let options: [OptionSpec] = [
        .flag("--check", help: "Write nothing; fail on any difference from the fixtures of record."),
        .flag("--write", help: "Write every recording, drift included (accepts it)."),
        .value("--unreferenced", placeholder: "POLICY", help: "Fixtures no scenario records: warn (default), reject (default of --check) or delete."),
        .flag("--verbose", help: "Also list the fixtures that differ only in metadata."),
        .value("--feature", placeholder: "F", help: "Only this feature's scenarios (and chains through it)."),
        .value("--fixture", placeholder: "NAME", help: "Only this fixture (a leaf name or a scenario's base name)."),
        .value("--runner", placeholder: "CMD", help: "Runner command (run with /bin/sh -c)."),
        .value("--timeout", placeholder: "SECONDS", help: "Per-request timeout (default 10)."),
        .value("--startup-timeout", placeholder: "SECONDS", help: "How long the runner may take to start and handshake (default 120)."),
        .format,
    ]

    let check: Bool, writeAll: Bool, verbose: Bool
    let unreferenced: RecordWorkflow.UnreferencedPolicy?
    let selection: RecordSelection
    let runner: String?
    let timeout: Double, startupTimeout: Double
    let format: OutputFormat

    init(arguments: ParsedArguments) throws(UsageError) {
        check = arguments.flag("--check")
        writeAll = arguments.flag("--write")
        if check && writeAll { throw UsageError("--check writes nothing and --write writes everything: give one") }
        verbose = arguments.flag("--verbose")
        if let rawPolicy = arguments.value("--unreferenced") {
            let policy = RecordWorkflow.UnreferencedPolicy(
                rawValue: try NameResolver.resolve(rawPolicy, as: .choice("--unreferenced value"), among: RecordWorkflow.UnreferencedPolicy.allCases.map(\.rawValue)))!
            if check && policy == .delete { throw UsageError("--check writes nothing, so it cannot --unreferenced delete; use reject") }
            unreferenced = policy
        } else {
            unreferenced = nil
        }
        selection = RecordSelection(feature: arguments.value("--feature"), fixture: arguments.value("--fixture"))
        runner = arguments.value("--runner")
        timeout = try ReplayOptions.seconds(arguments, "--timeout", default: 10)
        startupTimeout = try ReplayOptions.seconds(arguments, "--startup-timeout", default: 120)
        format = try arguments.format()
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        let commands = RunnerCommands.resolve(platforms: ["swift"], explicit: runner, manifest: try context.manifest())
        guard let command = commands.commands["swift"] else {
            context.note("duet record: no runner — pass --runner CMD or set runners.swift in parity/manifest.yaml")
            return .environment
        }
        let mode: RecordWorkflow.Mode = writeAll ? .overwrite : (check || context.isCI) ? .check : .record
        if mode == .check && unreferenced == .delete {
            throw UsageError("CI is set, so record runs as --check and cannot --unreferenced delete; use reject, or pass --write")
        }
        var workflow = RecordWorkflow(corpus: try context.corpus(), tree: try context.treeForWriting(), runner: command, mode: mode,
                                      timeout: timeout, startupTimeout: startupTimeout)
        if let unreferenced { workflow.unreferenced = unreferenced }
        let outcome = try workflow.run(selection)
        if outcome.matchedNothing {
            // A name the runner does not serve is a typo: say which names are close, before any report.
            if let feature = selection.feature { _ = try NameResolver.resolve(feature, as: .feature, among: outcome.servedFeatures) }
            if let fixture = selection.fixture { _ = try NameResolver.resolve(fixture, as: .fixture, among: outcome.servedFixtures) }
        }
        let status = ExitStatus(outcome)
        var report = ReplayReports.record(outcome, verbose: verbose)
        report.verdict = GateVerdicts.record(outcome, holds: status == .holds)
        context.render(report, as: format)
        if let failure = outcome.environmentFailure { context.note("duet record: \(failure)") }
        if outcome.matchedNothing { context.note("duet record: no scenario matches --feature/--fixture — the runner's scenarios are listed by `duet record --format json`") }
        if !outcome.pending.isEmpty {
            context.note("duet record: \(outcome.pending.count) fixture(s) changed behaviour and were kept pending in \(RecordTree.pendingFolder), their files untouched — `duet pending show NAME`, then `duet pending accept NAME` (or re-run with --write)")
        }
        if mode == .check && !outcome.drift.isEmpty {
            context.note("duet record --check: \(outcome.drift.count) recording(s) differ in behaviour from parity/fixtures or have no fixture; nothing was written — run `duet record` locally and commit the fixtures")
        }
        if !outcome.unreferenced.isEmpty && outcome.deleted.isEmpty {
            let names = outcome.unreferenced.prefix(5).joined(separator: ", ") + (outcome.unreferenced.count > 5 ? ", …" : "")
            let fix = outcome.unreferencedPolicy == .reject
                ? "remove them (`duet record --unreferenced delete`), restore their scenarios, or pass --unreferenced warn"
                : "remove them with `duet record --unreferenced delete`"
            context.note("duet record: \(outcome.unreferenced.count) fixture(s) no scenario records: \(names) — \(fix)")
        }
        if !verbose && !outcome.metadataOnly.isEmpty && format == .table {
            context.note("duet record: \(outcome.metadataOnly.count) fixture(s) differ only in metadata\(mode == .check ? "" : " (rewritten)") — --verbose lists them")
        }
        return status
    }
}

enum ReplayOptions {
    /// What `--platform` takes.
    static let platformChoices = ["swift", "kotlin", "all"]


    /// `--platform swift|kotlin|all` (swift by default), and `--runner` only with one platform.
    static func platforms(_ arguments: ParsedArguments) throws(UsageError) -> [String] {
        let platforms: [String]
        switch try NameResolver.resolve(arguments.value("--platform") ?? "swift", as: .platform, among: platformChoices) {
        case "swift": platforms = ["swift"]
        case "kotlin": platforms = ["kotlin"]
        default: platforms = ["kotlin", "swift"]
        }
        if arguments.value("--runner") != nil && platforms.count > 1 {
            throw UsageError("--runner names one runner; with --platform all, use runners: in parity/manifest.yaml")
        }
        return platforms
    }

    /// `--shard K/N`, which splits every fixture and so takes no `--feature` or `--fixture`.
    static func shard(_ arguments: ParsedArguments) throws(UsageError) -> ShardSpec? {
        let shard: ShardSpec?
        do { shard = try arguments.value("--shard").map { try ShardSpec(parsing: $0) } } catch { throw UsageError("--shard: \(error)") }
        if shard != nil && (arguments.value("--feature") != nil || arguments.value("--fixture") != nil) {
            throw UsageError("--shard splits every fixture; it does not combine with --feature or --fixture")
        }
        return shard
    }

    /// `--max-failures N|all`: how many failing fixtures `verify` and `drill restore` keep in full
    /// (the report and the stored run); beyond it they are counted, not kept. `0` keeps none in full,
    /// `all` keeps every one. nil: every one.
    static func maxFailures(_ arguments: ParsedArguments) throws(UsageError) -> Int? {
        guard let raw = arguments.value("--max-failures") else { return VerifyWorkflow.defaultMaxFailures }
        if raw == "all" { return nil }
        guard let count = Int(raw), count >= 0 else {
            throw UsageError("--max-failures takes a number of failures (0 or more) or `all`, not '\(raw)'")
        }
        return count
    }

    static let maxFailuresOption = OptionSpec.value(
        "--max-failures", placeholder: "N",
        help: "Failing fixtures kept in full in the report and the stored run (default \(VerifyWorkflow.defaultMaxFailures); 0 none, all every one); the rest are counted.")

    /// The longest wait any timeout may ask for: a day.
    static let maximumSeconds: Double = 86_400

    static func seconds(_ arguments: ParsedArguments, _ name: String, default fallback: Double) throws(UsageError) -> Double {
        guard let raw = arguments.value(name) else { return fallback }
        // `1e309` reads as infinity and would never stop the wait it bounds.
        guard let seconds = Double(raw), seconds > 0, seconds <= maximumSeconds else {
            throw UsageError("\(name) takes a number of seconds above 0 and at most \(Int(maximumSeconds)) (a day), not '\(raw)'")
        }
        return seconds
    }
}
