import Foundation
import Duet

/// One flat folder of record (`parity/milestones`, `parity/.pending`) read once with `readdir`:
/// its regular files ending in one of `suffixes`, each with its stamp; temporary files of gone
/// writers removed; links, FIFOs and odd names named instead of read (`TreeEntry`).
///
/// ```swift
/// let folder = try TreeFolder(tree.milestonesDirectory, shown: RecordTree.milestonesFolder, suffixes: [".json"])
/// folder.files        // [(name: "beta-1", suffix: ".json", stamp: …)], in canonical order
/// folder.refused      // ["parity/milestones/x.json is a symbolic link: …"]
/// ```
struct TreeFolder {
    struct File: Equatable { var name: String; var suffix: String; var stamp: FileStamp }

    private(set) var files: [File] = []
    private(set) var refused: [String] = []
    private(set) var swept = 0

    /// Reads `path` (nothing when it does not exist); `shown` is how messages name the folder.
    init(_ path: String, shown: String, suffixes: [String]) throws {
        guard let stream = opendir(path) else {
            if errno == ENOENT || errno == ENOTDIR { return }
            throw InputError(file: shown, message: "cannot read the folder: \(String(cString: strerror(errno)))", fix: "make it readable")
        }
        defer { closedir(stream) }
        let descriptor = dirfd(stream)
        let suffixBytes = suffixes.map { Array($0.utf8) }
        var temporary: [String] = []
        while let entry = readdir(stream) {
            withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                let name = UnsafeRawBufferPointer(rebasing: raw.prefix { $0 != 0 })
                if name.count <= 2 && name.allSatisfy({ $0 == UInt8(ascii: ".") }) { return }
                if name.first == UInt8(ascii: "."), TemporaryFileName.writer(of: name) != nil {
                    temporary.append(String(decoding: name, as: UTF8.self))
                    return
                }
                var info = stat()
                guard fstatat(descriptor, raw.baseAddress!.assumingMemoryBound(to: CChar.self), &info, AT_SYMLINK_NOFOLLOW) == 0 else { return }
                let type = TreeEntry.type(of: info)
                let matched = suffixBytes.firstIndex { name.count > $0.count && name.suffix($0.count).elementsEqual($0) }
                // Other regular files (a .gitignore) and folders are not files of record here.
                guard matched != nil || (type != UInt8(DT_REG) && type != UInt8(DT_DIR)) else { return }
                let stemLength = name.count - (matched.map { suffixBytes[$0].count } ?? 0)
                if let problem = TreeEntry.problem(name: name, stemLength: stemLength, type: type, in: shown) {
                    refused.append(problem)
                    return
                }
                guard let matched, let stamp = FileStamp(info) else { return }
                files.append(File(name: String(decoding: name.prefix(stemLength), as: UTF8.self), suffix: suffixes[matched], stamp: stamp))
            }
        }
        if !temporary.isEmpty { swept = TemporaryFileSweep.sweep(temporary, in: path).count }
        files.sort { $0.name == $1.name ? $0.suffix < $1.suffix : CanonicalOrder.precedes($0.name, $1.name) }
    }

    /// The files ending in `suffix`.
    func files(endingIn suffix: String) -> [File] { files.filter { $0.suffix == suffix } }
}
