import Duet
import DuetCorpus
import DuetGates
/// `duet pending accept NAME…|--all`
struct PendingAcceptVerb: Verb {
    static let name = "pending accept"
    static let summary = "Write pending recordings (parity/.pending) as fixtures of record (parity/fixtures) and into the corpus."
    static let discussion = """
    Each accepted recording is written to its file in the pinned pretty form (atomically) and to the
    corpus, together, and its files under parity/.pending are removed; `git diff parity/fixtures`
    then shows what you accepted. A recording is accepted only onto the fixture file it was compared
    against: when that file was edited, created or removed since (or the recording's sidecar is
    missing), accepting is refused — nothing is written — and the fix is to run `duet record` again.

    Example:
      duet pending show timeline.deep-link.share-intent && duet pending accept timeline.deep-link.share-intent
    """
    static let options: [OptionSpec] = [
        .flag("--all", help: "Accept every pending recording."),
        .positional("NAME", help: "Pending recordings to accept.", repeating: true),
    ]
    let names: [String]?

    init(arguments: ParsedArguments) throws(UsageError) { names = try PendingSelection.names(arguments) }

    func run(_ context: VerbContext) throws -> ExitStatus {
        try ExploreRecording.refuseOpen(names, in: context.corpus())
        let tree = try context.treeForWriting()
        let accepted = try context.corpus().acceptPending(names: try names.map(context.resolvePending), in: tree)
        for name in accepted { context.write("accepted \(name)\n") }
        let files = accepted.map { RecordTree.fixturesFolder + "/" + $0 + ".fixture.json" }
        context.conclude(accepted.isEmpty ? GateVerdict(gate: Self.name, holds: true, says: "nothing to accept", detail: "nothing is pending")
                                          : GateVerdict(gate: Self.name, holds: true, says: "accepted",
                                                        detail: "\(Counted(accepted.count, "recording")) written to " + NameList.shortened(files, limit: 3)),
                         onStdout: true)
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
