import DuetCorpus
/// `duet pending reject NAME…|--all`
struct PendingRejectVerb: Verb {
    static let name = "pending reject"
    static let summary = "Drop pending recordings; the stored fixtures stay as they are."
    static let discussion = """
    Example:
      duet pending reject timeline.deep-link   # or --all
    """
    static let options: [OptionSpec] = [
        .flag("--all", help: "Reject every pending recording."),
        .positional("NAME", help: "Pending recordings to reject.", repeating: true),
    ]
    let names: [String]?

    init(arguments: ParsedArguments) throws(UsageError) { names = try PendingSelection.names(arguments) }

    func run(_ context: VerbContext) throws -> ExitStatus {
        let rejected = try context.corpus().rejectPending(names: names)
        for name in rejected { context.write("rejected \(name)\n") }
        if rejected.isEmpty { context.note("duet pending reject: nothing is pending") }
        return .holds
    }
}
