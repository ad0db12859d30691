import Foundation
import Duet
import DuetFixtures

extension Corpus {
    /// Writes fixtures as files of record (the pinned pretty form, each file whole: `TreeWriteBatch`)
    /// and into the corpus, in one transaction. A crash after a file is renamed into place and
    /// before the commit is repaired by the next sync, which finds the file changed and imports it.
    ///
    /// ```swift
    /// try corpus.recordFixtures([recorded], in: RecordTree(root: "/repo"))   // parity/fixtures/NAME.fixture.json
    /// ```
    @discardableResult
    public func recordFixtures(_ fixtures: [Fixture], in tree: RecordTree) throws -> FixtureWriteSummary {
        try write {
            try adopt(tree)
            var writer = try FixtureWriter(corpus: self)
            var summary = FixtureWriteSummary()
            var batch = TreeWriteBatch()
            defer { batch.discard() }
            var written: [TrackedFile] = []
            for fixture in fixtures {
                let bytes = fixture.document.prettyBytes
                let path = try filePath(kind: .fixture, name: fixture.name, tree: tree)
                let stamp = try batch.stage(bytes, to: path)
                let hash = ContentHash(of: bytes)
                written.append(TrackedFile(path: tree.relative(path), kind: .fixture, name: fixture.name, stamp: stamp, hash: hash,
                                           racy: stamp.isRacy()))
                summary.record(try writer.write(fixture, sourceHash: hash), name: fixture.name, steps: fixture.steps.count)
            }
            try writer.flush()
            try collectGarbage(among: writer.garbage)
            try batch.publish()
            for file in written { try track(file) }
            return summary
        }
    }

    /// Removes fixtures' files of record and their rows, in one transaction.
    public func removeFixtures(named names: [String], from tree: RecordTree) throws {
        try write {
            try adopt(tree)
            for name in names { try removeFile(kind: .fixture, name: name, tree: tree) }
            try collectGarbage(among: try deleteFixtureRows(named: names))
        }
    }

    /// Stamps written for `tree` are only trusted when the corpus follows that tree.
    func adopt(_ tree: RecordTree) throws {
        guard try syncedTreeRoot() == nil else { return }
        try database.execute("INSERT OR REPLACE INTO corpus_meta(key, value) VALUES ('tree.root', ?)", [.text(tree.root)])
    }
}

extension Corpus {
    /// Imports every `*.fixture.json` below `directory` into the tree — each file copied byte for
    /// byte to `parity/fixtures` (or over the file of record of the same name) — and the corpus, in
    /// one transaction. A malformed file throws `InputError` (file:line:column) before any file is copied.
    ///
    /// ```swift
    /// let summary = try corpus.importFixtures(from: "../upstream/parity/fixtures", into: tree)
    /// ```
    @discardableResult
    public func importFixtures(from directory: String, into tree: RecordTree, manifestStructures: [String: [String: Primitive]] = [:],
                               progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws -> FixtureWriteSummary {
        let files = try FixtureFiles.find(in: directory)
        return try database.withoutForeignKeyEnforcement { try database.withTemporaryFilesInMemory { try write {
            try adopt(tree)
            let (summary, hashes) = try importFiles(files, manifestStructures: manifestStructures, progress: progress)
            // The copies are made durable together (one flush, then the renames), then their stamps are stored.
            var batch = TreeWriteBatch()
            defer { batch.discard() }
            var copied: [TrackedFile] = []
            for file in files {
                let destination = try filePath(kind: .fixture, name: file.name, tree: tree)
                if URL(fileURLWithPath: destination).standardizedFileURL.path == URL(fileURLWithPath: file.path).standardizedFileURL.path {
                    guard let stamp = FileStamp.of(file.path), let hash = hashes[file.name] else { continue }
                    try track(TrackedFile(path: tree.relative(file.path), kind: .fixture, name: file.name, stamp: stamp, hash: hash,
                                          racy: stamp.isRacy()))
                    continue
                }
                guard let data = FileManager.default.contents(atPath: file.path) else {
                    throw InputError(file: file.path, message: "cannot read the file again to copy it", fix: "check it is readable")
                }
                let bytes = Array(data)
                let stamp = try batch.stage(bytes, to: destination)
                copied.append(TrackedFile(path: tree.relative(destination), kind: .fixture, name: file.name, stamp: stamp,
                                          hash: hashes[file.name] ?? ContentHash(of: bytes), racy: stamp.isRacy()))
            }
            try batch.publish()
            for file in copied { try track(file) }
            return summary
        } } }
    }
}
