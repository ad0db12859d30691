import Foundation

/// Making staged files durable before they are renamed into place.
///
/// The rule: before any rename, a batch of up to `perFileLimit` files is flushed file by file
/// (`fdatasync`, each file's writeback started as it was written with `sync_file_range` so the
/// flushes find little left to do: only our files, so a small write
/// never waits for other processes' dirty pages); a larger batch by one `syncfs` of its file
/// system, whose cost does not grow with the count (a flush per file costs a disk cache flush each:
/// ~0.15 ms, 40 s for the 266,000 files of a million steps) but which also flushes what other
/// processes wrote there. Where `syncfs` is refused, file by file. Either way a rename is made
/// only after the bytes it names are on the disk.
enum FileFlush {
    static let perFileLimit = 256

    /// Starts writing `descriptor`'s dirty pages to the disk without waiting (a hint: errors show at the flush).
    static func startWriteback(_ descriptor: Int32) {
        _ = syncFileRange?(descriptor, 0, 0, 2)   // SYNC_FILE_RANGE_WRITE
    }

    enum Method: Equatable { case perFile, fileSystem }

    /// Makes the files at `paths` (all on the file system of `folder`) durable, by the rule above.
    @discardableResult
    static func flush(_ paths: [String], onFileSystemOf folder: String) throws -> Method {
        if paths.count > perFileLimit, flushFileSystem(of: folder) { return .fileSystem }
        for path in paths {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
            guard descriptor >= 0 else { throw FileProblem.error("cannot write", path, errno: errno) }
            defer { close(descriptor) }
            guard fdatasync(descriptor) == 0 else { throw FileProblem.error("cannot write", path, errno: errno) }
        }
        return .perFile
    }

    /// One `syncfs` of the file system `folder` is on; false when it could not be done.
    static func flushFileSystem(of folder: String) -> Bool {
        guard let syncfs else { return false }
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return syncfs(descriptor) == 0
    }

    // Glibc declares these only for `_GNU_SOURCE`, which Swift's Glibc module does not set, so
    // they are looked up once by name.
    private static let syncfs: (@convention(c) (Int32) -> Int32)? = symbol("syncfs")
    private static let syncFileRange: (@convention(c) (Int32, Int64, Int64, UInt32) -> Int32)? = symbol("sync_file_range")

    private static func symbol<Function>(_ name: String) -> Function? {
        guard let found = dlsym(dlopen(nil, RTLD_NOW), name) else { return nil }
        return unsafeBitCast(found, to: Function.self)
    }
}
