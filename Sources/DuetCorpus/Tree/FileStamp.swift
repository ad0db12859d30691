import Foundation
import Duet

/// What a `stat` says of a file, the cheap half of "has this file changed since the last sync?".
/// Equal stamps mean unchanged unless the stamp was racy (see `isRacy`).
struct FileStamp: Sendable, Equatable {
    var size: Int64
    var modifiedNanoseconds: Int64
    var inode: Int64

    /// The stamp of a regular file; nil when there is none at `path`.
    static func of(_ path: String) -> FileStamp? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return stamp(info)
    }

    /// The stamp of the regular file `name` in the open folder `folder`.
    static func of(_ name: String, in folder: Int32) -> FileStamp? {
        var info = stat()
        guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        return stamp(info)
    }

    private static func stamp(_ info: stat) -> FileStamp? { FileStamp(info) }


    /// A stamp taken within this long of the file's last change cannot prove the next change:
    /// a write in the same clock tick would leave size and mtime as they were (git's "racy clean").
    static let racyWindowNanoseconds: Int64 = 2_000_000_000

    func isRacy(now: Int64 = FileStamp.nowNanoseconds()) -> Bool {
        now - modifiedNanoseconds < Self.racyWindowNanoseconds
    }

    static func nowNanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }
}

extension FileStamp {
    /// The stamp in a `stat` result; nil unless it describes a regular file.
    init?(_ info: stat) {
        guard (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        self.init(size: Int64(info.st_size),
                  modifiedNanoseconds: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
                  inode: Int64(info.st_ino))
    }
}
