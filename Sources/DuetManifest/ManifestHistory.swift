import Foundation
import Duet

/// One committed version of the manifest: the commit, its committer date, and what it read as.
public struct ManifestRevision: Sendable {
    public var commit: String
    public var date: Date
    /// nil when the manifest was deleted in this commit (every entry ends there).
    public var manifest: Manifest?
    /// Why the committed file could not be read; such a revision changes nothing.
    public var errors: [ManifestError]
}

/// The git history of `parity/manifest.yaml`, oldest first, read with the `git` the machine has.
///
/// ```swift
/// let revisions = try ManifestHistory.revisions(of: "parity/manifest.yaml")
/// revisions.map { ($0.commit, $0.manifest?.islands.count) }
/// ```
public enum ManifestHistory {
    public static func revisions(of manifestPath: String) throws -> [ManifestRevision] {
        let file = URL(fileURLWithPath: manifestPath).standardizedFileURL
        let directory = file.deletingLastPathComponent().path
        let top = try git(["rev-parse", "--show-toplevel"], in: directory, what: "find the repository")
        let root = String(decoding: top, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let rootURL = URL(fileURLWithPath: root).resolvingSymlinksInPath().standardizedFileURL
        let resolved = file.resolvingSymlinksInPath().path
        guard resolved.hasPrefix(rootURL.path + "/") else {
            throw EnvironmentError("\(manifestPath) is not inside the git repository at \(root)", fix: "run from the repository holding parity/")
        }
        let relative = String(resolved.dropFirst(rootURL.path.count + 1))
        let log = try git(["log", "--format=%H %ct", "--reverse", "--", relative], in: root, what: "read the manifest's history")
        return try String(decoding: log, as: UTF8.self).split(separator: "\n").map { line in
            let parts = line.split(separator: " ")
            guard parts.count == 2, let seconds = TimeInterval(parts[1]) else {
                throw EnvironmentError("git log printed an unexpected line: \(line)")
            }
            let commit = String(parts[0])
            let date = Date(timeIntervalSince1970: seconds)
            guard let bytes = try? git(["show", "\(commit):\(relative)"], in: root, what: "read \(relative) at \(commit)") else {
                return ManifestRevision(commit: commit, date: date, manifest: nil, errors: [])
            }
            let reading = Manifest.read(bytes: bytes, file: "\(relative)@\(commit.prefix(10))")
            return ManifestRevision(commit: commit, date: date, manifest: reading.errors.isEmpty ? reading.manifest : nil, errors: reading.errors)
        }
    }

    /// The file as committed at HEAD, nil when HEAD does not have it.
    public static func headBytes(of manifestPath: String) -> [UInt8]? {
        let directory = URL(fileURLWithPath: manifestPath).standardizedFileURL.deletingLastPathComponent().path
        let name = URL(fileURLWithPath: manifestPath).lastPathComponent
        return try? git(["show", "HEAD:./\(name)"], in: directory, what: "read HEAD")
    }

    /// Runs `git -C directory arguments…` and returns its standard output.
    static func git(_ arguments: [String], in directory: String, what: String) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch {
            throw EnvironmentError("cannot run git to \(what): \(error.localizedDescription)", fix: "install git")
        }
        // Standard error is drained beside standard output, so neither pipe can fill and stall git.
        let errorText = DrainedPipe(errors)
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: errorText.wait(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw EnvironmentError("git could not \(what): \(message.isEmpty ? "exit \(process.terminationStatus)" : message)",
                                   fix: "run from a git checkout of the repository")
        }
        return Array(bytes)
    }
}

/// A pipe read to its end on another thread.
private struct DrainedPipe: Sendable {
    private let drained = Locked<Data?>(nil)
    init(_ pipe: Pipe) {
        let drained = self.drained
        DispatchQueue.global().async {
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            drained.withLock { $0 = data }
        }
    }
    func wait() -> Data { drained.wait(until: { $0 != nil }) { $0! } }
}
