import Foundation

/// Where the corpus file is, and the seed it can be built from.
///
/// ```swift
/// let location = CorpusLocation.locate(explicit: options.corpus,
///                                      environment: ProcessInfo.processInfo.environment,
///                                      workingDirectory: FileManager.default.currentDirectoryPath)
/// let opened = try location.open()          // builds from the seed when the file is missing
/// opened.notices.forEach { printToStderr($0) }
/// ```
public struct CorpusLocation: Sendable, Equatable {
    public enum Source: String, Sendable { case option = "--corpus", environment = "DUET_CORPUS", repository = "repository", workingDirectory = "working directory" }

    public var path: String
    public var source: Source
    /// `corpus.db.seed` found walking up from the working directory, if any.
    public var seed: String?

    public init(path: String, source: Source, seed: String?) {
        self.path = path; self.source = source; self.seed = seed
    }

    public static let fileName = "corpus.db"
    public static let seedFileName = "corpus.db.seed"

    /// `--corpus PATH`, then `DUET_CORPUS`, then `corpus.db` in the nearest folder (walking up from
    /// the working directory) that holds `corpus.db.seed` or `parity/`; else the working directory.
    public static func locate(explicit: String?, environment: [String: String], workingDirectory: String) -> CorpusLocation {
        let base = URL(fileURLWithPath: workingDirectory)
        let seed = findUpwards(from: base) { dir in
            FileManager.default.fileExists(atPath: dir.appendingPathComponent(seedFileName).path)
        }.map { $0.appendingPathComponent(seedFileName).path }
        if let explicit, !explicit.isEmpty {
            return CorpusLocation(path: URL(fileURLWithPath: explicit, relativeTo: base).path, source: .option, seed: seed)
        }
        if let fromEnvironment = environment["DUET_CORPUS"], !fromEnvironment.isEmpty {
            return CorpusLocation(path: URL(fileURLWithPath: fromEnvironment, relativeTo: base).path, source: .environment, seed: seed)
        }
        if let root = findUpwards(from: base, where: { dir in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: dir.appendingPathComponent(seedFileName).path)
                || (FileManager.default.fileExists(atPath: dir.appendingPathComponent("parity").path, isDirectory: &isDirectory) && isDirectory.boolValue)
        }) {
            return CorpusLocation(path: root.appendingPathComponent(fileName).path, source: .repository, seed: seed)
        }
        return CorpusLocation(path: base.appendingPathComponent(fileName).path, source: .workingDirectory, seed: seed)
    }

    private static func findUpwards(from start: URL, where matches: (URL) -> Bool) -> URL? {
        var directory = start.standardizedFileURL
        while true {
            if matches(directory) { return directory }
            let parent = directory.deletingLastPathComponent()
            if parent.path == directory.path { return nil }
            directory = parent
        }
    }
}
