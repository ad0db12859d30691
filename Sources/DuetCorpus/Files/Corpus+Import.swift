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
    /// the same transaction, for features without a runner-described structure.
    @discardableResult
    public func importFixtures(from directory: String, manifestStructures: [String: [String: String]] = [:]) throws -> FixtureWriteSummary {
        let files = try FixtureFiles.find(in: directory)
        return try write {
            let structures = try manifestOnlyStructures(manifestStructures)
            if !structures.isEmpty { try setStructures(manifestStructures: structures) }
            var writer = try FixtureWriter(corpus: self)
            var summary = FixtureWriteSummary()
            for file in files {
                let bytes: [UInt8]
                do {
                    bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file.path)))
                } catch {
                    throw InputError(file: file.path, message: "cannot read: \(error.localizedDescription)")
                }
                let hash = ContentHash(of: bytes)
                if try writer.isUnchanged(name: file.name, sourceHash: hash) {
                    summary.unchanged.append(file.name)
                    continue
                }
                let fixture: Fixture
                do {
                    fixture = try Fixture(name: file.name, document: CanonicalJSON.parse(bytes))
                } catch let error as DialectError {
                    throw InputError(file: file.path, error, fix: "fix the JSON, or re-record the fixture")
                } catch let error as FixtureShapeError {
                    throw FixtureFiles.inputError(error, file: file.path, bytes: bytes)
                }
                summary.record(try writer.write(fixture, sourceHash: hash), name: file.name, steps: fixture.steps.count)
            }
            if !summary.replaced.isEmpty { try collectGarbage() }
            return summary
        }
    }

    /// Writes every fixture to `directory` as `<name>.fixture.json` in the pinned pretty form.
    ///
    /// ```swift
    /// let written = try corpus.exportFixtures(to: "parity/fixtures")   // file count
    /// ```
    @discardableResult
    public func exportFixtures(to directory: String) throws -> Int {
        let root = URL(fileURLWithPath: directory)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        var written = 0
        try forEachFixture { fixture in
            let fileName: String
            do { fileName = try Fixture.fileName(for: fixture.name) } catch { throw InputError(file: directory, message: "\(error)") }
            try Data(fixture.document.prettyBytes).write(to: root.appendingPathComponent(fileName), options: .atomic)
            written += 1
        }
        return written
    }
}
