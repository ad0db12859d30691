import Foundation
import Duet

extension Corpus {
    /// Brings the corpus in step with the files of record: new or changed fixture and milestone
    /// files are imported, those whose file is gone leave the corpus, and what only the corpus held
    /// (a corpus from before the tree was the record) is written into the tree. One transaction: a
    /// malformed file throws `InputError` (file:line:column) and changes nothing. Pending recordings
    /// (`parity/.pending/`) are indexed the same way; one that cannot be read is only reported.
    ///
    /// ```swift
    /// let summary = try corpus.sync(with: RecordTree(root: "/repo"))
    /// summary.imported, summary.removed      // fixture names
    /// ```
    ///
    /// A file whose size, mtime and inode match the last sync is not read; a tree whose every file
    /// is as the last sync left it (`TreeDigest`) costs a directory listing, a `stat` per file and
    /// one query, and takes no lock. `whenBusy: .answerFromLastIndex` (read verbs) does not wait
    /// for another writer: when the tree changed and the write lock is held, the corpus is left as
    /// its last complete sync made it and the summary says so (`answeredFromLastIndex`).
    /// `manifestStructures` is evaluated only when a fixture file is read.
    @discardableResult
    public func sync(with tree: RecordTree, manifestStructures: @autoclosure () -> [String: [String: Primitive]] = [:],
                     whenBusy: SyncWhenBusy = .wait, progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws -> TreeSyncSummary {
        let plan = try TreeSyncPlan(corpus: self, tree: tree)
        var summary = TreeSyncSummary(filesUnchanged: plan.unchangedCount)
        summary.refused = plan.refused
        summary.temporaryFilesRemoved = plan.swept
        if plan.unchanged { return summary }
        let pending = try PendingSyncPlan(corpus: self, tree: tree, folder: plan.pendingFolder, rootChanged: plan.rootChanged)
        let digest = plan.digest.racy ? nil : plan.digest.text(root: tree.root)
        guard plan.needsWrite || !pending.isEmpty else {
            // In step already: remember it, if the lock is free this moment, so the next verb compares nothing.
            if let digest {
                do { try database.withBusyTimeout(0) { try storeTreeDigest(digest, ifUnchangedSince: plan.dataVersion) } }
                catch let error as DatabaseError where error.isBusy {}
            }
            return summary
        }
        do {
            func writing() throws {
                try syncWriting(plan, pending, tree: tree, digest: digest, manifestStructures: manifestStructures, progress: progress,
                                summary: &summary)
            }
            if whenBusy == .wait { try writing() } else { try database.withBusyTimeout(whenBusy.boundMilliseconds, writing) }
        } catch let error as DatabaseError where error.isBusy && whenBusy != .wait && !database.isInTransaction {
            summary = TreeSyncSummary(filesUnchanged: plan.unchangedCount)
            summary.refused = plan.refused
            summary.temporaryFilesRemoved = plan.swept
            summary.answeredFromLastIndex = true
            summary.filesNotIndexed = plan.changeCount + pending.toRead.count
        }
        return summary
    }

    /// The sync's one write transaction.
    private func syncWriting(_ plan: TreeSyncPlan, _ pending: PendingSyncPlan, tree: RecordTree, digest: String?,
                             manifestStructures: () -> [String: [String: Primitive]],
                             progress: ((_ done: Int, _ total: Int) -> Void)?, summary: inout TreeSyncSummary) throws {
        try database.withoutForeignKeyEnforcement { try database.withTemporaryFilesInMemory { try write {
            let now = FileStamp.nowNanoseconds()
            // Fixtures: read what changed, drop what is gone, write out what only the corpus held.
            let (imported, hashes, _) = try importFiles(plan.fixtureCandidates.map { ($0.name, $0.path) },
                                                     manifestStructures: plan.fixtureCandidates.isEmpty ? [:] : manifestStructures(),
                                                     progress: progress)
            summary.imported = imported.inserted + imported.replaced
            summary.filesRead = plan.fixtureCandidates.count + plan.milestoneCandidates.count
            try track(plan.fixtureCandidates.map { file in
                TrackedFile(path: tree.relative(file.path), kind: .fixture, name: file.name, stamp: file.stamp,
                            hash: hashes[file.name] ?? ContentHash(h1: 0, h2: 0), racy: file.stamp.isRacy(now: now))
            })
            let garbage = try deleteFixtureRows(named: plan.removedFixtures)
            summary.removed = plan.removedFixtures
            for fixture in try plan.exportedFixtures.compactMap({ try fixtures(name: $0).first }) {
                try writeFile(fixture.document.prettyBytes, kind: .fixture, name: fixture.name,
                              to: try tree.newFixturePath(for: fixture.name), tree: tree)
                try database.execute("UPDATE fixtures SET source_hash = ? WHERE name = ?",
                                     [.blob(ContentHash(of: fixture.document.prettyBytes).bytes), .text(fixture.name)])
                summary.exported.append(fixture.name)
            }
            // Milestones: the file's report replaces the stored one.
            for file in plan.milestoneCandidates {
                let bytes = try StoredMilestoneFile.read(file.path)
                let report = try StoredMilestoneFile.decode(bytes, path: file.path, name: file.name)
                let hash = ContentHash(of: bytes)
                if try milestoneBytes(named: file.name) != report.canonicalBytes {
                    try storeMilestoneRow(name: file.name, createdAt: report.createdAt, canonicalBytes: report.canonicalBytes)
                    summary.milestonesImported.append(file.name)
                }
                try track(TrackedFile(path: tree.relative(file.path), kind: .milestone, name: file.name, stamp: file.stamp,
                                      hash: hash, racy: file.stamp.isRacy(now: now)))
            }
            for name in plan.removedMilestones {
                try database.execute("DELETE FROM milestones WHERE name = ?", [.text(name)])
            }
            summary.milestonesRemoved = plan.removedMilestones
            for name in plan.exportedMilestones {
                guard let bytes = try milestoneBytes(named: name) else { continue }
                try writeFile(try CanonicalJSON.parse(bytes).prettyBytes, kind: .milestone, name: name,
                              to: try tree.milestonePath(for: name), tree: tree)
                summary.milestonesExported.append(name)
            }
            try syncPending(pending, tree: tree, summary: &summary)
            for path in plan.untrackedPaths { try database.execute("DELETE FROM tree_files WHERE path = ?", [.text(path)]) }
            try database.execute("INSERT OR REPLACE INTO corpus_meta(key, value) VALUES ('tree.root', ?)", [.text(tree.root)])
            try collectGarbage(among: garbage)
            // Files the sync wrote into the tree are not in the scan's digest.
            let wroteIntoTheTree = !(summary.exported.isEmpty && summary.milestonesExported.isEmpty && summary.pendingExported.isEmpty
                                     && pending.orphanSidecars.isEmpty)
            if let digest, !wroteIntoTheTree { try storeTreeDigest(digest, ifUnchangedSince: plan.dataVersion) }
        } } }
    }

    // MARK: - The digest of the tree as the last sync left it

    /// The digest stored by the last sync that left the corpus in step with its tree, if it still stands.
    func storedTreeDigest() throws -> String? {
        try database.cachedStatement("SELECT value FROM corpus_meta WHERE key = 'tree.digest'").rows().first?[0].text
    }

    /// Stores `digest` (inside the caller's write transaction, or in one of its own) unless another
    /// connection committed since `dataVersion` was read.
    private func storeTreeDigest(_ digest: String, ifUnchangedSince dataVersion: Int64) throws {
        try write(touchesTree: false) {
            guard try self.dataVersion() == dataVersion else { return }
            try database.execute("INSERT OR REPLACE INTO corpus_meta(key, value) VALUES ('tree.digest', ?)", [.text(digest)])
        }
    }

    /// SQLite's `data_version`: changes when another connection commits.
    func dataVersion() throws -> Int64 {
        try database.scalarInteger("PRAGMA data_version") ?? 0
    }

    // MARK: - Writing files of record

    /// Writes `bytes` to a file of record and notes its stamp; the caller's transaction stores what it holds.
    func writeFile(_ bytes: [UInt8], kind: TrackedFile.Kind, name: String, to path: String, tree: RecordTree) throws {
        try AtomicFile.write(bytes, to: path)
        guard let stamp = FileStamp.of(path) else { throw EnvironmentError("\(path) vanished right after it was written") }
        try track(TrackedFile(path: tree.relative(path), kind: kind, name: name, stamp: stamp, hash: ContentHash(of: bytes),
                              racy: stamp.isRacy()))
    }

    /// Removes a file of record and forgets its stamp.
    func removeFile(kind: TrackedFile.Kind, name: String, tree: RecordTree) throws {
        for file in try trackedFiles(kind: kind, name: name) {
            try AtomicFile.remove(tree.absolute(file.path))
            try database.execute("DELETE FROM tree_files WHERE path = ?", [.text(file.path)])
        }
    }

    /// Where the file of record named `name` is (its tracked path, else where a new one goes).
    func filePath(kind: TrackedFile.Kind, name: String, tree: RecordTree) throws -> String {
        try filePath(kind: kind, name: name, tracked: try trackedFiles(kind: kind, name: name).first?.path, tree: tree)
    }

    /// `filePath` for many fixtures at once: the tracked paths looked up 256 names per statement
    /// (through `tree_files_by_name`, so it costs what the names do, whatever the tree holds) instead
    /// of one statement per name, which took ~1 s of a 1M-step import before it could start.
    func fixtureFilePaths(for names: [String], tree: RecordTree) throws -> [String: String] {
        var tracked: [String: String] = [:]
        let chunk = 256
        func lookup(_ count: Int) throws -> Statement {
            try database.cachedStatement("SELECT name, path FROM tree_files WHERE kind = 'fixture' AND name IN ("
                                         + Array(repeating: "?", count: count).joined(separator: ",") + ")")
        }
        for start in stride(from: 0, to: names.count, by: chunk) {
            let slice = names[start..<min(start + chunk, names.count)]
            try lookup(slice.count).forEachRow(slice.map { .text($0) }) { row in
                if let name = row.text(at: 0), let path = row.text(at: 1) { tracked[name] = path }
            }
        }
        var paths: [String: String] = [:]
        paths.reserveCapacity(names.count)
        for name in names { paths[name] = try filePath(kind: .fixture, name: name, tracked: tracked[name], tree: tree) }
        return paths
    }

    private func filePath(kind: TrackedFile.Kind, name: String, tracked: String?, tree: RecordTree) throws -> String {
        if let tracked { return tree.absolute(tracked) }
        return kind == .fixture ? try tree.newFixturePath(for: name) : try tree.milestonePath(for: name)
    }

    // MARK: - Tracked files

    func track(_ file: TrackedFile) throws {
        try track(CollectionOfOne(file))
    }

    /// Stores the stamps of `files`, up to 64 rows per statement (an import stores one per file it
    /// copied: 265,000 statements took ~3.5 s of a 1M-step import, longer than the flush they overlap).
    func track(_ files: some Collection<TrackedFile>) throws {
        guard !files.isEmpty else { return }
        let batch = try BatchedInsert(database: database, verb: "INSERT OR REPLACE",
                                      into: "tree_files(path, kind, name, size, mtime_ns, inode, hash, racy)", columns: 8,
                                      rowsPerStatement: min(64, files.count))
        for file in files {
            try batch.addRow { row in
                try row.bind(file.path, at: 1); try row.bind(file.kind.rawValue, at: 2); try row.bind(file.name, at: 3)
                try row.bind(file.stamp.size, at: 4); try row.bind(file.stamp.modifiedNanoseconds, at: 5); try row.bind(file.stamp.inode, at: 6)
                try row.bind(file.hash.bytes, at: 7); try row.bind(file.racy ? 1 : 0, at: 8)
            }
        }
        try batch.flush()
    }

    /// The tracked files of `kind`, or the one named `name` of it; each form is its own statement so
    /// that a lookup by name probes `tree_files_by_name` (an import asks once per file).
    func trackedFiles(kind: TrackedFile.Kind, name: String? = nil) throws -> [TrackedFile] {
        let columns = "SELECT path, kind, name, size, mtime_ns, inode, hash, racy FROM tree_files"
        let rows = try name.map { try database.rows(columns + " WHERE kind = ? AND name = ?", [.text(kind.rawValue), .text($0)]) }
            ?? database.rows(columns + " WHERE kind = ? ORDER BY path", [.text(kind.rawValue)])
        return rows.map { row in
            TrackedFile(path: row[0].text ?? "", kind: TrackedFile.Kind(rawValue: row[1].text ?? "") ?? .fixture,
                        name: row[2].text ?? "",
                        stamp: FileStamp(size: row[3].integer ?? -1, modifiedNanoseconds: row[4].integer ?? -1, inode: row[5].integer ?? -1),
                        hash: ContentHash(bytes: row[6].blob ?? []) ?? ContentHash(h1: 0, h2: 0),
                        racy: row[7].integer == 1)
        }
    }

    /// The stamp of every tracked fixture file, by the content hash of its path (no `String` per row).
    func trackedFixtureStamps() throws -> [ContentHash: (stamp: FileStamp, racy: Bool)] {
        var result: [ContentHash: (stamp: FileStamp, racy: Bool)] = [:]
        try database.cachedStatement("SELECT path, size, mtime_ns, inode, racy FROM tree_files WHERE kind = 'fixture'").forEachRow { row in
            let key = row.withTextBytes(at: 0) { ContentHash(of: $0) }
            result[key] = (FileStamp(size: row.int64(at: 1), modifiedNanoseconds: row.int64(at: 2), inode: row.int64(at: 3)), row.int64(at: 4) == 1)
        }
        return result
    }

    func trackedCount(_ kind: TrackedFile.Kind) throws -> Int {
        Int(try database.scalarInteger("SELECT count(*) FROM tree_files WHERE kind = ?", [.text(kind.rawValue)]) ?? 0)
    }

    func storedCount(_ kind: TrackedFile.Kind) throws -> Int {
        Int(try database.scalarInteger("SELECT count(*) FROM \(kind == .fixture ? "fixtures" : "milestones")") ?? 0)
    }

    /// The names of what the corpus holds that no tree tracks.
    func untrackedNames(_ kind: TrackedFile.Kind) throws -> [String] {
        let table = kind == .fixture ? "fixtures" : "milestones"
        return try database.rows("""
            SELECT name FROM \(table) WHERE name NOT IN (SELECT name FROM tree_files WHERE kind = ?) ORDER BY name
            """, [.text(kind.rawValue)]).compactMap { $0[0].text }
    }

    /// Those of `names` the corpus holds, sorted.
    func storedNames(_ kind: TrackedFile.Kind, among names: [String]) throws -> [String] {
        let select = try database.cachedStatement("SELECT 1 FROM \(kind == .fixture ? "fixtures" : "milestones") WHERE name = ?")
        return try names.filter { try select.scalarInteger([.text($0)]) != nil }.sorted(by: CanonicalOrder.precedes)
    }

    /// The tree this corpus was last synced with, if any.
    func syncedTreeRoot() throws -> String? {
        try database.rows("SELECT value FROM corpus_meta WHERE key = 'tree.root'").first?[0].text
    }

    /// The root of the tree this corpus follows (its files of record), once a sync or a write adopted one.
    public func followedTree() throws -> String? { try syncedTreeRoot() }
}

/// What a sync does when the tree changed and another process holds the write lock.
public enum SyncWhenBusy: Sendable, Equatable {
    /// Wait for it (up to the busy timeout): write verbs, whose writes must follow the tree.
    case wait
    /// Wait up to half a second, then leave the corpus as its last complete sync made it: read verbs.
    case answerFromLastIndex

