import Foundation
import DuetCorpus

/// `duet corpus dump [--output FILE]`
struct CorpusDumpVerb: Verb {
    static let name = "corpus dump"
    static let summary = "Write a deterministic plain-text SQL dump of the corpus (the form of corpus.db.seed)."
    static let discussion = """
    Example:
      duet corpus dump --output corpus.sql && sqlite3 copy.db < corpus.sql
    """
    static let options: [OptionSpec] = [.value("--output", placeholder: "FILE", help: "Write to FILE instead of standard output.")]

    let output: String?

    init(arguments: ParsedArguments) throws(UsageError) {
        output = arguments.value("--output")
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        let file = try output.map { try StagedOutput(path: context.absolutePath($0)) }
        let corpus = try context.corpus(for: .reading)
        guard let file else {
            try corpus.dump { context.write($0) }
            return .holds
        }
        var text = ""
        try corpus.dump { text += $0 }
        try file.publish(Array(text.utf8))
        return .holds
    }
}
