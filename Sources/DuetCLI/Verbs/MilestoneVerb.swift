import Foundation
import Duet
import DuetCorpus
import DuetGates
import DuetManifest

/// `duet milestone NAME [--format md|json|html] [--out FILE]`, `duet milestone --preview`, `duet milestone --list`,
/// `duet milestone show NAME`
struct MilestoneVerb: Verb {
    static let name = "milestone"
    static let summary = "Store a named report (census, coverage, islands, ledger, verify, difference from the previous milestone) as parity/milestones/NAME.json; preview, list or show them."
    static let discussion = """
    duet milestone NAME        builds the report, writes parity/milestones/NAME.json (commit it: a
                               milestone is a reviewable change) and the corpus, and prints it (md by
                               default); a milestone of the same name is replaced (a notice says so).
    duet milestone --preview   builds and prints the report as of now; stores nothing.
    duet milestone --list      lists the stored milestones.
    duet milestone show NAME   prints a stored milestone again.
    --format html writes one self-contained page (inline CSS and SVG, no script, no external asset) that reads
                               on a phone: the header names the commit, the duet and each runner; every failing
                               fixture opens to expected against got at its first divergence, its source line and
                               the commands that replay it; the navigation map of every feature is drawn with
                               what changed since the previous milestone; trends chart every stored milestone.
    Nothing stale stands for now: before the report, structure the corpus lacks is asked of the
    runners, the manifest's lint runs, and every platform whose runner can start (under runners:, or
    the one its latest full run was made with) is verified and drilled again — incrementally, so only
    fixtures whose behaviour, runner build or describe changed since they last passed are replayed —
    and the latest audit is run again when its sources or the structures changed. The report says,
    for each, whether it was run for this milestone or reused, and on what. Filtered runs (--feature,
    --fixture, a shard) never stand for the whole. A runner that is not built yet (or not on PATH) is
    not checked, with the command to run once it is built; a stored run it made is reported stale
    when the fixtures changed since (never as holding), and nothing is stored for it.
    The report carries census, coverage, islands, ledger, verify (failing fixtures listed), lint, the
    latest audit, and what changed since the previous milestone (status changes, newly failing fixtures).
    Exit 0 when every check that ran holds, 1 when the closure check or a gate fails.

    Example:
      duet milestone --preview --format md        # what a milestone would say now
      duet milestone beta-1 && git add parity/milestones/beta-1.json
    """
    static let options: [OptionSpec] = [
        .positional("NAME", help: "The milestone's name (or: show NAME).", repeating: true),
        .flag("--list", help: "List the stored milestones."),
        .flag("--preview", help: "Build and print the report without storing it."),
        .value("--format", placeholder: "FORMAT", help: "md (default), json or html; for --list: table, json, csv or md."),
        .value("--out", placeholder: "FILE", help: "Write the report to FILE instead of standard output."),
        QueryManifest.option,
    ]

    enum Action { case record(String), preview(String), show(String), list(OutputFormat) }
    enum DocumentFormat: String, CaseIterable { case md, json, html }

    let action: Action
    let document: DocumentFormat
    let out: String?
    let manifestPath: String?

