import Foundation
import DuetCorpus

/// `duet corpus load [FILE] [--discard-local]`
struct CorpusLoadVerb: Verb {
    static let name = "corpus load"
    static let summary = "Rebuild the corpus from a seed dump (default: the corpus.db.seed found walking up), keeping its run history."
    static let discussion = """
    The rebuilt corpus follows the tree (parity/fixtures, parity/milestones) as every verb does. What
    only the replaced file held is kept: its verify runs, pending recordings and ledger history are
    carried over, and fixtures or milestones that no tree holds are first written into the tree (or,
    outside a repository, the load refuses and names them). --discard-local drops all of that.

    Example:
      duet corpus load && duet milestone --list
    """
    static let options: [OptionSpec] = [
        .positional("FILE", help: "The seed to load."),
        .flag("--discard-local", help: "Drop the replaced file's runs, pending recordings and ledger history."),
    ]

    let seed: String?
    let discardLocal: Bool

    init(arguments: ParsedArguments) throws(UsageError) {
        seed = arguments.positionals.first
        discardLocal = arguments.flag("--discard-local")
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        let location = context.corpusLocation
        guard let seed = seed.map({ URL(fileURLWithPath: $0, relativeTo: URL(fileURLWithPath: context.workingDirectory, isDirectory: true)).path })
                ?? location.seed else {
            throw UsageError("no FILE given and no corpus.db.seed found walking up from \(context.workingDirectory)")
        }
        // What only the old file holds goes into the tree before the file is replaced.
        if !discardLocal, context.tree != nil, FileManager.default.fileExists(atPath: location.path),
           let old = try? Corpus.open(at: location.path) {
            try context.syncWithTree(old)
        }
        let load = try Corpus.rebuild(from: seed, at: location.path, discardingLocal: discardLocal)
        try context.syncWithTree(load.corpus)
        let carried = load.carried.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
        context.note("duet corpus load: built \(location.path) from \(seed)" + (carried.isEmpty ? "" : "; kept \(carried.joined(separator: ", "))"))
        return .holds
    }
}
