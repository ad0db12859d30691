import Foundation
import Duet

/// A file a verb writes only when it succeeds. Made before the work as an empty hidden file
/// beside its place (`.NAME.duet-PID-N.tmp`), so a folder that does not exist, is read-only or is
/// not writable stops the verb before it stores anything; filled, flushed and renamed into place
/// by `publish`; removed if the verb ends without publishing. A kill leaves at most the hidden
/// file, never a half-written target.
///
/// ```swift
/// let junit = try StagedOutput(path: "/ci/out/verify.xml")     // InputError now if /ci/out does not exist
/// let outcome = try workflow.run()
/// try junit.publish(Array(xml.utf8))                           // the target appears whole, or not at all
/// ```
public final class StagedOutput {
    public let path: String
    private let temporary: String
    private var descriptor: Int32
    private var published = false

    /// `creatingFolder`: files of record make their folder (`parity/fixtures`); a file the user
    /// named must be put in a folder that exists.
    public init(path: String, creatingFolder: Bool = false) throws {
        self.path = path
        let folder = (path as NSString).deletingLastPathComponent
        if creatingFolder {
            do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
                throw FileProblem.error("cannot create the folder of", path, error)
            }
        }
        var facts = stat()
        if stat(path, &facts) == 0, facts.st_mode & S_IFMT == S_IFDIR { throw FileProblem.error("cannot write", path, errno: EISDIR) }
        temporary = TemporaryFileName.beside(path)
        descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileProblem.error("cannot write", path, errno: errno) }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        if !published { unlink(temporary) }
    }

    /// Writes `bytes`, flushes them to the disk and moves the file into place (then flushes the folder).
    public func publish(_ bytes: [UInt8]) throws {
        precondition(!published, "an output is published once")
        let ok = DescriptorWrite.all(bytes, to: descriptor) && fsync(descriptor) == 0
        let failure = errno
        close(descriptor)
        descriptor = -1
        guard ok else { unlink(temporary); throw FileProblem.error("cannot write", path, errno: failure) }
        guard rename(temporary, path) == 0 else {
            let failure = errno
            unlink(temporary)
            throw FileProblem.error("cannot move into place", path, errno: failure)
        }
        published = true
        Self.syncFolder((path as NSString).deletingLastPathComponent)
    }

    static func syncFolder(_ folder: String) {
        let descriptor = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }
}
