import Foundation
import Duet

/// What `duet init` writes into a folder so that it becomes a Duet tree: the manifest skeleton,
/// the folder of fixtures of record, the `.gitignore` lines for the corpus and the pending
/// recordings, and a runner stub.
///
/// ```swift
/// let scaffold = TreeScaffold(root: "/work/app", runnerTarget: "duet-runner")
/// let written = try scaffold.write()     // refuses, writing nothing, when any of it exists
/// ```
public struct TreeScaffold: Sendable {
    public struct File: Sendable, Equatable {
        /// Relative to the root.
        public var path: String
        public var contents: String
    }

    public var root: String
    public var runnerTarget: String

    public init(root: String, runnerTarget: String = "duet-runner") {
        self.root = root; self.runnerTarget = runnerTarget
    }

    /// A file of this machine that must never be committed, and the `.gitignore` line that keeps it out.
    public struct MachineFile: Sendable, Equatable {
        /// Relative to the root.
        public var path: String
        public var directory: Bool
        public var line: String
    }

    /// The build folder, the corpus and its SQLite side files, and the recordings under review.
    public static let machineFiles = [
        MachineFile(path: ".build", directory: true, line: ".build/"),
        MachineFile(path: CorpusLocation.fileName, directory: false, line: "/corpus.db*"),
        MachineFile(path: CorpusLocation.fileName + "-wal", directory: false, line: "/corpus.db*"),
        MachineFile(path: CorpusLocation.fileName + "-shm", directory: false, line: "/corpus.db*"),
        MachineFile(path: RecordTree.pendingFolder, directory: true, line: "/" + RecordTree.pendingFolder + "/"),
    ]

    /// `/corpus.db*` would hide a tree's seed too; it stays committable.
    public static let committedSeedLine = "!/" + CorpusLocation.seedFileName

    /// The lines a `.gitignore` holding `text` needs so that no machine file can be committed, in
    /// order, each once; empty when it already ignores them all (in whatever words).
    public static func missingIgnoreLines(in text: String) -> [String] {
        let patterns = IgnorePatterns(text)
        var lines: [String] = []
        for file in machineFiles where !patterns.ignores(file.path, directory: file.directory) && !lines.contains(file.line) {
            lines.append(file.line)
        }
        if let glob = lines.firstIndex(of: "/corpus.db*") { lines.insert(committedSeedLine, at: glob + 1) }
        return lines
    }

    /// The new files, in the order they are written.
    public var files: [File] {
        [File(path: "parity/manifest.yaml", contents: manifest),
         File(path: RecordTree.fixturesFolder + "/.gitkeep", contents: ""),
         File(path: "Sources/\(runnerTarget)/main.swift", contents: runnerStub)]
    }

    /// What was written: the new files, and the `.gitignore` lines added.
    public struct Outcome: Sendable, Equatable {
        public var written: [String]
        public var ignoredLinesAdded: [String]
    }

    /// Writes every file, or nothing when one of them (or `parity/`) already exists.
    public func write() throws -> Outcome {
        let existing = (["parity"] + files.map(\.path)).filter { FileManager.default.fileExists(atPath: absolute($0)) }
        if !existing.isEmpty {
            throw InputError(file: absolute(existing[0]), message: "already exists; duet init writes only into a folder without a Duet tree",
                             fix: "remove or move \(existing.joined(separator: ", ")) first, or edit them by hand")
        }
        for file in files { try AtomicFile.write(Array(file.contents.utf8), to: absolute(file.path)) }
        let added = try addIgnoredLines()
        return Outcome(written: files.map(\.path), ignoredLinesAdded: added)
    }

    /// Appends the lines `.gitignore` lacks (creating it when missing); never rewrites a line.
    private func addIgnoredLines() throws -> [String] {
        let path = absolute(".gitignore")
        let current = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let missing = Self.missingIgnoreLines(in: current)
        guard !missing.isEmpty else { return [] }
        let separator = current.isEmpty || current.hasSuffix("\n") ? "" : "\n"
        let block = separator + "# duet: the build folder; the corpus, an index of parity/ rebuilt by any duet verb (a seed stays committed);\n"
            + "# parity/.pending, recordings under review\n"
            + missing.joined(separator: "\n") + "\n"
        try AtomicFile.write(Array((current + block).utf8), to: path)
        return missing
    }

    private func absolute(_ relative: String) -> String { RecordTree(root: root).absolute(relative) }

    private var manifest: String {
        """
        # The parity manifest: which runners replay the fixtures, the features, the presentation
        # ledger (deliberate divergences and islands) and the census rulings. `duet lint` checks it.
        #
        # The daily loop:
        #   duet record               record the runner's scenarios into parity/fixtures
        #   duet pending show NAME    review a fixture whose behaviour changed (kept pending)
        #   duet pending accept NAME  accept it; then commit parity/fixtures
        #   duet verify               replay every fixture through the runner(s) (CI: duet record --check)

        runners:
          swift: swift run -q \(runnerTarget)
          # kotlin: kotlin/build/\(runnerTarget)

        # One entry per feature (the name its reducer declares), e.g.
        #   counter:
        #     swift: Sources/App/Counter.swift
        #     state: Counter.State
        #     action: Counter.Action
        #     effectPayload: Counter.EffectPayload
        features: {}

        presentation:
          # A different manner class on one platform: kind, feature, platform, manner, reason, since.
          waivers: []
          # Regions whose internals live outside state: id, feature, platform, boundary, reason, since.
          islands: []

        census:
          # Navigation-shaped fields that are not L0 fields: field, ruling (data), reason, since.
          rulings: []

        """
    }

    private var runnerStub: String {
        """
        // The replay runner that `duet record` and `duet verify` start (parity/manifest.yaml,
        // runners.swift). Add it to Package.swift:
        //
        //     .executableTarget(name: "\(runnerTarget)", dependencies: [
        //         .product(name: "DuetRunner", package: "duet"), .product(name: "DuetScenarios", package: "duet"),
        //         "YourFeatures"]),
        //
        // `package:` is the dependency's identity: the last part of its path or URL (a path
        // dependency on ../duet-main is package: "duet-main").
        // then register each feature and its scenarios. The runner writes nothing else to stdout.
        import DuetRunner

        var registry = ReplayRegistry(platform: "swift")
        // registry.register(Counter.self)
        // registry.addScenarios([counterScenario.definition])
        ReplayServer(registry).serve()

        """
    }
}
