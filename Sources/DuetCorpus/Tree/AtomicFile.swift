import Foundation
import Duet

/// Writes and removes files of record so that a crash leaves the old file or the new one, never
/// half of one: a temporary file beside the target, fsync, rename, fsync of the folder
/// (`StagedOutput`, which also makes the folder).
///
/// ```swift
/// try AtomicFile.write(document.prettyBytes, to: "/repo/parity/fixtures/counter.fixture.json")
/// try AtomicFile.remove("/repo/parity/fixtures/gone.fixture.json")
/// ```
public enum AtomicFile {
    public static func write(_ bytes: [UInt8], to path: String) throws {
        try StagedOutput(path: path, creatingFolder: true).publish(bytes)
    }

    /// Removes `path` (nothing when it is already gone) and makes the removal durable.
    public static func remove(_ path: String) throws {
        guard unlink(path) == 0 || errno == ENOENT else { throw FileProblem.error("cannot remove", path, errno: errno) }
        StagedOutput.syncFolder((path as NSString).deletingLastPathComponent)
    }
}
