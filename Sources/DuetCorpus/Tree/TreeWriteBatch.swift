import Foundation
import Duet

/// Many files of record made durable together: each is written to a temporary file beside its
/// target (`TemporaryFileName`), then the staged files are flushed (`FileFlush`), then each is
/// renamed into place and each folder is flushed once. A folder that does not exist yet is staged
/// whole instead: its files are written under their own names into a temporary folder beside it,
/// which one rename puts in place (a first import into a new tree made 26,500 renames, a sixth of
/// its time). A kill leaves every target either as it was or whole, and at most some temporary
/// files or one temporary folder, which the next verb sweeps (`TemporaryFileSweep`). One `fsync`
/// per file, each waited for before the next file was written, made a 26,000-file import spend most
/// of its time waiting for the disk.
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
    private struct Staged: Sendable {
        var temporary: String
        var target: String
        /// Written into its folder's temporary folder: in place once that folder is.
        var inStagedFolder: Bool
    }
    private struct State: Sendable {
        var staged: [Staged] = []
        /// Every target folder, created or staged.
        var folders: Set<String> = []
        /// Target folder → the temporary folder standing for it until `publish`.
        var stagedFolders: [String: String] = [:]
    }
    private let state = Locked(State())
    /// Held while a file is created: creations in one folder take the folder's lock in the kernel
    /// anyway, and a thread waiting there spins on a core (`rwsem_spin_on_owner`, 9–16 % of a
    /// 26,500-file import's samples) that the writer thread indexing meanwhile needs; here it sleeps.
    private let creating = Locked(())
    /// Whether each file's writeback is started as it is staged: only for a batch flushed file by
    /// file (`FileFlush`), where it is what makes each `fdatasync` short. A batch flushed by one
    /// `syncfs` has its writeback run in the background every few megabytes instead (started per
    /// file, it slowed the creation of the next files).
    private let startsWriteback: Bool
    private let writeback: BackgroundWriteback?

    /// `expected`: about how many files will be staged (nil: few).
    init(expected: Int? = nil) {
        startsWriteback = (expected ?? 0) <= FileFlush.perFileLimit
        writeback = startsWriteback ? nil : BackgroundWriteback()
    }

    var isEmpty: Bool { state.withLock { $0.staged.isEmpty } }
    var count: Int { state.withLock { $0.staged.count } }

    /// Writes `bytes` to a temporary file beside `path` (or under its own name into its folder's
    /// temporary folder), starts its writeback (not waited for) and returns the stamp the file will
    /// carry once in place (a rename keeps inode, size and mtime). The temporary file is the batch's
    /// from its creation, so `discard` removes it whatever happens next.
    func stage(_ bytes: [UInt8], to path: String) throws -> FileStamp {
        let folder = (path as NSString).deletingLastPathComponent
        let stagedFolder = try state.withLock { try Self.prepare(folder, for: path, in: &$0) }
        let temporary = stagedFolder.map { $0 + "/" + (path as NSString).lastPathComponent } ?? TemporaryFileName.beside(path)
        let flags = O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW
        let (descriptor, again) = creating.withLock { _ in
            let descriptor = open(temporary, flags, 0o644)
            // The same target staged twice into a temporary folder: the later bytes win, as a later rename would.
            guard descriptor < 0, errno == EEXIST, stagedFolder != nil, unlink(temporary) == 0 else { return (descriptor, false) }
            return (open(temporary, flags, 0o644), true)
        }
        guard descriptor >= 0 else { throw FileProblem.error("cannot write", path, errno: errno) }
        if !again { state.withLock { $0.staged.append(Staged(temporary: temporary, target: path, inStagedFolder: stagedFolder != nil)) } }
        defer { close(descriptor) }
        guard DescriptorWrite.all(bytes, to: descriptor) else { throw FileProblem.error("cannot write", path, errno: errno) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, let stamp = FileStamp(info) else { throw FileProblem.error("cannot write", path, errno: errno) }
        if startsWriteback { FileFlush.startWriteback(descriptor) } else { writeback?.staged(bytes.count, in: stagedFolder ?? folder) }
        return stamp
    }

    /// On the first file for `folder`: creates it when it exists in part (its parents), or stages it
    /// whole when it does not exist; returns the temporary folder standing for it, if any.
    private static func prepare(_ folder: String, for path: String, in state: inout State) throws -> String? {
        if state.folders.contains(folder) { return state.stagedFolders[folder] }
        var info = stat()
        let absent = stat(folder, &info) != 0 && errno == ENOENT
        let parent = (folder as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: absent ? parent : folder, withIntermediateDirectories: true)
        } catch {
            throw FileProblem.error("cannot create the folder of", path, error)
        }
        state.folders.insert(folder)
        guard absent else { return nil }
        let staged = TemporaryFileName.beside(folder)
        guard mkdir(staged, 0o755) == 0 else { throw FileProblem.error("cannot create the folder of", path, errno: errno) }
        state.stagedFolders[folder] = staged
        return staged
    }

    /// The flush of the files staged so far, run on another thread so that the owner can meanwhile
    /// do what does not need the files in place (an import stores their stamps: ~0.1 s for 2,653
    /// files, as long as the flush). Nothing may be staged after it began.
    final class Flush: Sendable {
        private let outcome = Locked<Result<Void, any Error>?>(nil)
        fileprivate let count: Int

        fileprivate init(_ paths: [String]) {
            count = paths.count
            guard !paths.isEmpty else { outcome.withLock { $0 = .success(()) }; return }
            DispatchQueue.global().async { [outcome] in
                let result = Result { try TreeWriteBatch.flush(paths) }
                outcome.withLock { $0 = result.map { _ in } }
            }
        }

        fileprivate func wait() throws { try outcome.wait(until: { $0 != nil }) { $0! }.get() }
    }

    func beginFlush() -> Flush { Flush(state.withLock { $0.staged.map(\.temporary) }) }

    /// Flushes every staged file (or waits for `flush`), puts each staged folder in place by one
    /// rename (file by file when the folder appeared meanwhile) and renames each other file into
    /// place, then flushes each folder once. On a failure the files not yet in place are removed;
    /// those in place are whole.
    func publish(after flush: Flush? = nil) throws {
        let (staged, folders, stagedFolders) = state.withLock { ($0.staged, $0.folders, $0.stagedFolders) }
        defer { discard() }
        if let flush {
            try flush.wait()
            precondition(flush.count == staged.count, "a file was staged after the flush began")
        }
        guard !staged.isEmpty else { return }
        if flush == nil { try Self.flush(staged.map(\.temporary)) }
        var renamed = 0
        defer { state.withLock { $0.staged.removeFirst(min(renamed, $0.staged.count)) } }
        for (folder, temporary) in stagedFolders where rename(temporary, folder) != 0 {
            // Another writer made the folder first: this batch's files join it one by one.
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for file in staged where file.inStagedFolder && (file.target as NSString).deletingLastPathComponent == folder {
                try Self.moveIntoPlace(file)
            }
            rmdir(temporary)
        }
        for file in staged {
            if !file.inStagedFolder { try Self.moveIntoPlace(file) }
            renamed += 1
        }
        for folder in folders { StagedOutput.syncFolder(folder) }
        for folder in stagedFolders.keys { StagedOutput.syncFolder((folder as NSString).deletingLastPathComponent) }
    }

    /// The staged files (non-empty), all on the file system of the first one's folder, by `FileFlush`'s rule.
    private static func flush(_ paths: [String]) throws {
        _ = try FileFlush.flush(paths, onFileSystemOf: (paths[0] as NSString).deletingLastPathComponent)
    }

    private static func moveIntoPlace(_ file: Staged) throws {
        guard rename(file.temporary, file.target) == 0 else { throw FileProblem.error("cannot move into place", file.target, errno: errno) }
    }

    /// Removes the temporary files not yet renamed and the temporary folders not put in place.
    func discard() {
        let (staged, stagedFolders) = state.withLock { state in
            defer { state.staged.removeAll(); state.stagedFolders.removeAll() }
            return (state.staged, state.stagedFolders)
        }
        for file in staged where !file.inStagedFolder { unlink(file.temporary) }
        for temporary in stagedFolders.values { try? FileManager.default.removeItem(atPath: temporary) }
    }
}
