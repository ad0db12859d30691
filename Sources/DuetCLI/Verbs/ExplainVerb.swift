import DuetCorpus
import DuetGates

/// `duet explain [--run ID] [--format F]`
struct ExplainVerb: Verb {
    static let name = "explain"
    static let summary = "Show a stored run's failures again, as its gate reported them, without replaying anything."
    static let discussion = """
    The latest stored verify or drill run (or the one --run names) is read back from the corpus and
    its failures rendered exactly as `duet verify` or `duet drill restore` rendered them: each
    fixture's step, label, action, first divergent JSON path and both fragments; passes are counted in
    the summary, not listed. First come the run's id, gate, platform, scope and start, the runner
    command and build that judged it, and the fixture set, manifest and structures it judged — then
    whether those are still what the tree holds. A run judged on other inputs is shown as a past run:
    run `duet verify` (or `duet drill restore`) to judge now. The runner is compared without starting
    it: its command, and the hash of its executable when it is a native file.
    A stored run is one platform's (`verify --platform all` stores one per platform); the lint and the
    declaration parity verify also reports are results of their own (`duet runs --kind lint`).
    --run takes an id `duet runs` lists: 12 (the verify or drill run with that id), verify:12 or drill:12.
    Exit 0 the run held, 1 it had failures, 2 no stored run (nothing to explain) or an unknown
    --run, 3 the corpus cannot be read.

    Example:
      duet explain
      duet explain --run verify:1 --format json | jq '.report.runs[0].results[] | .failure'
    """
    static let options: [OptionSpec] = [
        .value("--run", placeholder: "ID", help: "The stored run to explain: N, verify:N or drill:N (default: the latest)."),
        .format,
    ]

    let run: String?
    let format: OutputFormat

    init(arguments: ParsedArguments) throws(UsageError) {
        run = arguments.value("--run")
        format = try arguments.format()
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        let corpus = try context.corpus()
        let reference = try run.map { try Self.reference($0, corpus: corpus) }
        let explanation: RunExplanation?
        do {
            explanation = try RunExplanation.of(reference, corpus: corpus, manifest: try context.manifest())
        } catch RunExplanation.Lookup.ambiguous(let id) {
            throw UsageError("run \(id) is both verify run \(id) and drill run \(id) — say --run verify:\(id) or --run drill:\(id)")
        } catch RunExplanation.Lookup.unknown(let unknown) {
            throw UsageError(NameResolver.unknown(unknown.description, as: .run, among: try Self.knownRuns(corpus)))
        }
        guard let explanation else {
            throw UsageError("no stored run to explain: the corpus holds no verify or drill run — run `duet verify` first")
        }
        let report = ExplainReport.report(explanation)
        context.render(report, as: format)
        if !explanation.standsForNow {
            context.note("duet explain: \(explanation.gate.rawValue) run \(explanation.id) is a past run, judged on other inputs — "
                         + "run `duet \(explanation.gate == .verify ? "verify" : "drill restore") --platform \(explanation.platform)` to judge now")
        }
        return explanation.held ? .holds : .findings
    }

    /// `text` read as a run id; a form that is no id is bad usage.
    static func reference(_ text: String, corpus: Corpus) throws -> RunReference {
        guard let reference = RunReference(text) else {
            throw UsageError("--run takes a stored run's id: N, verify:N or drill:N (`duet runs` lists them), not '\(text)'")
        }
        return reference
    }

    /// Every stored verify and drill run, as --run may name them.
    static func knownRuns(_ corpus: Corpus) throws -> [String] {
        try corpus.resultHistory(kinds: [.verify, .drill], limit: 10_000).flatMap { ["\($0.id)", "\($0.kind.rawValue):\($0.id)"] }
    }
}
