import Foundation
import Duet

/// Raw reads of corpus files that never drop this process's SQLite locks. POSIX advisory locks
/// belong to the process and the file: closing *any* descriptor on a database file drops every
/// lock this process's SQLite connections hold on it. A raw `open`/`close` beside an open
/// connection (to read a header, or every page before a write) silently let another process's last
/// connection take the file as its own, checkpoint and remove the WAL this process was still
/// using: SQLite then read a half-written or vanished WAL and reported the corpus malformed.
///
/// ```swift
/// let header = UnlockingSafeReads.read("corpus.db") { descriptor in pread(descriptor, &bytes, 100, 0) }
/// ```
///
/// So a descriptor is closed only when no `Database` of this process has the file open and no
/// other read is using it; otherwise it is kept until the last connection on the file closes
/// (`connectionOpened`/`connectionClosed`). A long-lived process (the MCP server, a test run)
/// thus holds no descriptor on a corpus it no longer uses — not on a WAL SQLite deleted, nor on a
/// file whose folder is to be unmounted. Files are told apart by device and inode, so a file
/// replaced at the same path gets its own.
enum UnlockingSafeReads {
    struct FileID: Hashable, Sendable { var device: UInt64; var inode: UInt64 }

    private struct State {
        /// The first is the one reads use; a second is one another thread opened at the same moment.
        var descriptors: [FileID: [Int32]] = [:]
        var reading: [FileID: Int] = [:]
        var connections: [FileID: Int] = [:]

        /// Closes the kept descriptor of `id` once nothing needs it.
        mutating func closeIfUnused(_ id: FileID) {
            guard reading[id, default: 0] == 0, connections[id, default: 0] == 0, let kept = descriptors.removeValue(forKey: id) else { return }
            reading[id] = nil
            kept.forEach { close($0) }
        }
    }

    private static let state = Locked(State())

    /// Runs `body` with a read-only descriptor on the file now at `path` (never close it); nil
    /// when the file cannot be opened.
    static func read<T>(_ path: String, _ body: (Int32) throws -> T) rethrows -> T? {
        guard let (id, descriptor) = acquire(path) else { return nil }
        defer { state.withLock { $0.reading[id, default: 1] -= 1; $0.closeIfUnused(id) } }
        return try body(descriptor)
    }

    /// Tells that a connection of this process opened the file at `path`; nil for a file it cannot see.
    static func connectionOpened(_ path: String) -> FileID? {
        guard let id = fileID(path) else { return nil }
        state.withLock { $0.connections[id, default: 0] += 1 }
        return id
    }

    /// Tells that the connection `connectionOpened` answered `id` for has closed.
    static func connectionClosed(_ id: FileID) {
        state.withLock { current in
            current.connections[id, default: 1] -= 1
            if current.connections[id] == 0 { current.connections[id] = nil }
            current.closeIfUnused(id)
        }
    }

    private static func acquire(_ path: String) -> (FileID, Int32)? {
        if let id = fileID(path), let kept = state.withLock({ current -> Int32? in
            guard let kept = current.descriptors[id]?.first else { return nil }
            current.reading[id, default: 0] += 1
            return kept
        }) { return (id, kept) }
        let opened = open(path, O_RDONLY | O_CLOEXEC)
        guard opened >= 0 else { return nil }
        var actual = stat()
        guard fstat(opened, &actual) == 0 else { close(opened); return nil }
        let id = FileID(device: UInt64(actual.st_dev), inode: UInt64(actual.st_ino))
        return state.withLock { current in
            current.reading[id, default: 0] += 1
            // Another thread may have opened the same file meanwhile: both stay open (closing one drops locks).
            current.descriptors[id, default: []].append(opened)
            return (id, current.descriptors[id]![0])
        }
    }

    private static func fileID(_ path: String) -> FileID? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }
}
