import Duet
import DuetCorpus
import DuetManifest

/// `duet ledger import-git [--manifest PATH] [--format F]`
struct LedgerImportGitVerb: Verb {
    static let name = "ledger import-git"
    static let summary = "Rebuild the ledger history from the manifest's git history: each version valid from the commit that added it."
    static let discussion = """
    Replays every commit that touched parity/manifest.yaml, oldest first: a waiver or island entry
    opens at the commit date that added it and closes at the one that changed or removed it. The
    history it replaces (from ledger sync or an earlier import) is counted; running it again gives
    the same history. A commit whose manifest cannot be read is skipped and named. Uncommitted
    changes are not history yet: commit them, or record them with `duet ledger sync`.

    Example: duet ledger import-git && duet ledger history --island memorydetail.photo-carousel
    """
    static let options: [OptionSpec] = [QueryManifest.option, .format]

    let manifestPath: String?
    let format: OutputFormat

    init(arguments: ParsedArguments) throws(UsageError) {
        manifestPath = arguments.value("--manifest")
        format = try arguments.format()
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        let path = try QueryManifest.path(manifestPath, context: context)
        let revisions = try ManifestHistory.revisions(of: path)
        guard !revisions.isEmpty else {
            throw InputError(file: path, message: "the manifest has no commit in git", fix: "commit it, or record the ledger with `duet ledger sync`")
        }
        let imported = try context.corpus().importLedgerHistory(revisions)
        context.render(Report(Table(columns: ["commits", "versions", "replaced", "unreadable"], rows: [[
            .int(imported.commits), .int(imported.versions), .int(imported.replaced), .int(imported.unreadable.count),
        ]]), title: "Ledger history from git", json: try CanonicalEncoder().encode(imported)), as: format)
        for skipped in imported.unreadable { context.note("duet ledger import-git: skipped \(skipped)") }
        if Self.workingTreeDiffersFromHead(path) {
            context.note("duet ledger import-git: the working tree's ledger differs from HEAD — commit it, or run `duet ledger sync` to record it now")
        }
        return .holds
    }

    private static func workingTreeDiffersFromHead(_ path: String) -> Bool {
        func ledger(_ reading: ManifestReading) -> [LedgerEntryVersion]? {
            reading.errors.isEmpty ? LedgerEntryVersion.entries(waivers: reading.manifest.waivers, islands: reading.manifest.islands) : nil
        }
        guard let head = ManifestHistory.headBytes(of: path) else { return false }
        return ledger(Manifest.read(bytes: head, file: path)) != ledger(Manifest.read(path: path))
    }
}
