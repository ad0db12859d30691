import DuetCorpus

/// `duet corpus check`
struct CorpusCheckVerb: Verb {
    static let name = "corpus check"
    static let summary = "Check SQLite integrity, foreign keys, every blob's hash and every structural index row; exit 1 on a problem."
    static let options: [OptionSpec] = [.value("--limit", placeholder: "N", help: "Name at most N problems (default 20).")]

    let limit: Int

    init(arguments: ParsedArguments) throws(UsageError) {
        guard let limit = Int(arguments.value("--limit") ?? "20"), limit > 0 else { throw UsageError("--limit takes a positive number") }
        self.limit = limit
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        let corpus = try context.corpus()
        let check = try corpus.check(limit: limit) { stage, done, total in
            context.progress("check: \(stage)", done: done, total: total)
        }
        if check.holds {
            context.write("corpus check holds: \(corpus.path)\n")
            return .holds
        }
        for problem in check.problems { context.write(problem + "\n") }
        if check.truncated { context.write("… more problems not shown (raise --limit)\n") }
        context.note("duet corpus check: \(check.problems.count)\(check.truncated ? "+" : "") problem(s) — rebuild the corpus with `duet corpus load`, or re-import its fixtures")
        return .findings
    }
}
