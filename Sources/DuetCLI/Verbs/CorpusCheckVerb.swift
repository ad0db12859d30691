import Duet
import DuetCorpus

/// `duet corpus check`
struct CorpusCheckVerb: Verb {
    static let name = "corpus check"
    static let summary = "Check SQLite integrity, page checksums, foreign keys, every blob's hash and every structural index row; exit 1 on a problem."
    static let discussion = """
    Reads every page of the file, so damage anywhere is found (other verbs find it only in the pages
    they read). A damaged file is a finding (exit 1), named by page where the page checksum caught it.
    --format json prints {corpus, holds, problems, truncated, pageChecksums, damaged}.
    Example: duet corpus check --limit 50
    """
    static let options: [OptionSpec] = [.value("--limit", placeholder: "N", help: "Name at most N problems (default 20)."),
                                        .value("--format", placeholder: "FORMAT", help: "table (default) or json.")]

    let limit: Int
    let format: OutputFormat

    init(arguments: ParsedArguments) throws(UsageError) {
        guard let limit = Int(arguments.value("--limit") ?? "20"), limit > 0 else { throw UsageError("--limit takes a positive number") }
        self.limit = limit
        format = try arguments.format()
        guard format == .table || format == .json else { throw UsageError("corpus check writes table or json, not \(format.rawValue)") }
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        let corpus: Corpus
        let check: CorpusCheck
        do {
            // A damaged file takes no writes, so the tree sync cannot run first: check the file as it is.
            do {
                corpus = try context.corpus(for: .reading)
            } catch let error as DatabaseError where error.isDamage {
                corpus = try Corpus.open(at: context.corpusLocation.path)
            }
            check = try corpus.check(limit: limit) { stage, done, total in
                context.progress("check: \(stage)", done: done, total: total)
            }
        } catch let error as DatabaseError where error.isDamage {
            // The file is too damaged to open: that is the finding.
            render(path: context.corpusLocation.path, check: nil, damage: error.message, context)
            context.note("duet corpus check: \(context.corpusLocation.path) is damaged — inside its tree any other verb rebuilds it from parity/ (keeping the run history it can still read)")
            return .findings
        }
        if !check.pageChecksums {
            context.note("duet corpus check: \(corpus.path) carries no page checksums (made by an older duet), so other verbs cannot notice damage in it — rebuild it with `duet corpus load` to have them")
        }
        render(path: corpus.path, check: check, damage: nil, context)
        if check.holds { return .holds }
        context.note("duet corpus check: \(check.problems.count)\(check.truncated ? "+" : "") problem(s) — inside its tree any other verb rebuilds a damaged corpus from parity/; for other problems, rebuild it with `duet corpus load`")
        return .findings
    }

    private func render(path: String, check: CorpusCheck?, damage: String?, _ context: VerbContext) {
        var text = ""
        if let damage { text = "damage: \(damage)\n" }
        if let check {
            text = check.holds ? "corpus check holds: \(path)\n" : check.problems.map { $0 + "\n" }.joined()
            if check.truncated { text += "… more problems not shown (raise --limit)\n" }
        }
        var json = JSONObject()
        json["corpus"] = .string(path)
        json["holds"] = .bool(check?.holds ?? false)
        json["problems"] = .array((check?.problems ?? []).map(JSONValue.string))
        json["truncated"] = .bool(check?.truncated ?? false)
        if let check { json["pageChecksums"] = .bool(check.pageChecksums) }
        if let damage { json["damaged"] = .string(damage) }
        var report = Report(sections: [.init(id: "check", content: .text(text))], json: .object(json))
        let problems = check.map { "\($0.problems.count)\($0.truncated ? "+" : "") problem(s) in \(path)" }
        report.verdict = GateVerdict(gate: "corpus check", holds: check?.holds ?? false,
                                     detail: check?.holds == true ? path : problems ?? "\(path) is damaged")
        context.render(report, as: format)
    }
}
