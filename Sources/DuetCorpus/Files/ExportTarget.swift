import Foundation
import Duet

/// Where `export` may write: a folder that does not exist, is empty, or already holds fixture
/// files (`*.fixture.json`: an export, or a `parity/fixtures`). A folder holding other files and
/// no fixture — `/etc`, a home folder — is refused before anything is written, so a mistyped
/// path never scatters fixtures among someone's files. Hidden entries (`.gitkeep`) do not count.
///
/// ```swift
/// let target = try ExportTarget.inspect("/tmp/fixtures")
/// target.fixtureFiles      // names already there, replaced when the corpus holds them
/// ```
public struct ExportTarget: Sendable, Equatable {
    public var path: String
    /// Fixture files already in the folder.
    public var fixtureFiles: [String]
    /// Other entries, left as they are.
    public var otherEntries: [String]

    public static func inspect(_ path: String) throws -> ExportTarget {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return ExportTarget(path: path, fixtureFiles: [], otherEntries: [])
        }
        guard isDirectory.boolValue else { throw InputError(file: path, message: "exists and is not a folder", fix: "export into a folder") }
        let entries: [String]
        do { entries = try FileManager.default.contentsOfDirectory(atPath: path).filter { !$0.hasPrefix(".") }.sorted() } catch {
            throw FileProblem.error("cannot read the folder", path, error)
        }
        let target = ExportTarget(path: path, fixtureFiles: entries.filter { $0.hasSuffix(".fixture.json") },
                                  otherEntries: entries.filter { !$0.hasSuffix(".fixture.json") })
        if target.fixtureFiles.isEmpty && !target.otherEntries.isEmpty {
            throw InputError(file: path, message: "the folder holds other files (\(NameList.shortened(target.otherEntries.map(NameRule.escaped), limit: 3))) "
                                 + "and no fixture file; export writes only into a new or empty folder, or one that holds fixture files",
                             fix: "export into a new folder")
        }
        return target
    }
}
