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
            let batch = TreeWriteBatch(expected: fixtures.count)
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
            try track(written)
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
    /// one transaction. A malformed file throws `InputError` (file:line:column) before any file of record
    /// changes (the copies staged so far are removed).
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
            // Each copy is written from the bytes the import reads, on the thread that reads them, while
            // this thread indexes; the copies are made durable together (`TreeWriteBatch.publish`) before
            // the commit, and their stamps stored. A file already at its place in the tree is not copied.
            let root = URL(fileURLWithPath: directory).standardizedFileURL.path
            let treeRoot = URL(fileURLWithPath: tree.root).standardizedFileURL.path
            let mayBeInPlace = (root + "/").hasPrefix(treeRoot + "/") || (treeRoot + "/").hasPrefix(root + "/")
            var destinations = try fixtureFilePaths(for: files.map(\.name), tree: tree)
            var inPlace: [(name: String, path: String)] = []
            if mayBeInPlace {
                let paths = destinations
                destinations.removeAll(keepingCapacity: true)
                for file in files {
                    guard let destination = paths[file.name] else { continue }
                    if URL(fileURLWithPath: destination).standardizedFileURL.path == file.path {
                        inPlace.append(file)
                    } else {
                        destinations[file.name] = destination
                    }
                }
            }
            let batch = TreeWriteBatch(expected: destinations.count)
            defer { batch.discard() }
            let (summary, hashes, copied) = try importFiles(files, manifestStructures: manifestStructures,
                                                            copies: FileCopies(batch: batch, destinations: destinations), progress: progress)
            // The stamps are stored while the copies are flushed: rows of this transaction, which
            // commits only after the files are in place (or rolls back with them). Measured before
            // the files are in place, a stamp is at most more often racy.
            let flush = batch.beginFlush()
            let now = FileStamp.nowNanoseconds()
            var stamps: [TrackedFile] = []
            stamps.reserveCapacity(files.count)
            for file in files {
                guard let destination = destinations[file.name], let stamp = copied[file.name], let hash = hashes[file.name] else { continue }
                stamps.append(TrackedFile(path: tree.relative(destination), kind: .fixture, name: file.name, stamp: stamp, hash: hash,
                                          racy: stamp.isRacy(now: now)))
            }
            for file in inPlace {
                guard let stamp = FileStamp.of(file.path), let hash = hashes[file.name] else { continue }
                stamps.append(TrackedFile(path: tree.relative(file.path), kind: .fixture, name: file.name, stamp: stamp, hash: hash,
                                          racy: stamp.isRacy(now: now)))
            }
            try track(stamps)
            try batch.publish(after: flush)
            return summary
        } } }
    }
}
