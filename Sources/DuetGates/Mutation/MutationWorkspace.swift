import Foundation
import Duet
import DuetCorpus

/// The copy of the repository that mutants are written and built in, so the working tree is
/// never touched: a kill at any moment leaves the sources as they were, and at worst a mutated
/// copy that the next `sync()` puts right.
///
/// The copy holds files, never links: a link in the repository to a file is copied as that
/// file's bytes, a link to a folder is not copied (the copy would otherwise reach outside), and
/// every write goes through `ConfinedFolder`, which follows no link below the copy's root — so
/// nothing is ever written outside it, whatever links the repository or an old copy holds.
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
    private let files: ConfinedFolder
    /// Links of the repository the last `sync()` did not copy: to a folder, to nothing, or to something other than a file.
    private(set) var linksNotCopied: [String] = []

    private static let listName = ".duet-mutate-files"

    init(repository: String, copy: String) throws {
        self.repository = repository
        self.copy = copy
        files = ConfinedFolder(root: copy)
        do {
            try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        } catch {
            throw FileProblem.error("cannot create the mutation workspace", copy, error)
        }
        let descriptor = open(copy + "/.duet-mutate.lock", O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileProblem.error("cannot open the lock of the mutation workspace", copy + "/.duet-mutate.lock", errno: errno) }
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
        let sources = try Self.sourceFiles(of: repository, excluding: copy)
        let previous = Set(files.read(Self.listName).map { String(decoding: $0, as: UTF8.self).split(separator: "\0").map(String.init) } ?? [])
        var written = 0, copied: [String] = []
        linksNotCopied = []
        for relative in sources {
            guard let source = Self.copyableBytes(repository + "/" + relative) else { linksNotCopied.append(relative); continue }
            copied.append(relative)
            if files.read(relative) == source.bytes { continue }
            try files.write(relative, source.bytes, mode: source.mode, replacingLinks: true)
            written += 1
        }
        for gone in previous.subtracting(copied) { files.remove(gone) }
        try files.write(Self.listName, Array(copied.joined(separator: "\0").utf8), replacingLinks: true)
        return written
    }

    /// Writes `bytes` over a file of the copy (a mutant, or the original put back); a link on its
    /// path is refused, never followed.
    func write(_ relative: String, _ bytes: [UInt8]) throws {
        try files.write(relative, bytes, mode: Self.mode(of: repository + "/" + relative) ?? 0o644, replacingLinks: false)
    }

    /// The first component of `relative` (a row's file) that is a symbolic link in the
    /// repository, `Sources/link` of `Sources/link/t.swift`; nil when the path holds none.
    static func symbolicLink(on relative: String, in repository: String) -> String? {
        var prefix = ""
        for component in relative.split(separator: "/") {
            prefix += (prefix.isEmpty ? "" : "/") + component
            var facts = stat()
            guard lstat(repository + "/" + prefix, &facts) == 0 else { return nil }
            if facts.st_mode & S_IFMT == S_IFLNK { return prefix }
        }
        return nil
    }

    /// What the copy holds for the repository's entry at `path`: a file's bytes and permissions,
    /// or those of the file a link names; nil for a link to a folder, to nothing, or to a
    /// non-file (a FIFO would block the read).
    private static func copyableBytes(_ path: String) -> (bytes: [UInt8], mode: mode_t)? {
        var facts = stat()
        guard stat(path, &facts) == 0, facts.st_mode & S_IFMT == S_IFREG, let data = FileManager.default.contents(atPath: path) else { return nil }
        return (Array(data), facts.st_mode & 0o7777)
    }

    private static func mode(of path: String) -> mode_t? {
        var facts = stat()
        return stat(path, &facts) == 0 ? facts.st_mode & 0o7777 : nil
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
