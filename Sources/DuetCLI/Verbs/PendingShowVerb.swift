import DuetCorpus
/// `duet pending show NAME`
struct PendingShowVerb: Verb {
    static let name = "pending show"
    static let summary = "Show how a pending recording differs from the stored fixture."
    static let options: [OptionSpec] = [.positional("NAME", help: "The pending recording.", optional: false)]
    let name: String

    init(arguments: ParsedArguments) throws(UsageError) { name = try arguments.positional(0, named: "NAME") }

    func run(_ context: VerbContext) throws -> ExitStatus {
        context.write(try PendingReview.diff(named: name, in: context.corpus()).text)
        return .holds
    }
}
