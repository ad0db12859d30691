import Foundation
import Duet

/// The copy of the repository that mutants are written and built in, so the working tree is
/// never touched: a kill at any moment leaves the sources as they were, and at worst a mutated
/// copy that the next `sync()` puts right.
///
/// The copy persists (default `.build/duet-mutate` under the repository) so that each rebuild is
/// incremental: `sync()` rewrites only files whose bytes differ from the repository's, and a
/// mutated file is written back with a fresh modification time, which every build tool notices.
/// One drill at a time holds the copy (an exclusive lock on `.duet-mutate.lock`).
///
/// ```swift
/// let workspace = try MutationWorkspace(repository: "/repo", copy: "/repo/.build/duet-mutate")
/// try workspace.sync()
/// try workspace.write("Sources/App/Feature.swift", mutated)
/// ```
final class MutationWorkspace {
    let repository: String
    let copy: String
    private let lock: Int32

    private static let listName = ".duet-mutate-files"

    init(repository: String, copy: String) throws {
        self.repository = repository
        self.copy = copy
        do {
            try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        } catch {
            throw EnvironmentError("cannot create the mutation workspace \(copy): \(error.localizedDescription)", fix: "pass --workspace DIR")
        }
        let descriptor = open(copy + "/.duet-mutate.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw EnvironmentError("cannot open the lock of \(copy)", fix: "check the folder's permissions") }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw EnvironmentError("another `duet mutate` is using \(copy)", fix: "wait for it, or pass --workspace DIR")
        }
        lock = descriptor
    }

    deinit {
        flock(lock, LOCK_UN)
        close(lock)
    }

    func path(_ relative: String) -> String { copy + "/" + relative }

    /// Makes the copy equal to the repository's sources; returns how many files were written.
    @discardableResult
    func sync() throws -> Int {
        let files = try Self.sourceFiles(of: repository, excluding: copy)
        let previous = Set((try? String(contentsOfFile: path(Self.listName), encoding: .utf8))?.split(separator: "\0").map(String.init) ?? [])
        var written = 0
        for relative in files {
            if try copyIfChanged(relative) { written += 1 }
        }
        for gone in previous.subtracting(files) { try? FileManager.default.removeItem(atPath: path(gone)) }
        try Data(files.joined(separator: "\0").utf8).write(to: URL(fileURLWithPath: path(Self.listName)))
        return written
    }

    /// Writes `bytes` over a file of the copy (a mutant, or the original put back).
    func write(_ relative: String, _ bytes: [UInt8]) throws {
        let target = path(relative)
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: target))
        } catch {
            throw EnvironmentError("cannot write \(target): \(error.localizedDescription)", fix: "check the workspace's permissions")
        }
    }

    private func copyIfChanged(_ relative: String) throws -> Bool {
        let source = repository + "/" + relative, target = path(relative)
        let manager = FileManager.default
        if let destination = try? manager.destinationOfSymbolicLink(atPath: source) {
            if (try? manager.destinationOfSymbolicLink(atPath: target)) == destination { return false }
            try? manager.removeItem(atPath: target)
            try manager.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try manager.createSymbolicLink(atPath: target, withDestinationPath: destination)
            return true
        }
        guard let bytes = manager.contents(atPath: source) else { return false }
        if manager.contents(atPath: target) == bytes { return false }
        try manager.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try bytes.write(to: URL(fileURLWithPath: target))
        if let permissions = try? manager.attributesOfItem(atPath: source)[.posixPermissions] {
            try? manager.setAttributes([.posixPermissions: permissions], ofItemAtPath: target)
        }
        return true
    }

    /// The files of the repository that are sources: what git tracks or would track (ignored
    /// files such as build products are not copied); without git, every file outside dot-folders
    /// and `.build`.
    static func sourceFiles(of repository: String, excluding copy: String) throws -> [String] {
        let inside = copy.hasPrefix(repository + "/") ? String(copy.dropFirst(repository.count + 1)) + "/" : nil
        let listed = gitFiles(repository) ?? walk(repository)
        return listed.filter { relative in
            if let inside, relative.hasPrefix(inside) { return false }
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: repository + "/" + relative, isDirectory: &isDirectory)
            return (exists && !isDirectory.boolValue) || (try? FileManager.default.destinationOfSymbolicLink(atPath: repository + "/" + relative)) != nil
        }.sorted()
    }

    private static func gitFiles(_ repository: String) -> [String]? {
        guard FileManager.default.fileExists(atPath: repository + "/.git") else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", repository, "ls-files", "-z", "--cached", "--others", "--exclude-standard"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: "\0").map(String.init)
    }

    private static func walk(_ repository: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: repository) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if enumerator.fileAttributes?[.type] as? FileAttributeType == .typeDirectory {
                if name.hasPrefix(".") || name == "build" { enumerator.skipDescendants() }
                continue
            }
            if !name.hasPrefix("corpus.db") { files.append(relative) }
        }
        return files
    }
}
