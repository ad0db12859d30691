import Foundation
import Duet

/// Many files of record made durable together: each is written to a temporary file beside its
/// target (`TemporaryFileName`), then the staged files are
/// flushed (`FileFlush`), then each is renamed into place and each folder is flushed once. A kill
/// leaves every target either as it was or whole, and at most some temporary files, which the next
/// verb sweeps (`TemporaryFileSweep`). One `fsync` per file, each waited for before the next file
/// was written, made a 26,000-file import spend most of its time waiting for the disk.
///
/// Files may be staged from several threads at once (an import writes each copy on the thread that
/// read and parsed it); `publish` and `discard` belong to the one thread that owns the batch.
///
/// ```swift
/// let batch = TreeWriteBatch()
/// let stamp = try batch.stage(bytes, to: "/repo/parity/fixtures/a.fixture.json")   // the stamp the file will have
/// try batch.publish()        // or batch.discard() when the transaction that needs the files fails
/// ```
final class TreeWriteBatch: Sendable {
    private struct State: Sendable {
        var staged: [(temporary: String, target: String)] = []
        var folders: Set<String> = []
    }
    private let state = Locked(State())
    /// Whether each file's writeback is started as it is staged: only for a batch flushed file by
    /// file (`FileFlush`), where it is what makes each `fdatasync` short; a batch flushed by one
    /// `syncfs` leaves the writeback to it (started per file, it slowed the creation of the next files).
    private let startsWriteback: Bool

    /// `expected`: about how many files will be staged (nil: few).
    init(expected: Int? = nil) { startsWriteback = (expected ?? 0) <= FileFlush.perFileLimit }

    var isEmpty: Bool { state.withLock { $0.staged.isEmpty } }
    var count: Int { state.withLock { $0.staged.count } }

    /// Writes `bytes` to a temporary file beside `path`, starts its writeback (not waited for) and
    /// returns the stamp the file will carry once renamed (a rename keeps inode, size and mtime).
    /// The temporary file is the batch's from its creation, so `discard` removes it whatever happens next.
    func stage(_ bytes: [UInt8], to path: String) throws -> FileStamp {
        let folder = (path as NSString).deletingLastPathComponent
        if !state.withLock({ $0.folders.contains(folder) }) {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw FileProblem.error("cannot create the folder of", path, error)
            }
            state.withLock { _ = $0.folders.insert(folder) }
        }
        let temporary = TemporaryFileName.beside(path)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw FileProblem.error("cannot write", path, errno: errno) }
        state.withLock { $0.staged.append((temporary, path)) }
        defer { close(descriptor) }
        guard DescriptorWrite.all(bytes, to: descriptor) else { throw FileProblem.error("cannot write", path, errno: errno) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, let stamp = FileStamp(info) else { throw FileProblem.error("cannot write", path, errno: errno) }
        if startsWriteback { FileFlush.startWriteback(descriptor) }
        return stamp
    }

    /// Flushes every staged file, renames each into place, then flushes each folder once.
    /// On a failure the files not yet renamed are removed; those renamed are whole.
    func publish() throws {
        let (staged, folders) = state.withLock { ($0.staged, $0.folders) }
        guard !staged.isEmpty else { return }
        defer { discard() }
        try FileFlush.flush(staged.map(\.temporary), onFileSystemOf: folders.first!)
        var renamed = 0
        defer { state.withLock { $0.staged.removeFirst(min(renamed, $0.staged.count)) } }
        for (temporary, target) in staged {
            guard rename(temporary, target) == 0 else { throw FileProblem.error("cannot move into place", target, errno: errno) }
            renamed += 1
        }
        for folder in folders { StagedOutput.syncFolder(folder) }
    }

    /// Removes the temporary files not yet renamed.
    func discard() {
        let staged = state.withLock { state in defer { state.staged.removeAll() }; return state.staged }
        for (temporary, _) in staged { unlink(temporary) }
    }
}
