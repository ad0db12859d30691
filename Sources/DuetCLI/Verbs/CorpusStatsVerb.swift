import Foundation
import DuetCorpus

/// `duet corpus stats [--format F]`
struct CorpusStatsVerb: Verb {
    static let name = "corpus stats"
    static let summary = "Count fixtures, steps, blobs and index rows; sizes and the dedup ratio."
    static let discussion = """
    Example:
      duet corpus stats --format json
    """
    static let options: [OptionSpec] = [.format]

    let format: OutputFormat

    init(arguments: ParsedArguments) throws(UsageError) {
        format = try arguments.format()
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        let stats = try context.corpus(for: .reading).stats()
        let rows: [(String, Table.Cell)] = [
            ("fixtures", .int(stats.fixtures)), ("chain_fixtures", .int(stats.chainFixtures)), ("features", .int(stats.features)),
            ("steps", .int(stats.steps)), ("scenarios", .int(stats.scenarios)), ("structures", .int(stats.structures)),
            ("blobs", .int(stats.blobs)), ("blob_bytes", .int(stats.blobBytes)), ("referenced_bytes", .int(stats.referencedBytes)),
            ("blob_references", .int(stats.blobReferences)), ("dedup_ratio", .text(String(format: "%.2f", stats.dedupRatio))),
            ("indexed_snapshots", .int(stats.indexedSnapshots)), ("transitions", .int(stats.transitions)), ("file_bytes", .int(stats.fileBytes)),
        ]
        context.render(Report(Table(columns: ["measure", "value"], rows: rows.map { [.text($0.0), $0.1] }), title: "Corpus"), as: format)
        return .holds
    }
}
