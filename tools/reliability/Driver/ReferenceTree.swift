import Foundation

extension Workspace {
    /// A tree of the reference app: its fixtures, its seed and a manifest naming the built runner.
    func referenceTree(in folder: URL, named name: String) throws -> URL {
        let tree = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: tree.appendingPathComponent("parity"), withIntermediateDirectories: true)
        let package = seed.deletingLastPathComponent()
        try FileManager.default.copyItem(at: package.appendingPathComponent("parity/fixtures"), to: tree.appendingPathComponent("parity/fixtures"))
        try FileManager.default.copyItem(at: seed, to: tree.appendingPathComponent("corpus.db.seed"))
        try Data("runners:\n  swift: '\(memoryLaneRunner)'\n".utf8).write(to: tree.appendingPathComponent("parity/manifest.yaml"))
        return tree
    }
}
