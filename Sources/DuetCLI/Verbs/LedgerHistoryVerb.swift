import Duet
import DuetCorpus

/// `duet ledger history [--format F]`
struct LedgerHistoryVerb: Verb {
    static let name = "ledger history"
    static let summary = "List every recorded version of the ledger's waiver and island entries, oldest first."
    static let options: [OptionSpec] = [
        .flag("--current", help: "Only the entries as of the last sync."), .format,
    ]

    let current: Bool
    let format: OutputFormat

    init(arguments: ParsedArguments) throws(UsageError) {
        current = arguments.flag("--current")
        format = try arguments.format()
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        let corpus = try context.corpus()
        let versions = current ? try corpus.currentLedger() : try corpus.ledgerHistory()
        let table = Table(columns: ["section", "feature", "entry", "platform", "valid_from", "valid_to", "fields"], rows: versions.map {
            [.text($0.section.rawValue), .text($0.feature), .text($0.subject), .text($0.platform ?? "all"), .text($0.validFrom),
             $0.validTo.map { .text($0) } ?? .none, .text($0.body.canonicalString)]
        })
        context.render(Report(table), as: format)
        return .holds
    }
}
