import DuetReplay

/// `duet record [--check [--write]] [--feature F] [--fixture NAME] [--runner CMD]`
struct RecordVerb: Verb {
    static let name = "record"
    static let summary = "Record the runner's scenarios as fixtures; --check is the drift gate."
    static let discussion = """
    Asks the runner for its scenarios, drives each step through reduce and stores dialect-2 fixtures
    (one per branch leaf, one per chain) with the scenarios and the runner's describe output.
    --check compares only behaviour (initial state(s); per step node, action, expectedState,
    expectedEffects): metadata-only changes pass and are written; a new scenario or a behavioural
    change fails (exit 1) and is kept pending (`duet pending`) with the corpus's fixture untouched.
    With CI set in the environment, record behaves as --check unless --write is given.
    The runner is --runner CMD or runners.swift in parity/manifest.yaml.
    """
    static let options: [OptionSpec] = [
        .flag("--check", help: "The drift gate: fail on new or behaviourally changed recordings, keep them pending."),
        .flag("--write", help: "Write every recording, drift included (accepts it)."),
        .value("--feature", placeholder: "F", help: "Only this feature's scenarios (and chains through it)."),
        .value("--fixture", placeholder: "NAME", help: "Only this fixture (a leaf name or a scenario's base name)."),
        .value("--runner", placeholder: "CMD", help: "Runner command (run with /bin/sh -c)."),
        .value("--timeout", placeholder: "SECONDS", help: "Per-request timeout (default 10)."),
        .value("--startup-timeout", placeholder: "SECONDS", help: "How long the runner may take to start and handshake (default 120)."),
        .format,
    ]

    let check: Bool, writeAll: Bool
    let selection: RecordSelection
    let runner: String?
    let timeout: Double, startupTimeout: Double
    let format: OutputFormat

    init(arguments: ParsedArguments) throws(UsageError) {
        check = arguments.flag("--check")
        writeAll = arguments.flag("--write")
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
        let mode: RecordWorkflow.Mode = writeAll ? .write : (check || context.isCI) ? .gate : .write
        let outcome = try RecordWorkflow(corpus: context.corpus(), runner: command, mode: mode, timeout: timeout, startupTimeout: startupTimeout).run(selection)
        context.render(ReplayReports.record(outcome), as: format)
        if let failure = outcome.environmentFailure { context.note("duet record: \(failure)") }
        if outcome.matchedNothing { context.note("duet record: no scenario matches --feature/--fixture — the runner's scenarios are listed by `duet record --format json`") }
        if !outcome.pending.isEmpty {
            context.note("duet record: \(outcome.pending.count) recording(s) pending review — `duet pending show NAME`, then `duet pending accept NAME` (or re-run with --write)")
        }
        return outcome.exitStatus
    }
}

enum ReplayOptions {
    static func seconds(_ arguments: ParsedArguments, _ name: String, default fallback: Double) throws(UsageError) -> Double {
        guard let raw = arguments.value(name) else { return fallback }
        guard let seconds = Double(raw), seconds > 0 else { throw UsageError("\(name) takes a positive number of seconds, not '\(raw)'") }
        return seconds
    }
}
