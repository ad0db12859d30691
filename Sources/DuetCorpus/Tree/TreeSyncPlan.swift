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

    var needsWrite: Bool {
        rootChanged || !(fixtureCandidates.isEmpty && milestoneCandidates.isEmpty && removedFixtures.isEmpty
                         && removedMilestones.isEmpty && exportedFixtures.isEmpty && exportedMilestones.isEmpty
                         && untrackedPaths.isEmpty)
    }

    init(corpus: Corpus, tree: RecordTree) throws {
        rootChanged = try corpus.syncedTreeRoot() != tree.root
        try planFixtures(corpus, tree)
        try planMilestones(corpus, tree)
    }

    /// The fixture files: the common case (nothing gone, nothing moved, nothing only in the corpus)
    /// makes no `String` per file; anything else takes the slow path over named files.
    private mutating func planFixtures(_ corpus: Corpus, _ tree: RecordTree) throws {
        // Stamps taken in another checkout say nothing about this one: every file is read again.
        let stamps = rootChanged ? [:] : try corpus.trackedFixtureStamps()
        var nameKeys: [ContentHash] = [], seen = 0
        let nested = try FixtureTreeScan.scan(tree) { file in
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
        let duplicate = nested && Set(nameKeys).count != nameKeys.count
        let tracked = try corpus.trackedCount(.fixture)
        let everyTrackedFileSeen = !rootChanged && seen == tracked
        let nothingOnlyInTheCorpus = try corpus.storedCount(.fixture) == tracked
        if !duplicate && everyTrackedFileSeen && nothingOnlyInTheCorpus { return }

        // Slow path: names and paths of every file (this also reports duplicate names precisely).
        let listed = try Self.listFixtures(tree)
        let listedNames = Set(listed.map(\.name)), listedPaths = Set(listed.map { tree.relative($0.path) })
        let trackedFiles = try corpus.trackedFiles(kind: .fixture)
        removedFixtures = try corpus.storedNames(.fixture, among: trackedFiles.map(\.name).filter { !listedNames.contains($0) })
        exportedFixtures = try corpus.untrackedNames(.fixture).filter { !listedNames.contains($0) }
        untrackedPaths += trackedFiles.map(\.path).filter { !listedPaths.contains($0) }
    }

    private mutating func planMilestones(_ corpus: Corpus, _ tree: RecordTree) throws {
        let tracked = try corpus.trackedFiles(kind: .milestone)
        let stamps = rootChanged ? [:] : Dictionary(tracked.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        let files = try Self.listMilestones(tree)
        for file in files {
            guard let stamp = FileStamp.of(file.path) else { continue }
            if let known = stamps[tree.relative(file.path)], known.name == file.name, known.stamp == stamp, !known.racy {
                unchangedCount += 1
            } else {
                milestoneCandidates.append(Candidate(name: file.name, path: file.path, stamp: stamp))
            }
        }
        let names = Set(files.map(\.name)), paths = Set(files.map { tree.relative($0.path) })
        removedMilestones = try corpus.storedNames(.milestone, among: tracked.map(\.name).filter { !names.contains($0) })
        exportedMilestones = try corpus.untrackedNames(.milestone).filter { !names.contains($0) }
        untrackedPaths += tracked.map(\.path).filter { !paths.contains($0) }
    }

    /// `parity/fixtures/**/*.fixture.json` with their stamps; none when the folder does not exist.
    static func listFixtures(_ tree: RecordTree) throws -> [FixtureFiles.StampedFile] {
        guard isDirectory(tree.fixturesDirectory) else { return [] }
        return try FixtureFiles.stamped(in: tree.fixturesDirectory)
    }

    /// `parity/milestones/*.json`; none when the folder does not exist.
    static func listMilestones(_ tree: RecordTree) throws -> [(name: String, path: String)] {
        guard isDirectory(tree.milestonesDirectory) else { return [] }
        let entries: [String]
        do { entries = try FileManager.default.contentsOfDirectory(atPath: tree.milestonesDirectory) } catch {
            throw InputError(file: tree.milestonesDirectory, message: "cannot read the folder: \(error.localizedDescription)",
                             fix: "make it readable")
        }
        return entries.filter { $0.hasSuffix(RecordTree.milestoneSuffix) && !$0.hasPrefix(".") }
            .sorted(by: CanonicalOrder.precedes)
            .map { (String($0.dropLast(RecordTree.milestoneSuffix.count)), tree.milestonesDirectory + "/" + $0) }
    }

    private static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
