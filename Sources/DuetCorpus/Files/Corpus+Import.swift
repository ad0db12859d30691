import Foundation
import Duet

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
    public func importFixtures(from directory: String, manifestStructures: [String: [String: String]] = [:],
                               progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws -> FixtureWriteSummary {
        try importFixtures(from: directory, manifestStructures: manifestStructures, reading: .compact, progress: progress)
    }

    /// `reading: .trees` reads every file as a tree (the reference the compact reading is checked against).
    @discardableResult
    func importFixtures(from directory: String, manifestStructures: [String: [String: String]],
                        reading: ParsedFixtureFile.Reading,
                        progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws -> FixtureWriteSummary {
        let files = try FixtureFiles.find(in: directory)
        // Every reference the import writes points at a row it wrote or found in the same transaction,
        // so foreign-key probes per row buy nothing here (tests check `foreign_key_check` stays empty).
        return try database.withoutForeignKeyEnforcement { try database.withTemporaryFilesInMemory { try write {
            let structures = try manifestOnlyStructures(manifestStructures)
            if !structures.isEmpty { try setStructures(manifestStructures: structures) }
            var writer = try FixtureWriter(corpus: self)
            var summary = FixtureWriteSummary()
            var done = 0
            var knownHashes: [String: [UInt8]] = [:]
            try database.cachedStatement("SELECT name, source_hash FROM fixtures WHERE source_hash IS NOT NULL").forEachRow { row in
                knownHashes[row.text(at: 0) ?? ""] = row.blob(at: 1)
            }
            try ParsedFixtureFile.forEachBatch(files, knownHashes: knownHashes, plans: writer.indexer.plans, reading: reading) { batch in
                for file in batch {
                    switch file.content {
                    case .unchanged: summary.unchanged.append(file.name)
                    case .failed(let error): throw error
                    case .fixture(let fixture):
                        summary.record(try writer.write(fixture, sourceHash: file.hash), name: file.name, steps: fixture.fixture.steps.count)
                    }
                }
                done += batch.count
                progress?(done, files.count)
            }
            try writer.flush()
            if !summary.replaced.isEmpty { try collectGarbage() }
            return summary
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
