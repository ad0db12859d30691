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
        // Stamps taken in another checkout say nothing about this one: every file is read again.
        let stamps = rootChanged ? [:] : try corpus.trackedStamps()
        var listed = Set<String>()

        let fixtureFiles = try Self.listFixtures(tree)
        listed.reserveCapacity(fixtureFiles.count)
        for file in fixtureFiles {
            let relative = tree.relative(file.path)
            listed.insert(relative)
            if let known = stamps[relative], known.kind == .fixture, known.name == file.name, known.stamp == file.stamp, !known.racy {
                unchangedCount += 1
            } else {
                fixtureCandidates.append(Candidate(name: file.name, path: file.path, stamp: file.stamp))
            }
        }
        fixtureCandidates.sort { CanonicalOrder.precedes($0.path, $1.path) }
        let milestoneFiles = try Self.listMilestones(tree)
        for file in milestoneFiles {
            let relative = tree.relative(file.path)
            listed.insert(relative)
            guard let stamp = FileStamp.of(file.path) else { continue }
            if let known = stamps[relative], known.kind == .milestone, known.name == file.name, known.stamp == stamp, !known.racy {
                unchangedCount += 1
            } else {
                milestoneCandidates.append(Candidate(name: file.name, path: file.path, stamp: stamp))
            }
        }

        // Gone: tracked, no longer listed. Only the corpus: neither tracked nor listed.
        let fixtureNames = Set(fixtureFiles.map(\.name)), milestoneNames = Set(milestoneFiles.map(\.name))
        let tracked = rootChanged ? try corpus.trackedStamps() : stamps
        var trackedFixtures: [String] = [], trackedMilestones: [String] = []
        for file in tracked.values {
            if file.kind == .fixture { trackedFixtures.append(file.name) } else { trackedMilestones.append(file.name) }
        }
        removedFixtures = try corpus.storedNames(.fixture, among: trackedFixtures.filter { !fixtureNames.contains($0) })
        removedMilestones = try corpus.storedNames(.milestone, among: trackedMilestones.filter { !milestoneNames.contains($0) })
        exportedFixtures = try corpus.untrackedNames(.fixture).filter { !fixtureNames.contains($0) }
        exportedMilestones = try corpus.untrackedNames(.milestone).filter { !milestoneNames.contains($0) }
        untrackedPaths = tracked.keys.filter { !listed.contains($0) }.sorted(by: CanonicalOrder.precedes)
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
