import DuetCorpus

/// `duet islands [--manifest PATH] [--format F]`
struct IslandsVerb: Verb {
    static let name = "islands"
    static let summary = "Sweep the island ledger: entries per platform, boundary summaries, and verbs; exit 1 when an island should become a kind."
    static let discussion = """
    verbs: the distinct action cases whose step changes the island's boundary summary against the
    previous snapshot of the same fixture. <verb>Failed / <verb>Reverted actions that restore the
    summary from before <verb> are twins and do not count. Three or more verbs: promote to a kind.
    Example:
      duet islands --format md
    """
    static let options: [OptionSpec] = [QueryManifest.option, .format]

    let manifestPath: String?
    let format: OutputFormat

    init(arguments: ParsedArguments) throws(UsageError) {
        manifestPath = arguments.value("--manifest")
        format = try arguments.format()
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        let manifest = try QueryManifest.loadOrEmpty(manifestPath, context: context, missing: "no island is declared")
        try context.ensureStructure("islands", manifest: manifest)
        let sweep = try context.corpus(for: .reading).islandSweep(ledger: manifest.islands)
        let table = Table(columns: ["island", "feature", "field", "platforms", "snapshots", "summaries", "verb_count", "verbs", "twins", "finding"],
                          rows: sweep.islands.map {
            [.text($0.id), .text($0.feature), $0.field.map { .text($0) } ?? .none, .text($0.platforms.joined(separator: " ")),
             .int($0.snapshots), .int($0.summaries), .int($0.verbs.count), .text($0.verbs.joined(separator: " ")),
             .text($0.twins.joined(separator: " ")), .text($0.finding)]
        })
        var report = Report(table, title: "Islands (presentation.islands and structures)", id: "islands")
        report.verdict = GateVerdicts.islands(sweep, holds: sweep.holds)
        context.render(report, as: format)
        for island in sweep.promotions {
            context.note("duet islands: \(island.id) has \(island.verbs.count) verbs (\(island.verbs.joined(separator: ", "))) — promote it to a kind")
        }
        return sweep.holds ? .holds : .findings
    }
}
