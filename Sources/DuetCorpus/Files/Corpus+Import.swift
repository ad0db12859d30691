import Foundation
import Duet
import DuetFixtures

extension Corpus {
    /// Imports every `*.fixture.json` below `directory` in one transaction. A malformed file
    /// throws `InputError` (file:line:column) and leaves the corpus unchanged; an unchanged file
    /// is skipped without parsing; a changed one replaces its fixture in place.
    ///
    /// ```swift
    /// let summary = try corpus.importFixtures(from: "parity/fixtures")
    /// summary.inserted.count, summary.replaced.count, summary.unchanged.count
    /// ```
    ///
    /// `manifestStructures` (feature → field → primitive, from `parity/manifest.yaml`) are applied in
    /// the same transaction, for features without a runner-described structure. `progress` is called
    /// on the calling thread with the files written so far and the total, as files are written
    /// (the commit after the last one can take a few seconds more on a large import).
    @discardableResult
    public func importFixtures(from directory: String, manifestStructures: [String: [String: Primitive]] = [:],
                               progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws -> FixtureWriteSummary {
        try importFixtures(from: directory, manifestStructures: manifestStructures, reading: .compact, progress: progress)
    }

    /// `reading: .trees` reads every file as a tree (the reference the compact reading is checked against).
    @discardableResult
    func importFixtures(from directory: String, manifestStructures: [String: [String: Primitive]],
                        reading: ParsedFixtureFile.Reading,
                        progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws -> FixtureWriteSummary {
        let files = try FixtureFiles.find(in: directory)
        return try importFiles(files, manifestStructures: manifestStructures, reading: reading, progress: progress).summary
    }

    /// Imports `files` in one transaction (joining the caller's when there is one) and returns
    /// the content hash of every file read, unchanged ones included, and the stamp of each copy
    /// staged into `copies` (written as each file is read; the caller publishes the batch).
    func importFiles(_ files: [(name: String, path: String)], manifestStructures: [String: [String: Primitive]],
                     reading: ParsedFixtureFile.Reading = .compact, copies: FileCopies? = nil,
                     progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws
        -> (summary: FixtureWriteSummary, hashes: [String: ContentHash], copied: [String: FileStamp]) {
        // Every reference the import writes points at a row it wrote or found in the same transaction,
        // so foreign-key probes per row buy nothing here (tests check `foreign_key_check` stays empty).
        try database.withoutForeignKeyEnforcement { try database.withTemporaryFilesInMemory { try write {
            let structures = try manifestOnlyStructures(manifestStructures)
            if !structures.isEmpty { try setStructures(manifestStructures: structures) }
            var writer = try FixtureWriter(corpus: self)
            var summary = FixtureWriteSummary()
            var hashes: [String: ContentHash] = [:]
            var copied: [String: FileStamp] = [:]
            var done = 0
            // Only the files at hand: a sync of one changed file must not read every fixture's hash.
            var knownHashes: [String: [UInt8]] = [:]
            let known = try database.cachedStatement("SELECT source_hash FROM fixtures WHERE name = ? AND source_hash IS NOT NULL")
            for file in files {
                try known.forEachRow([.text(file.name)]) { row in knownHashes[file.name] = row.blob(at: 0) }
            }
            try ParsedFixtureFile.forEachBatch(files, knownHashes: knownHashes, plans: writer.indexer.plans, reading: reading,
                                                  copies: copies) { batch in
                for file in batch {
                    if let copy = file.copy { copied[file.name] = try copy.stamp() }
                    switch file.content {
                    case .unchanged: summary.unchanged.append(file.name)
                    case .failed(let error): throw error
                    case .fixture(let fixture):
                        summary.record(try writer.write(fixture, sourceHash: file.hash), name: file.name, steps: fixture.fixture.steps.count)
                    }
                    hashes[file.name] = file.hash
                }
                done += batch.count
                progress?(done, files.count)
            }
            try writer.flush()
            try collectGarbage(among: writer.garbage)
            return (summary, hashes, copied)
        } } }
    }

    /// Writes every fixture to `directory` as `<name>.fixture.json` in the pinned pretty form;
    /// `progress` gets the files written so far and the total after each file.
    ///
    /// ```swift
    /// let written = try corpus.exportFixtures(to: "parity/fixtures")   // file count
    /// ```
    ///
    /// The files are written into a temporary folder beside `directory` first, so an export that
    /// fails (a damaged corpus, a full disk) leaves `directory` as it was. A new or empty
    /// `directory` then appears whole, by one rename; into a folder that holds files, each file is
    /// moved in by its own rename.
    @discardableResult
    public func exportFixtures(to directory: String, progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws -> Int {
        let root = URL(fileURLWithPath: directory).standardizedFileURL
        _ = try ExportTarget.inspect(root.path)
        let staging = try ExportStaging(target: root)
        do {
            let total = progress == nil ? 0 : Int(try database.scalarInteger("SELECT count(*) FROM fixtures") ?? 0)
            var written = 0
            try forEachFixture { fixture in
                let fileName: String
                do { fileName = try Fixture.fileName(for: fixture.name) } catch { throw InputError(file: directory, message: "\(error)") }
                try Data(fixture.document.prettyBytes).write(to: staging.folder.appendingPathComponent(fileName))
                written += 1
                progress?(written, total)
            }
            try staging.finish()
            return written
        } catch {
            staging.discard()
            throw error
        }
    }
}
