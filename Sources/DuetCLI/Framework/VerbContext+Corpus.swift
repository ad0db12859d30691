import Foundation
import Duet
import DuetCorpus
import DuetManifest

/// What a verb does with the corpus: a verb that only asks (`reading`) answers from the corpus's
/// last complete index when another process is writing it, instead of waiting or failing.
public enum CorpusUse: Sendable { case reading, writing }

extension VerbContext {
    /// Where the corpus is: `--corpus`, then `DUET_CORPUS`, then the repository's `corpus.db`.
    public var corpusLocation: CorpusLocation {
        CorpusLocation.locate(explicit: corpusOption, environment: environment, workingDirectory: workingDirectory)
    }

    /// The files of record: the nearest folder holding `parity/`; nil outside any such tree.
    public var tree: RecordTree? { RecordTree.locate(from: workingDirectory) }

    /// Where write verbs put files of record: the tree here, or a new one in the working directory
    /// (said on stderr before anything is written). Outside any tree, a corpus that follows a tree
    /// elsewhere is refused: its files of record are there, not here.
    public func treeForWriting() throws -> RecordTree {
        if let tree { return tree }
        let here = RecordTree(root: workingDirectory)
        if let followed = try corpus().followedTree(), followed != here.root, RecordTree.locate(from: followed)?.root == followed {
            throw InputError(file: corpusLocation.path, message: "this corpus follows the tree at \(followed), and \(workingDirectory) is outside it",
                             fix: "run the command inside \(followed), or pick another corpus with --corpus")
        }
        if !announcedNewTree {
            note("duet: no parity/ here or in a folder above: the files of record go to a new tree at \(here.root)/\(RecordTree.parityFolder)")
            announcedNewTree = true
        }
        return here
    }

    /// Opens the corpus (building it from the seed first when the file is missing), checks that it
    /// and the tree here belong together, brings it in step with the tree, and prints the notices on
    /// stderr. Opened once per invocation. `.reading` (a verb that only asks) never waits long for
    /// another writer: it answers from the corpus's last complete index and says so.
    public func corpus(migrate: Bool = false, for use: CorpusUse = .writing) throws -> Corpus {
        if let opened = openedCorpus { return opened }
        let location = corpusLocation
        let opened = try timings.measure(.open) { try location.open(migrate: migrate) }
        opened.notices.forEach { note("duet: \($0)") }
        try checkBelonging(opened.corpus, at: location)
        try timings.measure(.sync) { try syncWithTree(opened.corpus, use: use) }
        openedCorpus = opened.corpus
        return opened.corpus
    }

    /// A corpus that follows another tree than this one is refused before the sync could write
    /// either; one that follows none yet is told which tree it follows from now on.
    private func checkBelonging(_ corpus: Corpus, at location: CorpusLocation) throws {
        guard let tree else { return }
        // A corpus inside the tree (the default place) belongs to it, also when the checkout moved.
        if location.path.hasPrefix(tree.root.hasSuffix("/") ? tree.root : tree.root + "/") { return }
        guard let followed = try corpus.followedTree() else {
            note("duet: \(location.path) follows the tree at \(tree.root) from now on (its files of record are in \(tree.root)/\(RecordTree.parityFolder))")
            return
        }
        guard followed != tree.root else { return }
        if RecordTree.locate(from: followed)?.root == followed {
            throw InputError(file: location.path, message: "this corpus follows the tree at \(followed), not the tree here (\(tree.root))",
                             fix: "run the command inside \(followed), or use this tree's corpus (\(tree.root)/\(CorpusLocation.fileName): drop --corpus and DUET_CORPUS)")
        }
        note("duet: \(location.path) followed the tree at \(followed), which is gone: it follows \(tree.root) from now on")
    }

