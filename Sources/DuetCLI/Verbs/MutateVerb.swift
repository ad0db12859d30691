import Duet
import DuetCorpus
import DuetGates

/// `duet mutate [--row NAME]… [--plan FILE] [--workspace DIR] [--format F]`
struct MutateVerb: Verb {
    static let name = "mutate"
    static let summary = "The mutation drill: every row of parity/mutations.json must turn verify red; the report names who caught it."
    static let discussion = """
    Each row (name, file, old, new, optional about) is applied to a copy of the repository — never
    to the working tree — in --workspace (default .build/duet-mutate, kept between runs so each
    rebuild is incremental). old must occur exactly once in the file, byte for byte; otherwise the
    row is stale and fails. The row's platform is the one whose sources folder holds the file; its
    build command runs in the copy, then every stored fixture is replayed through that platform's
    runner (runners: in parity/manifest.yaml, started in the copy). A row holds when at least one
    fixture turns red (caught); every fixture green is a survivor, and a mutant that does not build
    fails the row. First the unmutated copy must build and replay green on every platform a row
    targets, or the drill stops. Nothing is stored; the working tree is never written, so Ctrl-C or a
    crash at any point loses nothing (the next drill re-syncs the copy).
    --explore BUDGET also runs `duet explore` (stopping at its first finding) on every mutant the
    fixtures let through: the mutated platform's runner against the other platforms' (unmutated),
    so a branch no fixture reaches is caught when the platforms then disagree. Every platform of the
    plan is built, and explore of the unmutated copy must find nothing first. The summary gives the
    mutation score per platform: mutants caught by the fixtures alone, and by fixtures plus explore
    (rows marked "equivalent": "why" change no behaviour and are not scored).
    Exit 0 every row caught, 1 a survivor, a stale or unbuildable row, or a red baseline, 2 a bad
    plan, 3 no runner or an unmutated copy that does not build.

    parity/mutations.json:
      {"platforms": {"swift":  {"sources": ["Sources"], "build": "swift build --product app-runner"},
                     "kotlin": {"sources": ["kotlin/app/src/main"], "build": "kotlin/build.sh"}},
       "mutations": [{"name": "capture-dismissal-guard", "file": "Sources/App/Capture.swift",
                      "old": "guard state.sheet == kind else", "new": "guard state.sheet != nil else",
                      "about": "a late dismissal closes the picker that is up now"}]}

    Example:
      duet mutate
      duet mutate --row capture-dismissal-guard --format json
      duet mutate --explore 100000
    """
    static let options: [OptionSpec] = [
        .value("--row", placeholder: "NAME", help: "Only this row (repeatable); default every row.", repeating: true),
        .value("--plan", placeholder: "FILE", help: "The mutation plan (default parity/mutations.json)."),
        .value("--workspace", placeholder: "DIR", help: "Where the copy is built (default .build/duet-mutate in the repository)."),
        .value("--timeout", placeholder: "SECONDS", help: "Per-request timeout of the replays (default 10)."),
        .value("--startup-timeout", placeholder: "SECONDS", help: "How long a runner may take to start (default 300)."),
        .value("--explore", placeholder: "BUDGET", help: "Also explore each mutant the fixtures let through, with BUDGET steps (the mutated platform against the others)."),
        .value("--seed", placeholder: "N", help: "The explore seed (default 1)."),
        .format,
    ]

    let rows: [String]?
    let plan: String?, workspace: String?
    let timeout: Double, startupTimeout: Double
    let explore: Int?
    let seed: UInt64
    let format: OutputFormat

    init(arguments: ParsedArguments) throws(UsageError) {
        let rows = arguments.values("--row")
        self.rows = rows.isEmpty ? nil : rows
        plan = arguments.value("--plan")
        workspace = arguments.value("--workspace")
        timeout = try ReplayOptions.seconds(arguments, "--timeout", default: 10)
        startupTimeout = try ReplayOptions.seconds(arguments, "--startup-timeout", default: 300)
        explore = arguments.value("--explore") == nil ? nil : try ExploreVerb.count(arguments, "--explore", default: 0, minimum: 1)
        let rawSeed = arguments.value("--seed") ?? "1"
        guard let seed = UInt64(rawSeed) else { throw UsageError("--seed takes a whole number, not '\(rawSeed)'") }
        self.seed = seed
        format = try arguments.format()
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        guard let tree = context.tree else {
            throw InputError(file: MutationPlan.relativePath, message: "no repository here (no parity/ walking up from \(context.workingDirectory))",
                             fix: "run from the repository")
        }
        let planPath = plan.map(context.absolutePath) ?? tree.absolute(MutationPlan.relativePath)
        let mutationPlan = try MutationPlan.read(path: planPath)
        for row in rows ?? [] { _ = try NameResolver.resolve(row, as: .mutationRow, among: mutationPlan.mutations.map(\.name)) }
        var drill = MutationDrill(corpus: try context.corpus(), repository: tree.root, plan: mutationPlan,
                                  runners: try context.manifest()?.runners ?? [:],
                                  workspace: workspace.map(context.absolutePath) ?? tree.absolute(".build/duet-mutate"))
        drill.timeout = timeout
        drill.startupTimeout = startupTimeout
        drill.exploreBudget = explore
        drill.exploreSeed = seed
        let outcome = try drill.run(only: rows) { what, done, total in context.progress(what, done: done, total: total) }
        var report = MutationReport.report(outcome)
        report.verdict = GateVerdicts.mutate(outcome, holds: ExitStatus(outcome) == .holds)
        context.render(report, as: format)
        if !outcome.linksNotCopied.isEmpty {
            context.note("duet mutate: \(outcome.linksNotCopied.count) symbolic link(s) not copied into the workspace (to a folder or to nothing; it holds files, never links): "
                         + NameList.shortened(outcome.linksNotCopied))
        }
        if let stop = outcome.stoppedBy { context.note("duet mutate: stopped: \(stop)") }
        if !outcome.workspace.isEmpty { context.note("duet mutate: the mutated copy is built in \(tree.relative(outcome.workspace)) (kept for the next run)") }
        return ExitStatus(outcome)
    }
}
