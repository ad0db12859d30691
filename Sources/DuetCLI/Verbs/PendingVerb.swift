import DuetCorpus

/// `duet pending [--format json]`
struct PendingVerb: Verb {
    static let name = "pending"
    static let summary = "List recordings waiting for review (new scenarios, behavioural drift)."
    static let discussion = """
    Plain `duet record` keeps a changed fixture as parity/.pending/NAME.fixture.json (git-ignored,
    beside its sidecar NAME.pending.json) instead of overwriting it; review with `pending show`.
    Example:
      duet pending && duet pending show timeline.deep-link.share-intent
    """
    static let options: [OptionSpec] = [.format]
    let format: OutputFormat

    init(arguments: ParsedArguments) throws(UsageError) { format = try arguments.format() }

    func run(_ context: VerbContext) throws -> ExitStatus {
        let pending = try context.corpus(for: .reading).pendingRecordings()
        context.render(ReplayReports.pending(pending), as: format)
        if pending.isEmpty { context.note("duet pending: nothing is pending — plain `duet record` keeps changed fixtures in \(RecordTree.pendingFolder)") }
        return .holds
    }
}
