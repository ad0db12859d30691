import Foundation
import DuetCorpus

/// `duet corpus load [FILE]`
struct CorpusLoadVerb: Verb {
    static let name = "corpus load"
    static let summary = "Rebuild the corpus from a seed dump (default: the corpus.db.seed found walking up)."
    static let options: [OptionSpec] = [.positional("FILE", help: "The seed to load.")]

    let seed: String?

    init(arguments: ParsedArguments) throws(UsageError) {
        seed = arguments.positionals.first
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        let location = context.corpusLocation
        guard let seed = seed.map({ URL(fileURLWithPath: $0, relativeTo: URL(fileURLWithPath: context.workingDirectory, isDirectory: true)).path })
                ?? location.seed else {
            throw UsageError("no FILE given and no corpus.db.seed found walking up from \(context.workingDirectory)")
        }
        _ = try Corpus.load(seed: seed, into: location.path)
        context.note("duet corpus load: built \(location.path) from \(seed)")
        return .holds
    }
}
