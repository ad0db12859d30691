import DuetCorpus
import DuetManifest

extension VerbContext {
    /// Where the corpus is: `--corpus`, then `DUET_CORPUS`, then the repository's `corpus.db`.
    public var corpusLocation: CorpusLocation {
        CorpusLocation.locate(explicit: corpusOption, environment: environment, workingDirectory: workingDirectory)
    }

    /// The files of record: the nearest folder holding `parity/`; nil outside any such tree.
    public var tree: RecordTree? { RecordTree.locate(from: workingDirectory) }

    /// Where write verbs put files of record: the tree, or a new one in the working directory.
    public var treeForWriting: RecordTree { tree ?? RecordTree(root: workingDirectory) }

    /// Opens the corpus (building it from the seed first when the file is missing), brings it in
    /// step with the tree, and prints the notices on stderr. Opened once per invocation.
    public func corpus(migrate: Bool = false) throws -> Corpus {
        if let opened = openedCorpus { return opened }
        let opened = try corpusLocation.open(migrate: migrate)
        opened.notices.forEach { note("duet: \($0)") }
        try syncWithTree(opened.corpus)
        openedCorpus = opened.corpus
        return opened.corpus
    }

    /// Brings `corpus` in step with the tree, if there is one, saying on stderr what changed.
    func syncWithTree(_ corpus: Corpus) throws {
        guard let tree else { return }
        // An unreadable manifest is the verb's to report (lint renders it); the sync applies its
        // structure declarations on the next run that can read it.
        let structures = ((try? manifest()) ?? nil)?.structuresByFeature ?? [:]
        let summary = try corpus.sync(with: tree, manifestStructures: structures) { done, total in
            self.progress("sync: files", done: done, total: total)
        }
        if let line = TreeSyncNotice.line(summary, tree: tree) { note("duet: \(line)") }
        for problem in summary.pendingProblems { note("duet: pending recording left out: \(problem)") }
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
