import DuetCorpus

/// `duet corpus migrate`
struct CorpusMigrateVerb: Verb {
    static let name = "corpus migrate"
    static let summary = "Apply the migrations this duet carries that the corpus lacks."
    static let discussion = """
    A corpus built by an older duet opens only after this; each migration runs in its own transaction.
    Example:
      duet corpus migrate && duet corpus check
    """
    static let options: [OptionSpec] = []

    init(arguments: ParsedArguments) throws(UsageError) {}

    func run(_ context: VerbContext) throws -> ExitStatus {
        let corpus = try context.corpus(migrate: true)
        if corpus.appliedOnOpen.isEmpty {
            context.write("corpus is up to date: \(corpus.path)\n")
        } else {
            for migration in corpus.appliedOnOpen { context.write("applied \(migration.fileName)\n") }
        }
        return .holds
    }
}