    var boundMilliseconds: Int32 { 500 }
}

/// A file of record as the last sync saw it (a row of `tree_files`).
struct TrackedFile: Sendable, Equatable {
    enum Kind: String, Sendable { case fixture, milestone }
    /// Relative to the tree root.
    var path: String
    var kind: Kind
    var name: String
    var stamp: FileStamp
    var hash: ContentHash
    var racy: Bool
}

/// What a sync changed.
public struct TreeSyncSummary: Sendable, Equatable {
    /// Fixtures imported from new or changed files.
    public var imported: [String] = []
    /// Fixtures whose file is gone, removed from the corpus.
    public var removed: [String] = []
    /// Fixtures only the corpus held, written into the tree.
    public var exported: [String] = []
    public var milestonesImported: [String] = []
    public var milestonesRemoved: [String] = []
    public var milestonesExported: [String] = []
    /// Pending recordings (`parity/.pending/`) indexed from new or changed files, dropped from the
    /// index (file gone, or already the fixture of record), and written out from the corpus.
    public var pendingIndexed: [String] = []
    public var pendingRemoved: [String] = []
    public var pendingExported: [String] = []
    /// Pending files that could not be read (`file:line:column: message — fix`); left out of the index.
    public var pendingProblems: [String] = []
    /// Files read again because their stamp changed.
    public var filesRead = 0
    /// Files whose stamp matched the last sync (not read).
    public var filesUnchanged = 0
    /// Entries of the folders of record that cannot be files of record (links, FIFOs, odd names),
    /// each described with its fix; they are left out of the index.
    public var refused: [String] = []
    /// Temporary files that killed writers left in the tree, removed.
    public var temporaryFilesRemoved = 0
    /// The tree changed but another process held the write lock: the corpus answers as its last
    /// complete sync left it, without `filesNotIndexed` changed files.
    public var answeredFromLastIndex = false
    public var filesNotIndexed = 0

    /// True when the corpus's fixtures or milestones changed (not only stamps).
    public var changedCorpus: Bool {
        !(imported.isEmpty && removed.isEmpty && exported.isEmpty
          && milestonesImported.isEmpty && milestonesRemoved.isEmpty && milestonesExported.isEmpty
          && pendingIndexed.isEmpty && pendingRemoved.isEmpty && pendingExported.isEmpty)
    }
}
