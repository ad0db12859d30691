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
        let tracked = try corpus.trackedFiles()
        // Stamps taken in another checkout say nothing about this one: every file is read again.
        let stamps = rootChanged ? [:] : Dictionary(tracked.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        var listed = Set<String>()

        let fixtureFiles = try Self.listFixtures(tree)
        for file in fixtureFiles {
            let relative = tree.relative(file.path)
            listed.insert(relative)
            guard let stamp = FileStamp.of(file.path) else { continue }
            if let known = stamps[relative], known.kind == .fixture, known.name == file.name, known.stamp == stamp, !known.racy {
                unchangedCount += 1
            } else {
                fixtureCandidates.append(Candidate(name: file.name, path: file.path, stamp: stamp))
            }
        }
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

        let fixtureNames = Set(fixtureFiles.map(\.name)), milestoneNames = Set(milestoneFiles.map(\.name))
        let trackedFixtures = Set(tracked.filter { $0.kind == .fixture }.map(\.name))
        let trackedMilestones = Set(tracked.filter { $0.kind == .milestone }.map(\.name))
        let storedFixtures = try corpus.fixtureNames()
        let storedMilestones = try corpus.milestoneNames()
        removedFixtures = storedFixtures.filter { trackedFixtures.contains($0) && !fixtureNames.contains($0) }
        exportedFixtures = storedFixtures.filter { !trackedFixtures.contains($0) && !fixtureNames.contains($0) }
        removedMilestones = storedMilestones.filter { trackedMilestones.contains($0) && !milestoneNames.contains($0) }
        exportedMilestones = storedMilestones.filter { !trackedMilestones.contains($0) && !milestoneNames.contains($0) }
        untrackedPaths = tracked.map(\.path).filter { !listed.contains($0) }
    }

    /// `parity/fixtures/**/*.fixture.json`; none when the folder does not exist.
    static func listFixtures(_ tree: RecordTree) throws -> [(name: String, path: String)] {
        guard isDirectory(tree.fixturesDirectory) else { return [] }
        return try FixtureFiles.find(in: tree.fixturesDirectory)
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
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            .map { (String($0.dropLast(RecordTree.milestoneSuffix.count)), tree.milestonesDirectory + "/" + $0) }
    }

    private static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
