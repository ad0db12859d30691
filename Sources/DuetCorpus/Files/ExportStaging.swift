import Foundation
import Duet

/// A temporary folder beside an export's target, moved into place only once every file is in it.
///
/// ```swift
/// let staging = try ExportStaging(target: URL(fileURLWithPath: "out"))
/// try bytes.write(to: staging.folder.appendingPathComponent("a.fixture.json"))
/// try staging.finish()          // or staging.discard() when the export fails
/// ```
struct ExportStaging {
    let target: URL
    let folder: URL

    init(target: URL) throws {
        self.target = target
        let parent = target.deletingLastPathComponent()
        folder = parent.appendingPathComponent(".\(target.lastPathComponent).exporting-\(getpid())-\(UUID().uuidString.prefix(8))")
        do {
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        } catch {
            throw EnvironmentError("cannot create a folder beside \(target.path) to export into: \(error.localizedDescription)",
                                   fix: "check that its parent folder is writable")
        }
    }

    /// Moves the files into `target`: the whole folder when `target` is missing or empty, else file by file.
    func finish() throws {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: target.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw InputError(file: target.path, message: "exists and is not a folder", fix: "export into a folder")
            }
            if (try manager.contentsOfDirectory(atPath: target.path)).isEmpty {
                try manager.removeItem(at: target)
            } else {
                for name in try manager.contentsOfDirectory(atPath: folder.path).sorted() {
                    try move(folder.appendingPathComponent(name), to: target.appendingPathComponent(name))
                }
                try manager.removeItem(at: folder)
                return
            }
        }
        try move(folder, to: target)
    }

    /// Removes the folder and what was written into it.
    func discard() {
        try? FileManager.default.removeItem(at: folder)
    }

    private func move(_ source: URL, to destination: URL) throws {
        guard rename(source.path, destination.path) == 0 else {
            throw EnvironmentError("cannot move \(source.path) to \(destination.path): \(String(cString: strerror(errno)))",
                                   fix: "check the folder's permissions")
        }
    }
}
