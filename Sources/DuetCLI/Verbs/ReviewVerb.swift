import DuetCorpus
import DuetGates

/// `duet review`: the pending recordings one at a time, on a terminal.
struct ReviewVerb: Verb {
    static let name = "review"
    static let summary = "Review pending recordings one at a time on a terminal: the diff, then a key to accept, reject, skip or quit."
    static let discussion = """
    Shows each recording under parity/.pending as `pending show` does (its differences and the
    unified diff against the fixture of record), then waits for one key: a accepts it (as `pending
    accept` does, refused when the fixture file changed since the recording), r rejects it, s skips
    it (it stays pending), q quits (the rest stay pending). A summary line ends the review. It needs
    a terminal on standard input and output; elsewhere (scripts, CI, agents) it refuses and names the
    non-interactive commands: `duet pending`, `duet pending show NAME`, `duet pending accept
    NAME…|--all`, `duet pending reject NAME…|--all`.

    Example:
      duet record && duet review
    """
    static let options: [OptionSpec] = []

    init(arguments: ParsedArguments) throws(UsageError) {}

    enum Decision { case accepted, rejected, skipped }

    func run(_ context: VerbContext) throws -> ExitStatus {
        guard context.stdoutIsTerminal, TerminalKeys.available else {
            throw UsageError("needs a terminal (standard input and output); without one use `duet pending` to list, "
                             + "`duet pending show NAME` to see one, `duet pending accept NAME…|--all` or `duet pending reject NAME…|--all`")
        }
        let corpus = try context.corpus(), tree = try context.treeForWriting()
        let names = try corpus.pendingRecordings().map(\.name)
        guard !names.isEmpty else {
            context.write("review: nothing is pending — plain `duet record` keeps changed fixtures in \(RecordTree.pendingFolder)\n")
            return .holds
        }
        let keys = TerminalKeys()
        defer { keys.restore() }
        var decisions: [Decision] = []
        review: for (index, name) in names.enumerated() {
            let pending = try PendingReview.diff(named: name, in: corpus, tree: tree)
            context.write("\n[\(index + 1)/\(names.count)] " + PendingShowVerb.text(pending, name: name, colour: context.usesColour, naming: false,
                                                                                       explored: try context.corpus().exploreFinding(named: name)))
            while true {
                context.write("\n\(pending.acceptProblem == nil ? "a accept  " : "")r reject  s skip  q quit > ")
                let key = keys.next()
                context.write("\(key.map(String.init) ?? "")\n")
                switch key {
                case "a" where pending.acceptProblem == nil:
                    _ = try corpus.acceptPending(names: [name], in: tree)
                    context.write("accepted \(name)\n")
                    decisions.append(.accepted)
                case "a":
                    context.write("accepting is refused: \(pending.acceptProblem ?? "") — run `duet record` again, or reject it\n")
                    continue
                case "r":
                    _ = try corpus.rejectPending(names: [name], in: tree)
                    context.write("rejected \(name)\n")
                    decisions.append(.rejected)
                case "s":
                    decisions.append(.skipped)
                case "q", "\u{03}", nil:
                    break review
                default:
                    continue
                }
                break
            }
        }
        let count = { (decision: Decision) in decisions.filter { $0 == decision }.count }
        let left = names.count - count(.accepted) - count(.rejected)
        context.write("\nreview: \(count(.accepted)) accepted, \(count(.rejected)) rejected, \(count(.skipped)) skipped"
                      + (decisions.count < names.count ? ", \(names.count - decisions.count) not reviewed (quit)" : "")
                      + "; \(Counted(left, "recording")) still pending\n")
        return .holds
    }
}
