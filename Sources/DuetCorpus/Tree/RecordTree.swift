import Foundation
import Duet
import DuetFixtures

/// The files of record of one checkout: `parity/fixtures/*.fixture.json` and `parity/milestones/*.json`
/// under a root folder. The corpus is their index (`Corpus.sync(with:)`).
///
/// ```swift
/// let tree = RecordTree.locate(from: FileManager.default.currentDirectoryPath)   // nearest folder holding parity/
///     ?? RecordTree(root: FileManager.default.currentDirectoryPath)              // where a first write creates it
/// tree.fixturesDirectory   // "/repo/parity/fixtures"
/// ```
public struct RecordTree: Sendable, Equatable {
    /// The folder holding `parity/`.
    public var root: String

    public init(root: String) { self.root = URL(fileURLWithPath: root).standardizedFileURL.path }

    public static let parityFolder = "parity"
    public static let fixturesFolder = "parity/fixtures"
    public static let milestonesFolder = "parity/milestones"
    public static let milestoneSuffix = ".json"
    /// Recordings waiting for review (`duet pending`): git-ignored, kept beside the fixtures of record.
    public static let pendingFolder = "parity/.pending"

    public var fixturesDirectory: String { absolute(Self.fixturesFolder) }
    public var milestonesDirectory: String { absolute(Self.milestonesFolder) }
    public var pendingDirectory: String { absolute(Self.pendingFolder) }

    /// The nearest folder, walking up from `directory`, that holds a `parity/` folder; nil when none does.
    public static func locate(from directory: String) -> RecordTree? {
        var current = URL(fileURLWithPath: directory).standardizedFileURL
        while true {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: current.appendingPathComponent(parityFolder).path, isDirectory: &isDirectory),
               isDirectory.boolValue {
                return RecordTree(root: current.path)
            }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { return nil }
            current = parent
        }
    }

    /// `relative` (as stored in `tree_files`) under the root.
    public func absolute(_ relative: String) -> String {
        root.hasSuffix("/") ? root + relative : root + "/" + relative
    }

    /// `path` relative to the root when it lies below it.
    public func relative(_ path: String) -> String {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// Where a fixture without a file yet is written.
    func newFixturePath(for name: String) throws -> String {
        absolute(Self.fixturesFolder + "/" + (try fileName(forFixture: name)))
    }

    func milestonePath(for name: String) throws -> String {
        try MilestoneName.check(name)
        return absolute(Self.milestonesFolder + "/" + name + Self.milestoneSuffix)
    }

    private func fileName(forFixture name: String) throws -> String {
        do { return try Fixture.fileName(for: name) } catch { throw InputError(file: Self.fixturesFolder, message: error.description) }
    }
}

/// Milestone names become file names: `NameRule`'s words.
enum MilestoneName {
    static func check(_ name: String) throws {
        do { try NameRule.check(name, as: .milestone) } catch {
            throw InputError(file: RecordTree.milestonesFolder, message: "milestone name \"\(error.escapedName)\" \(error.reason)", fix: error.fix)
        }
    }
}
