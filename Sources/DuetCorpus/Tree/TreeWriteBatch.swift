import Foundation
import Duet

/// Many files of record made durable together: each is written to a temporary file beside its
/// target (`TemporaryFileName`), then one flush of the file system (`syncfs`) makes them all
/// durable, then each is renamed into place and each folder is flushed once. A kill leaves every
/// target either as it was or whole, and at most some temporary files, which the next verb sweeps
/// (`TemporaryFileSweep`). One `fsync` per file (what `AtomicFile` does for a single file) made a
/// 26,000-file import spend most of its time waiting for the disk.
///
/// ```swift
/// var batch = TreeWriteBatch()
/// let stamp = try batch.stage(bytes, to: "/repo/parity/fixtures/a.fixture.json")   // the stamp the file will have
/// try batch.publish()        // or batch.discard() when the transaction that needs the files fails
/// ```
struct TreeWriteBatch {
    private var staged: [(temporary: String, target: String)] = []
    private var folders: Set<String> = []
    /// A descriptor on the file system being written, for `syncfs`.
    private var anyFolder: String?

    var isEmpty: Bool { staged.isEmpty }
    var count: Int { staged.count }

    /// Writes `bytes` to a temporary file beside `path` (not yet flushed) and returns the stamp the
    /// file will carry once renamed (a rename keeps inode, size and mtime).
    mutating func stage(_ bytes: [UInt8], to path: String) throws -> FileStamp {
        let folder = (path as NSString).deletingLastPathComponent
        if !folders.contains(folder) {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw FileProblem.error("cannot create the folder of", path, error)
            }
            folders.insert(folder)
            anyFolder = anyFolder ?? folder
        }
        let temporary = TemporaryFileName.beside(path)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw FileProblem.error("cannot write", path, errno: errno) }
        staged.append((temporary, path))
        defer { close(descriptor) }
        guard DescriptorWrite.all(bytes, to: descriptor) else { throw FileProblem.error("cannot write", path, errno: errno) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, let stamp = FileStamp(info) else { throw FileProblem.error("cannot write", path, errno: errno) }
        return stamp
    }

    /// Flushes every staged file at once, renames each into place, then flushes each folder once.
    /// On a failure the files not yet renamed are removed; those renamed are whole.
    mutating func publish() throws {
        guard !staged.isEmpty else { return }
        defer { discard() }
        try flushStagedFiles()
        while let (temporary, target) = staged.first {
            guard rename(temporary, target) == 0 else { throw FileProblem.error("cannot move into place", target, errno: errno) }
            staged.removeFirst()
        }
        for folder in folders { StagedOutput.syncFolder(folder) }
    }

    /// Removes the temporary files not yet renamed.
    mutating func discard() {
        for (temporary, _) in staged { unlink(temporary) }
        staged.removeAll()
    }

    /// One `syncfs` of the file system the files are on; where that is refused, an `fsync` per file.
    private func flushStagedFiles() throws {
        if let anyFolder {
            let descriptor = open(anyFolder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if descriptor >= 0 {
                defer { close(descriptor) }
                if FileSystemFlush.syncfs(descriptor) == 0 { return }
            }
        }
        for (temporary, _) in staged {
            let descriptor = open(temporary, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
            guard descriptor >= 0 else { throw FileProblem.error("cannot write", temporary, errno: errno) }
            defer { close(descriptor) }
            guard fsync(descriptor) == 0 else { throw FileProblem.error("cannot write", temporary, errno: errno) }
        }
    }
}

/// `syncfs(2)`: flushes every file of one file system. Glibc declares it only for `_GNU_SOURCE`,
/// which Swift's Glibc module does not set, so it is looked up once by name.
enum FileSystemFlush {
    private typealias Function = @convention(c) (Int32) -> Int32

    private static let function: Function? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "syncfs") else { return nil }
        return unsafeBitCast(symbol, to: Function.self)
    }()

    /// 0 when every file of the file system `descriptor` is on was flushed; -1 when it was not, or
    /// `syncfs` is missing (the caller then flushes file by file).
    static func syncfs(_ descriptor: Int32) -> Int32 {
        function?(descriptor) ?? -1
    }
}