    /// Brings `corpus` in step with the tree, if there is one, saying on stderr what changed.
    func syncWithTree(_ corpus: Corpus, use: CorpusUse = .writing) throws {
        guard let tree else { return }
        // An unreadable manifest is the verb's to report (lint renders it); the sync applies its
        // structure declarations on the next run that can read it. Read only when a file is imported.
        let summary = try corpus.sync(with: tree, manifestStructures: ((try? self.manifest()) ?? nil)?.structuresByFeature ?? [:],
                                      whenBusy: use == .reading ? .answerFromLastIndex : .wait) { done, total in
            self.progress("sync: files", done: done, total: total)
        }
        if let line = TreeSyncNotice.line(summary, tree: tree) { note("duet: \(line)") }
        for problem in summary.pendingProblems { note("duet: pending recording left out: \(problem)") }
        for problem in summary.refused { note("duet: \(problem)") }
        if summary.temporaryFilesRemoved > 0 {
            note("duet: removed \(summary.temporaryFilesRemoved) temporary file(s) a killed duet left in \(tree.root)/\(RecordTree.parityFolder)")
        }
        if summary.answeredFromLastIndex {
            note("duet: another process is writing the corpus: this answer is from its last complete index, "
                 + "without \(summary.filesNotIndexed) changed file(s) of the tree — run the command again once it is done")
        }
    }

    /// The nearest `parity/manifest.yaml`, read and checked; nil when there is none.
    public func manifest() throws -> Manifest? {
        guard let path = Manifest.locate(from: workingDirectory) else { return nil }
        return try Manifest.load(path: path)
    }
}

/// The one line a sync prints when it changed the corpus.
enum TreeSyncNotice {
    static func line(_ summary: TreeSyncSummary, tree: RecordTree) -> String? {
        guard summary.changedCorpus else { return nil }
        var parts: [String] = []
        func add(_ names: [String], _ what: String) {
            guard !names.isEmpty else { return }
            let shown = names.prefix(3).joined(separator: ", ") + (names.count > 3 ? ", …" : "")
            parts.append("\(names.count) \(what) (\(shown))")
        }
        add(summary.imported, "fixture(s) imported")
        add(summary.removed, "fixture(s) removed (file gone)")
        add(summary.exported, "fixture(s) written to parity/fixtures (they were only in the corpus)")
        add(summary.milestonesImported, "milestone(s) imported")
        add(summary.milestonesRemoved, "milestone(s) removed (file gone)")
        add(summary.milestonesExported, "milestone(s) written to parity/milestones (they were only in the corpus)")
        add(summary.pendingIndexed, "pending recording(s) indexed")
        add(summary.pendingRemoved, "pending recording(s) dropped (file gone, or already the fixture of record)")
        add(summary.pendingExported, "pending recording(s) written to parity/.pending (they were only in the corpus)")
        return "synced with \(tree.root)/parity: " + parts.joined(separator: "; ")
    }
}

extension VerbContext {
    /// Verbs that look at a damaged corpus as it is, or replace it themselves.
    static let verbsThatKeepADamagedCorpus: Set<String> = ["corpus check", "corpus load"]

    /// After `error`, inside a tree, rebuilds a damaged corpus from the tree (`CorpusRecovery`) and
    /// says so; true when the verb may run again (it had printed nothing yet). Once per invocation.
    func rebuildDamagedCorpus(_ error: DatabaseError, verb: String) -> Bool {
        let location = corpusLocation
        guard error.isDamage, !rebuiltDamagedCorpus, let tree, !Self.verbsThatKeepADamagedCorpus.contains(verb),
              (error.file.map { URL(fileURLWithPath: $0).standardizedFileURL.path } ?? location.path) == location.path else { return false }
        rebuiltDamagedCorpus = true
        openedCorpus = nil
        do {
            let rebuilt = try CorpusRecovery.rebuild(location, damage: error)
            rebuilt.notices.forEach { note("duet: \($0)") }
            try syncWithTree(rebuilt.corpus)
            openedCorpus = rebuilt.corpus
        } catch {
            note("duet: the corpus is damaged and could not be rebuilt from \(tree.root)/\(RecordTree.parityFolder): \(error)")
            return false
        }
        guard stdout.written == 0 else {
            note("duet \(verb): the answer above was cut short by the damage; the corpus is rebuilt now — run the command again")
            return false
        }
        return true
    }
}
