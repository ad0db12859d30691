import Foundation
import Duet

/// What a sync has to do, worked out from a directory listing, a `stat` per file and the stamps
/// of the last sync, before anything is read or written.
struct TreeSyncPlan {
    struct Candidate { var name: String; var path: String; var stamp: FileStamp }

    /// Files whose stamp changed since the last sync (or that are new): read and hashed.
    var fixtureCandidates: [Candidate] = []
    var milestoneCandidates: [Candidate] = []
    /// Tracked names whose file is gone.
    var removedFixtures: [String] = []
    var removedMilestones: [String] = []
    /// Names the corpus holds that no tree ever had.
    var exportedFixtures: [String] = []
    var exportedMilestones: [String] = []
    /// Stamps of paths no longer listed.
    var untrackedPaths: [String] = []
    var unchangedCount = 0
    var rootChanged = false

    /// The tree is exactly as the last sync left it (`TreeDigest`): nothing else was compared.
    var unchanged = false
    /// What the scan saw of every file of record, stored after a sync that leaves the corpus in step with it.
    var digest = TreeDigest()
    /// Entries that cannot be files of record (links, FIFOs, odd names), described; they are left out.
    var refused: [String] = []
    /// Temporary files of gone writers removed while listing.
    var swept = 0
    /// `parity/.pending` as listed, for `PendingSyncPlan`.
    var pendingFolder: TreeFolder
    /// The corpus's `data_version` before the plan read it: a digest is stored only if no other
    /// connection committed since (what the plan compared is then still what the corpus holds).
    var dataVersion: Int64

    var needsWrite: Bool {
        rootChanged || !(fixtureCandidates.isEmpty && milestoneCandidates.isEmpty && removedFixtures.isEmpty
                         && removedMilestones.isEmpty && exportedFixtures.isEmpty && exportedMilestones.isEmpty
                         && untrackedPaths.isEmpty)
    }

    /// How many files the sync found changed, new or gone (what a sync left undone leaves out of the index).
    var changeCount: Int {
        fixtureCandidates.count + milestoneCandidates.count + removedFixtures.count + removedMilestones.count
    }

    init(corpus: Corpus, tree: RecordTree) throws {
        let now = FileStamp.nowNanoseconds()
        dataVersion = try corpus.dataVersion()
        let quick = try FixtureTreeScan.scan(tree, now: now)
        let milestones = try TreeFolder(tree.milestonesDirectory, shown: RecordTree.milestonesFolder, suffixes: [RecordTree.milestoneSuffix])
        pendingFolder = try PendingFiles.folder(tree)
        refused = quick.refused + milestones.refused + pendingFolder.refused
        swept = quick.swept + milestones.swept + pendingFolder.swept
        var others = TreeDigest()
        for (folder, shown, kind) in [(milestones, RecordTree.milestonesFolder, UInt64(2)), (pendingFolder, RecordTree.pendingFolder, 3)] {
            for file in folder.files {
                others.add(path: ContentHash(of: Array((shown + "/" + file.name + file.suffix).utf8)), stamp: file.stamp, kind: kind, now: now)
            }
        }
        digest = quick.digest
        digest.add(others)
        if let stored = try corpus.storedTreeDigest(), stored == digest.text(root: tree.root) {
            unchanged = true
            unchangedCount = digest.count
            return
        }
        rootChanged = try corpus.syncedTreeRoot() != tree.root
        digest = try planFixtures(corpus, tree, now: now)
        digest.add(others)
        try planMilestones(corpus, tree, milestones.files)
    }

    /// The fixture files: the common case (nothing gone, nothing moved, nothing only in the corpus)
    /// makes no `String` per file; anything else takes the slow path over named files.
    private mutating func planFixtures(_ corpus: Corpus, _ tree: RecordTree, now: Int64) throws -> TreeDigest {
        // Stamps taken in another checkout say nothing about this one: every file is read again.
        let stamps = rootChanged ? [:] : try corpus.trackedFixtureStamps()
        var nameKeys: [ContentHash] = [], seen = 0
        let scan = try FixtureTreeScan.scan(tree, now: now) { file in
            nameKeys.append(file.nameKey)
            if let known = stamps[file.key] {
                seen += 1
                if known.stamp == file.stamp && !known.racy { unchangedCount += 1; return }
            }
            let (name, path, _) = file.materialized()
            fixtureCandidates.append(Candidate(name: name, path: path, stamp: file.stamp))
        }
        fixtureCandidates.sort { CanonicalOrder.precedes($0.path, $1.path) }
        // Two files of one name need two folders: a flat fixture folder cannot have them.
        let duplicate = scan.nested && Set(nameKeys).count != nameKeys.count
        let tracked = try corpus.trackedCount(.fixture)
        let everyTrackedFileSeen = !rootChanged && seen == tracked
        let nothingOnlyInTheCorpus = try corpus.storedCount(.fixture) == tracked
        if !duplicate && everyTrackedFileSeen && nothingOnlyInTheCorpus { return scan.digest }

        // Slow path: names and paths of every file (this also reports duplicate names precisely).
        let listed = try Self.listFixtures(tree)
        let listedNames = Set(listed.map(\.name)), listedPaths = Set(listed.map { tree.relative($0.path) })
        let trackedFiles = try corpus.trackedFiles(kind: .fixture)
        removedFixtures = try corpus.storedNames(.fixture, among: trackedFiles.map(\.name).filter { !listedNames.contains($0) })
        exportedFixtures = try corpus.untrackedNames(.fixture).filter { !listedNames.contains($0) }
        untrackedPaths += trackedFiles.map(\.path).filter { !listedPaths.contains($0) }
        return scan.digest
    }

    private mutating func planMilestones(_ corpus: Corpus, _ tree: RecordTree, _ files: [TreeFolder.File]) throws {
        let tracked = try corpus.trackedFiles(kind: .milestone)
        let stamps = rootChanged ? [:] : Dictionary(tracked.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        for file in files {
            let path = tree.milestonesDirectory + "/" + file.name + file.suffix
            if let known = stamps[tree.relative(path)], known.name == file.name, known.stamp == file.stamp, !known.racy {
                unchangedCount += 1
            } else {
                milestoneCandidates.append(Candidate(name: file.name, path: path, stamp: file.stamp))
            }
        }
        let names = Set(files.map(\.name)), paths = Set(files.map { RecordTree.milestonesFolder + "/" + $0.name + $0.suffix })
        removedMilestones = try corpus.storedNames(.milestone, among: tracked.map(\.name).filter { !names.contains($0) })
        exportedMilestones = try corpus.untrackedNames(.milestone).filter { !names.contains($0) }
        untrackedPaths += tracked.map(\.path).filter { !paths.contains($0) }
    }

    /// `parity/fixtures/**/*.fixture.json` with their stamps; none when the folder does not exist.
    static func listFixtures(_ tree: RecordTree) throws -> [FixtureFiles.StampedFile] {
        guard isDirectory(tree.fixturesDirectory) else { return [] }
        return try FixtureFiles.stamped(in: tree.fixturesDirectory)
    }

    private static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
