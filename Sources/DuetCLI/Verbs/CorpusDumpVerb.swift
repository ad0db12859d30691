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
        let corpus = try context.corpus(for: .reading)
        guard let output else {
            try corpus.dump { context.write($0) }
            return .holds
        }
        let url = URL(fileURLWithPath: output, relativeTo: URL(fileURLWithPath: context.workingDirectory, isDirectory: true))
        var text = ""
        try corpus.dump { text += $0 }
        try Data(text.utf8).write(to: url, options: .atomic)
        return .holds
    }
}
