import Duet
import DuetCorpus

/// `duet ledger history [--kind K|--island I] [--current] [--format F]`
struct LedgerHistoryVerb: Verb {
    static let name = "ledger history"
    static let summary = "List every recorded version of the ledger's waiver and island entries, oldest first."
    static let discussion = """
    Versions come from `duet ledger sync` (dated when synced) or `duet ledger import-git` (dated by
    the commits that opened and closed them; the commit columns name them).

    Example: duet ledger history --island memorydetail.photo-carousel --format json
    """
    static let options: [OptionSpec] = [
        .value("--kind", placeholder: "K", help: "Only the waivers of this kind (feature.primitive.case)."),
        .value("--island", placeholder: "I", help: "Only the entries of this island (feature.name)."),
        .flag("--current", help: "Only the open versions."), .format,
    ]

    let kind: String?, island: String?
    let current: Bool
    let format: OutputFormat

    init(arguments: ParsedArguments) throws(UsageError) {
        kind = arguments.value("--kind")
        island = arguments.value("--island")
        if kind != nil && island != nil { throw UsageError("--kind and --island select different sections; give one") }
        current = arguments.flag("--current")
        format = try arguments.format()
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        let corpus = try context.corpus(for: .reading)
        let history = try corpus.ledgerHistory()
        if let kind {
            _ = try NameResolver.resolve(kind, as: .kind, among: history.filter { $0.section == .waiver }.map(\.subject) + context.knownNames().kinds)
        }
        if let island {
            let declared = ((try? context.manifest()) ?? nil)?.islands.map(\.id) ?? []
            _ = try NameResolver.resolve(island, as: .choice("island"), among: history.filter { $0.section == .island }.map(\.subject) + declared)
        }
        let versions = try corpus.ledgerHistory(kind: kind, island: island).filter { !current || $0.isCurrent }
        let table = Table(columns: ["section", "feature", "entry", "platform", "valid_from", "valid_to", "opened_by", "closed_by", "fields"],
                          rows: versions.map {
            [.text($0.section.rawValue), .text($0.feature), .text($0.subject), .text($0.platform ?? "all"), .text($0.validFrom),
             $0.validTo.map { .text($0) } ?? .none, $0.openedBy.map { .text(String($0.prefix(10))) } ?? .none,
             $0.closedBy.map { .text(String($0.prefix(10))) } ?? .none, .text($0.body.canonicalString)]
        })
        if versions.isEmpty {
            context.note("duet ledger history: no version recorded\(kind.map { " for kind \($0)" } ?? island.map { " for island \($0)" } ?? "") — run `duet ledger import-git` or `duet ledger sync`")
        }
        context.render(Report(table), as: format)
        return .holds
    }
}
