import DuetCorpus
import DuetGates
/// `duet pending accept NAME…|--all`
struct PendingAcceptVerb: Verb {
    static let name = "pending accept"
    static let summary = "Write pending recordings as fixtures of record (parity/fixtures) and into the corpus."
    static let discussion = """
    Each accepted recording is written to its file in the pinned pretty form (atomically) and to the
    corpus, together; `git diff parity/fixtures` then shows what you accepted.

    Example:
      duet pending show timeline.deep-link && duet pending accept timeline.deep-link
    """
    static let options: [OptionSpec] = [
        .flag("--all", help: "Accept every pending recording."),
        .positional("NAME", help: "Pending recordings to accept.", repeating: true),
    ]
    let names: [String]?

    init(arguments: ParsedArguments) throws(UsageError) { names = try PendingSelection.names(arguments) }

    func run(_ context: VerbContext) throws -> ExitStatus {
        try ExploreRecording.refuseOpen(names, in: context.corpus())
        let accepted = try context.corpus().acceptPending(names: names, in: context.treeForWriting)
        for name in accepted { context.write("accepted \(name)\n") }
        if accepted.isEmpty { context.note("duet pending accept: nothing is pending") }
        return .holds
    }
}

enum PendingSelection {
    /// nil means every pending recording.
    static func names(_ arguments: ParsedArguments) throws(UsageError) -> [String]? {
        let all = arguments.flag("--all")
        if all && !arguments.positionals.isEmpty { throw UsageError("give NAME… or --all, not both") }
        if !all && arguments.positionals.isEmpty { throw UsageError("name the recordings (see `duet pending`) or pass --all") }
        return all ? nil : arguments.positionals
    }
}
