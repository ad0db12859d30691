import Foundation
import Duet

/// Writes, reads and removes files below one folder without ever following a symbolic link:
/// each component is opened with `openat(…, O_NOFOLLOW)` from the folder above it, so a link
/// anywhere on the path — planted before or during the work — cannot carry a write outside.
/// With `replacingLinks` (making a copy equal to its source), a link or a file in the way is
/// removed — the link itself, never what it names — and a real folder or file takes its place;
/// without it, a link on the path is refused.
///
/// ```swift
/// let copy = ConfinedFolder(root: "/repo/.build/duet-mutate")
/// try copy.write("Sources/App/Feature.swift", bytes, replacingLinks: true)   // never through a link
/// copy.read("Sources/App/Feature.swift")                                    // nil when it is a link
/// ```
public struct ConfinedFolder: Sendable {
    /// The folder itself is opened as given (a link to it is the caller's choice); nothing below it is followed.
    public let root: String

    public init(root: String) { self.root = root }

    /// Replaces the file at `relative` with `bytes` (permissions `mode`), creating the folders on its way.
    public func write(_ relative: String, _ bytes: [UInt8], mode: mode_t = 0o644, replacingLinks: Bool) throws {
        let (folder, name) = try openParent(of: relative, creating: true, replacingLinks: replacingLinks)
        defer { close(folder) }
        var descriptor = openat(folder, name, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, mode)
        if descriptor < 0 && (errno == ELOOP || errno == EISDIR) && replacingLinks {
            try removeEntry(name, in: folder, path: relative)
            descriptor = openat(folder, name, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, mode)
        }
        guard descriptor >= 0 else { throw refusal("cannot write", relative, errno) }
        defer { close(descriptor) }
        guard DescriptorWrite.all(bytes, to: descriptor) else { throw refusal("cannot write", relative, errno) }
        _ = fchmod(descriptor, mode)
    }

    /// The bytes of the regular file at `relative`; nil when it is missing, a link, or lies through one.
    public func read(_ relative: String) -> [UInt8]? {
        guard let (folder, name) = try? openParent(of: relative, creating: false, replacingLinks: false) else { return nil }
        defer { close(folder) }
        let descriptor = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var facts = stat()
        guard fstat(descriptor, &facts) == 0, facts.st_mode & S_IFMT == S_IFREG else { return nil }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        return bytes
    }

    /// Removes the entry at `relative` (a link is removed, not followed); nothing when it is gone
    /// or lies through a link.
    public func remove(_ relative: String) {
        guard let (folder, name) = try? openParent(of: relative, creating: false, replacingLinks: false) else { return }
        defer { close(folder) }
        try? removeEntry(name, in: folder, path: relative)
    }

    // MARK: - Walking without following

    /// The open folder holding `relative`'s last component, and that component.
    private func openParent(of relative: String, creating: Bool, replacingLinks: Bool) throws -> (Int32, String) {
        let components = relative.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let name = components.last, !relative.hasPrefix("/"),
              components.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else {
            throw InputError(file: relative, message: "not a path inside \(root)", fix: "name a file relative to the folder, without '..'")
        }
        var folder = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { throw refusal("cannot open", root, errno) }
        for component in components.dropLast() {
            var next = openat(folder, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if next < 0 && creating {
                let cause = errno
                if cause == ELOOP || cause == ENOTDIR {
                    guard replacingLinks else { close(folder); throw refusal("will not write through", relative, ELOOP) }
                    do { try removeEntry(component, in: folder, path: relative) } catch { close(folder); throw error }
                }
                if cause == ENOENT || cause == ELOOP || cause == ENOTDIR {
                    if mkdirat(folder, component, 0o755) != 0 && errno != EEXIST { let e = errno; close(folder); throw refusal("cannot create a folder for", relative, e) }
                    next = openat(folder, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                }
            }
            let cause = errno
            close(folder)
            guard next >= 0 else { throw refusal(cause == ELOOP || cause == ENOTDIR ? "will not write through" : "cannot open", relative, cause) }
            folder = next
        }
        return (folder, name)
    }

    /// Removes one entry of an open folder: a file or link with `unlinkat`, a folder with everything in it.
    private func removeEntry(_ name: String, in folder: Int32, path: String) throws {
        try name.withCString { try removeEntry(cName: $0, in: folder, path: path) }
    }

    private func removeEntry(cName name: UnsafePointer<CChar>, in folder: Int32, path: String) throws {
        if unlinkat(folder, name, 0) == 0 || errno == ENOENT { return }
        guard errno == EISDIR || errno == EPERM else { throw refusal("cannot remove", path, errno) }
        let inner = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard inner >= 0 else { throw refusal("cannot remove", path, errno) }
        guard let stream = fdopendir(inner) else { close(inner); throw refusal("cannot remove", path, errno) }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            // The child's name as the bytes the folder holds (it need not be UTF-8).
            try withUnsafePointer(to: &entry.pointee.d_name) { tuple in
                try tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) { child in
                    if strcmp(child, ".") == 0 || strcmp(child, "..") == 0 { return }
                    try removeEntry(cName: child, in: dirfd(stream), path: path + "/" + String(cString: child))
                }
            }
        }
        guard unlinkat(folder, name, AT_REMOVEDIR) == 0 || errno == ENOENT else { throw refusal("cannot remove", path, errno) }
    }

    private func refusal(_ what: String, _ relative: String, _ code: Int32) -> any Error {
        if code == ELOOP {
            return EnvironmentError("\(what) \(root)/\(relative): the path goes through a symbolic link, and duet writes no file through a link",
                                    fix: "remove the link from \(root)")
        }
        return FileProblem.error(what, relative.hasPrefix("/") ? relative : root + "/" + relative, errno: code)
    }
}
