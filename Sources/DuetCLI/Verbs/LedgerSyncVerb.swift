import Foundation
import Duet
import DuetCorpus

/// `duet ledger sync [--manifest PATH] [--format F]`
struct LedgerSyncVerb: Verb {
    static let name = "ledger sync"
    static let summary = "Record the manifest's waiver and island entries in the corpus ledger history (valid-from / valid-to)."
    static let discussion = """
    A new entry opens a version valid from now; an entry that left the manifest is closed (valid-to now);
    a changed entry does both. Lists what changed; nothing when the ledger already matches.
    Example:
      duet ledger sync && duet ledger history
    """
    static let options: [OptionSpec] = [QueryManifest.option, .format]

    let manifestPath: String?
    let format: OutputFormat

    init(arguments: ParsedArguments) throws(UsageError) {
        manifestPath = arguments.value("--manifest")
        format = try arguments.format()
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        guard let manifest = try QueryManifest.load(manifestPath, context: context) else {
            throw InputError(file: "parity/manifest.yaml", message: "no manifest found walking up from \(context.workingDirectory)",
                             fix: "run from the repository or pass --manifest PATH")
        }
        let sync = try context.corpus().syncLedger(waivers: manifest.waivers, islands: manifest.islands, now: Date())
        let rows = sync.closed.map { LedgerSyncVerb.row("closed", $0, date: $0.validTo ?? "") }
            + sync.opened.map { LedgerSyncVerb.row("opened", $0, date: $0.validFrom) }
        context.render(Report(Table(columns: ["change", "section", "feature", "entry", "platform", "date"], rows: rows)), as: format)
        context.note("duet ledger sync: \(sync.opened.count) opened, \(sync.closed.count) closed, \(sync.unchanged) unchanged")
        return .holds
    }

    static func row(_ change: String, _ entry: LedgerEntryVersion, date: String) -> [Table.Cell] {
        [.text(change), .text(entry.section.rawValue), .text(entry.feature), .text(entry.subject),
         .text(entry.platform ?? "all"), .text(date)]
    }
}