    init(arguments: ParsedArguments) throws(UsageError) {
        out = arguments.value("--out")
        manifestPath = arguments.value("--manifest")
        let words = arguments.positionals
        if arguments.flag("--list") {
            guard words.isEmpty else { throw UsageError("--list takes no NAME") }
            action = .list(try arguments.format())
            document = .md
            return
        }
        let preview = arguments.flag("--preview")
        switch words.count {
        case 0 where preview: action = .preview("preview")
        case 1 where preview: action = .preview(words[0])
        case 1: action = .record(words[0])
        case 2 where words[0] == "show" && !preview: action = .show(words[1])
        case 0: throw UsageError("missing NAME (or use --list)")
        default: throw UsageError("expected NAME or show NAME, got '\(words.joined(separator: " "))'")
        }
        let raw = arguments.value("--format") ?? "md"
        let format = DocumentFormat(rawValue: try NameResolver.resolve(raw, as: .format, among: DocumentFormat.allCases.map(\.rawValue)))!
        document = format
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        // Before anything runs or is stored: the name is one a file can carry, and --out can be written.
        if case .record(let name) = action { try NameRule.check(name, as: .milestone) }
        let output = try out.map { try StagedOutput(path: context.absolutePath($0)) }
        let corpus = try context.corpus()
        switch action {
        case .list(let format):
            let table = Table(columns: ["milestone", "created", "check", "fixtures"], rows: try corpus.milestones().map {
                [.text($0.name), .text($0.createdAt), .text($0.holds ? "holds" : "fails"), .int($0.fixtures)]
            })
            context.render(Report(table), as: format)
            return .holds
        case .show(let name):
            guard let report = try corpus.milestone(named: name) else {
                throw InputError(file: "milestone \(name)", message: "no milestone of that name is stored",
                                 fix: "see `duet milestone --list`, or record it with `duet milestone \(name)`")
            }
            try emit(report, corpus, context, into: output)
            return .holds
        case .preview(let name):
            let manifest = try QueryManifest.loadOrEmpty(manifestPath, context: context, missing: "the report has no rulings and no ledger")
            let built = try corpus.milestoneReport(named: name, manifest: manifest, inputs: try gates(corpus, manifest, context), now: Date())
            let report = try context.tree.map { try $0.portable(built) } ?? built
            try emit(report, corpus, context, into: output)
            return conclude(report, gate: "milestone --preview", context)
        case .record(let name):
            let manifest = try QueryManifest.loadOrEmpty(manifestPath, context: context, missing: "the report has no rulings and no ledger")
            let inputs = try gates(corpus, manifest, context)
            let tree = try context.treeForWriting()
            let (report, replaced) = try corpus.recordMilestone(named: name, manifest: manifest, inputs: inputs, now: Date(), tree: tree)
            context.note("duet milestone: \(replaced ? "replaced" : "stored") \(RecordTree.milestonesFolder)/\(name)\(RecordTree.milestoneSuffix) — commit it to keep it")
            try emit(report, corpus, context, into: output)
            return conclude(report, gate: "milestone \(name)", context)
        }
    }

    /// The lint, and verify, drill and audit again where what they judged changed.
    private func gates(_ corpus: Corpus, _ manifest: Manifest, _ context: VerbContext) throws -> MilestoneInputs {
        var gates = MilestoneGates(corpus: corpus, manifest: manifest)
        gates.workingDirectory = context.workingDirectory
        let inputs = try gates.run { gate, platform, done, total in
            context.progress("milestone: \(gate.rawValue) \(platform)", done: done, total: total)
        }
        for (gate, runs) in [("verify", inputs.verified), ("drill", inputs.drilled)] {
            for (platform, run) in runs.sorted(by: { $0.key < $1.key }) {
                let reused = run.reused > 0 ? ", \(run.reused) unchanged since run \(run.since.map(String.init) ?? "?")" : ""
                context.note("duet milestone: \(gate) \(platform) run for this report (run \(run.run)): \(run.replayed) replayed\(reused)")
            }
        }
        if let audit = inputs.audit, audit.ranForReport { context.note("duet milestone: the audit's sources or structures changed; audited them again") }
        var withBuild = inputs
        let revision = TreeRevision.of(context.tree?.root ?? context.workingDirectory)
        withBuild.build = MilestoneBuild(commit: revision?.commit, modified: revision?.modified, duet: DuetCommandLine.version, toolchain: BuildInfo.toolchain)
        return withBuild
    }

    private func conclude(_ report: MilestoneReport, gate: String, _ context: VerbContext) -> ExitStatus {
        for check in report.checks where check.status != .holds {
            context.note("duet milestone: \(check.name) \(check.status == .fails ? "fails" : "not checked") — \(check.detail)")
        }
        // Beside a document people read (md, or one written to --out) on stdout; beside json or html on stderr.
        context.conclude(GateVerdicts.milestone(report, gate: gate, holds: report.holds), onStdout: out != nil || document == .md)
        return report.holds ? .holds : .findings
    }

    /// Prints the report, or publishes it into `output` (staged when the verb began).
    private func emit(_ report: MilestoneReport, _ corpus: Corpus, _ context: VerbContext, into output: StagedOutput?) throws {
        let text: String
        switch document {
        case .md: text = report.markdown()
        case .html:
            let drawer = try MapDrawer(engine: .auto, path: context.environment["PATH"])
            text = report.html(MilestonePage(trend: try corpus.milestoneTrend(through: report), drawer: drawer))
        case .json: text = try CanonicalEncoder().encode(report).prettyString
        }
        guard let output, let out else { return context.write(text) }
        try output.publish(Array(text.utf8))
        context.note("duet milestone: wrote \(out)")
    }
}
