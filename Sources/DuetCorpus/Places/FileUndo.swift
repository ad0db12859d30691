import Foundation

/// What a file held before a transaction wrote it, to put back if the transaction fails: the
/// file of record must not hold what the corpus refused (a commit that meets a full disk).
///
/// ```swift
/// let undo = FileUndo(path)
/// do { try corpus.write { try writeFile(bytes, …); … } } catch { undo.restore(); throw error }
/// ```
struct FileUndo {
    let path: String
    /// nil when there was no file.
    let previous: [UInt8]?

    init(_ path: String) {
        self.path = path
        previous = FileManager.default.contents(atPath: path).map(Array.init)
    }

    /// Puts the old file back (or removes the new one); best effort, since it runs on a failure path.
    func restore() {
        if let previous { try? AtomicFile.write(previous, to: path) } else { try? AtomicFile.remove(path) }
    }
}
