import Foundation
import Duet
import DuetManifest

/// What `ledger import-git` replayed.
public struct LedgerImport: Sendable, Codable, Equatable {
    /// Commits that touched the manifest, oldest first.
    public var commits: Int
    /// Commits whose manifest could not be read: skipped, each named with its first error.
    public var unreadable: [String]
    public var versions: Int
    /// Versions the import replaced (recorded before by `ledger sync` or an earlier import).
    public var replaced: Int
}

extension Corpus {
    /// Replaces the ledger history with the replay of the manifest's git history: each commit
    /// brings the open versions to its waivers and islands at its commit date, so a version is
    /// valid from the commit that added it to the commit that changed or removed it. A revision
    /// that cannot be read changes nothing. One transaction; running it again gives the same rows.
    ///
    /// ```swift
    /// let done = try corpus.importLedgerHistory(try ManifestHistory.revisions(of: "parity/manifest.yaml"))
    /// try corpus.ledgerHistory(island: "memorydetail.photo-carousel")
    /// ```
    public func importLedgerHistory(_ revisions: [ManifestRevision]) throws -> LedgerImport {
        try write(touchesTree: false) {
            let replaced = Int(try database.scalarInteger("SELECT count(*) FROM ledger_entries") ?? 0)
            try database.execute("DELETE FROM ledger_entries")
            var unreadable: [String] = []
            for revision in revisions {
                if let first = revision.errors.first { unreadable.append("\(revision.commit.prefix(10)): \(first.description)"); continue }
                let entries = revision.manifest.map { LedgerEntryVersion.entries(waivers: $0.waivers, islands: $0.islands) } ?? []
                _ = try applyLedger(entries, at: LedgerEntryVersion.timestamp(revision.date), commit: revision.commit)
            }
            return LedgerImport(commits: revisions.count, unreadable: unreadable,
                                versions: Int(try database.scalarInteger("SELECT count(*) FROM ledger_entries") ?? 0), replaced: replaced)
        }
    }
}
