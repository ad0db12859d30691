import Foundation
import Duet

/// Read-only descriptors on corpus files that are never closed. POSIX advisory locks belong to
/// the process and the file: closing *any* descriptor on a database file drops every lock this
/// process's SQLite connections hold on it. A raw `open`/`close` beside an open connection (to
/// read a header, or every page before a write) silently let another process's last connection
/// take the file as its own, checkpoint and remove the WAL this process was still using: SQLite
/// then read a half-written or vanished WAL and reported the corpus malformed.
///
/// ```swift
/// guard let descriptor = UnlockingSafeReads.descriptor("corpus.db") else { return nil }
/// pread(descriptor, &header, 100, 0)      // never close(descriptor)
/// ```
///
/// One descriptor is kept per file (by device and inode), so a file replaced at the same path
/// gets its own; a process opens a handful of corpora, so the descriptors kept stay few.
enum UnlockingSafeReads {
    private struct FileID: Hashable { var device: UInt64; var inode: UInt64 }
    private static let held = Locked([FileID: Int32]())

    /// A read-only descriptor on the file now at `path`, or nil when it cannot be opened.
    static func descriptor(_ path: String) -> Int32? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        if let kept = held.withLock({ $0[FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))] }) { return kept }
        let opened = open(path, O_RDONLY | O_CLOEXEC)
        guard opened >= 0 else { return nil }
        var actual = stat()
        guard fstat(opened, &actual) == 0 else { return opened }
        let id = FileID(device: UInt64(actual.st_dev), inode: UInt64(actual.st_ino))
        // Another thread may have opened the same file meanwhile: both stay open (closing one drops locks).
        return held.withLock { kept in
            if let earlier = kept[id] { return earlier }
            kept[id] = opened
            return opened
        }
    }
}
