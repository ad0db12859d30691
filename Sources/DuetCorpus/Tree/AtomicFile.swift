import Foundation
import Duet

/// Writes and removes files of record so that a crash leaves the old file or the new one, never
/// half of one: a temporary file beside the target, fsync, rename, fsync of the folder.
///
/// ```swift
/// try AtomicFile.write(document.prettyBytes, to: "/repo/parity/fixtures/counter.fixture.json")
/// try AtomicFile.remove("/repo/parity/fixtures/gone.fixture.json")
/// ```
public enum AtomicFile {
    public static func write(_ bytes: [UInt8], to path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw EnvironmentError("cannot create \(folder): \(error.localizedDescription)", fix: "check the folder's permissions")
        }
        let temporary = TemporaryFileName.beside(path)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure("cannot create", temporary) }
        var written = 0
        let ok: Bool = bytes.withUnsafeBytes { raw in
            while written < raw.count {
                let count = Foundation.write(descriptor, raw.baseAddress! + written, raw.count - written)
                if count < 0 { if errno == EINTR { continue }; return false }
                written += count
            }
            return fsync(descriptor) == 0
        }
        let error = errno
        close(descriptor)
        guard ok else { unlink(temporary); errno = error; throw failure("cannot write", temporary) }
        guard rename(temporary, path) == 0 else {
            let error = errno
            unlink(temporary)
            errno = error
            throw failure("cannot move into place", path)
        }
        syncFolder(folder)
    }

    /// Removes `path` (nothing when it is already gone) and makes the removal durable.
    public static func remove(_ path: String) throws {
        guard unlink(path) == 0 || errno == ENOENT else { throw failure("cannot remove", path) }
        syncFolder((path as NSString).deletingLastPathComponent)
    }

    static func syncFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        _ = fsync(descriptor)
    }

    private static func failure(_ what: String, _ path: String) -> EnvironmentError {
        EnvironmentError("\(what) \(path): \(String(cString: strerror(errno)))", fix: "check the folder exists, is writable and the disk is not full")
    }
}
