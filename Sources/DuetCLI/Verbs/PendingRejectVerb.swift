import DuetCorpus
/// `duet pending reject NAME…|--all`
struct PendingRejectVerb: Verb {
    static let name = "pending reject"
    static let summary = "Drop pending recordings (their files under parity/.pending); the fixtures of record stay as they are."
    static let discussion = """
    Example:
      duet pending reject timeline.deep-link.share-intent   # or --all
    """
    static let options: [OptionSpec] = [
        .flag("--all", help: "Reject every pending recording."),
        .positional("NAME", help: "Pending recordings to reject.", repeating: true),
    ]
    let names: [String]?

    init(arguments: ParsedArguments) throws(UsageError) { names = try PendingSelection.names(arguments) }

    func run(_ context: VerbContext) throws -> ExitStatus {
        let rejected = try context.corpus().rejectPending(names: try names.map(context.resolvePending), in: try context.treeForWriting())
        for name in rejected { context.write("rejected \(name)\n") }
        context.conclude(rejected.isEmpty ? GateVerdict(gate: Self.name, holds: true, says: "nothing to reject", detail: "nothing is pending")
                                          : GateVerdict(gate: Self.name, holds: true, says: "rejected",
                                                        detail: "\(Counted(rejected.count, "recording")); parity/fixtures unchanged"),
                         onStdout: true)
        return .holds
    }
}
