import Foundation
import Duet

/// The fixture folder read the way an unchanged tree should cost: `readdir` per folder, `fstatat`
/// per file (split across the cores for a long folder: `FolderStatPass`), and each file known by
/// the content hash of its path bytes — no `String` is made for a file unless the caller asks (for
/// the few that changed). On the way it adds every file to the tree's digest, removes temporary
/// files of gone writers, and names entries that cannot be fixtures (links, FIFOs, odd names)
/// instead of failing on them.
///
/// ```swift
/// let result = try FixtureTreeScan.scan(tree) { file in
///     if stamps[file.key] != file.stamp { changed.append(file.materialized()) }
/// }
/// result.digest, result.refused
/// ```
enum FixtureTreeScan {
    /// One fixture file as the scan sees it; its buffers are valid only during the visit.
    struct File {
        /// `ContentHash` of the path relative to the tree root (`parity/fixtures/a.fixture.json`).
        var key: ContentHash
        /// `ContentHash` of the fixture name (the file name without `.fixture.json`).
        var nameKey: ContentHash
        var stamp: FileStamp
        fileprivate var relativePath: UnsafeRawBufferPointer
        fileprivate var nameLength: Int
        fileprivate var root: String

        /// Name, absolute path and relative path as strings.
        func materialized() -> (name: String, path: String, relative: String) {
            let relative = String(decoding: relativePath, as: UTF8.self)
            let name = String(decoding: UnsafeRawBufferPointer(rebasing: relativePath[(relativePath.count - nameLength - FixtureFiles.suffix.utf8.count)...]
                .prefix(nameLength)), as: UTF8.self)
            return (name, RecordTree(root: root).absolute(relative), relative)
        }
    }

    /// What one pass over the fixture folder found besides the files it visited.
    struct Result {
        var digest = TreeDigest()
        /// The folder has subfolders (two files of one name are then possible).
        var nested = false
        /// Entries that cannot be fixtures of record (`TreeEntry`), described.
        var refused: [String] = []
        /// Temporary files of gone writers removed on the way (`TemporaryFileSweep`).
        var swept = 0
    }

    /// Visits every `*.fixture.json` below the tree's fixture folder (none when it does not exist),
    /// adding each to the result's digest; without `visit` only the digest is made.
    static func scan(_ tree: RecordTree, now: Int64 = FileStamp.nowNanoseconds()) throws -> Result {
        try scan(tree, now: now, visiting: false) { _ in }
    }

    static func scan(_ tree: RecordTree, now: Int64 = FileStamp.nowNanoseconds(), _ visit: (File) throws -> Void) throws -> Result {
        try scan(tree, now: now, visiting: true, visit)
    }

    private static func scan(_ tree: RecordTree, now: Int64, visiting: Bool, _ visit: (File) throws -> Void) throws -> Result {
        var result = Result()
        // A write killed while it staged a new fixture folder leaves its temporary folder beside it.
        result.swept = TemporaryFileSweep.sweep(folder: (tree.fixturesDirectory as NSString).deletingLastPathComponent).count
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: tree.fixturesDirectory, isDirectory: &isDirectory), isDirectory.boolValue else { return result }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(512)
        try scan(folder: tree.fixturesDirectory, relative: Array((RecordTree.fixturesFolder + "/").utf8), root: tree.root,
                 buffer: &buffer, now: now, into: &result, visiting: visiting, visit)
        return result
    }

    private static let suffix = Array(FixtureFiles.suffix.utf8)

    /// One folder: listed first (names only, checked as bytes), then stat'ed (`FolderStatPass`, on
    /// several cores when it is long), then visited in listing order; subfolders after.
    private static func scan(folder: String, relative prefix: [UInt8], root: String, buffer: inout [UInt8], now: Int64,
                             into result: inout Result, visiting: Bool, _ visit: (File) throws -> Void) throws {
        guard let stream = opendir(folder) else {
            throw InputError(file: folder, message: "cannot read the directory: \(String(cString: strerror(errno)))",
                             fix: "make it readable, or move it out of the fixture folder")
        }
        defer { closedir(stream) }
        let descriptor = dirfd(stream)
        let shownFolder = String(decoding: prefix.dropLast(), as: UTF8.self)
        var subfolders: [String] = []
        var temporary: [String] = []
        var listing = FolderStatPass()
        while let entry = readdir(stream) {
            withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                let name = UnsafeRawBufferPointer(rebasing: raw.prefix(strlen(raw.baseAddress!.assumingMemoryBound(to: CChar.self))))
                if name.count <= 2 && name.allSatisfy({ $0 == UInt8(ascii: ".") }) { return }
                var type = entry.pointee.d_type
                if type == UInt8(DT_UNKNOWN) { type = entryType(raw, in: descriptor) }
                if name.first == UInt8(ascii: "."), TemporaryFileName.writer(of: name) != nil {
                    temporary.append(String(decoding: name, as: UTF8.self))
                    return
                }
                if type == UInt8(DT_DIR) {
                    if let problem = TreeEntry.folderProblem(name: name, in: shownFolder) {
                        result.refused.append(problem)
                    } else {
                        subfolders.append(String(decoding: name, as: UTF8.self))
                    }
                    return
                }
                let isFixture = name.count > suffix.count
                    && suffix.withUnsafeBytes { memcmp(name.baseAddress! + (name.count - $0.count), $0.baseAddress!, $0.count) == 0 }
                guard isFixture || (type != UInt8(DT_REG) && type != UInt8(DT_UNKNOWN)) else { return }
                let nameLength = name.count - (isFixture ? suffix.count : 0)
                if let problem = TreeEntry.problem(name: name, stemLength: nameLength, type: type, in: shownFolder) {
                    result.refused.append(problem)
                    return
                }
                listing.append(name, stemLength: nameLength)
            }
        }
        let (stated, digest) = listing.stat(in: descriptor, prefix: prefix, now: now)
        result.digest.add(digest)
        if visiting {
            for (index, file) in stated.enumerated() {
                guard let file else { continue }
                try listing.withName(index) { name, nameLength in
                    buffer.removeAll(keepingCapacity: true)
                    buffer.append(contentsOf: prefix)
                    buffer.append(contentsOf: name)
                    try buffer.withUnsafeBytes { path in
                        try visit(File(key: file.key, nameKey: file.nameKey, stamp: file.stamp, relativePath: path,
                                       nameLength: nameLength, root: root))
                    }
                }
            }
        }
        if !temporary.isEmpty { result.swept += TemporaryFileSweep.sweep(temporary, in: folder).count }
        if !subfolders.isEmpty { result.nested = true }
        for subfolder in subfolders {
            try scan(folder: folder + "/" + subfolder, relative: prefix + Array(subfolder.utf8) + [UInt8(ascii: "/")], root: root,
                     buffer: &buffer, now: now, into: &result, visiting: visiting, visit)
        }
    }

    /// The `d_type` of `name` in the open folder, for file systems whose listing does not say.
    private static func entryType(_ name: UnsafeRawBufferPointer, in descriptor: Int32) -> UInt8 {
        var info = stat()
        guard fstatat(descriptor, name.baseAddress!.assumingMemoryBound(to: CChar.self), &info, AT_SYMLINK_NOFOLLOW) == 0 else {
            return UInt8(DT_UNKNOWN)
        }
        return TreeEntry.type(of: info)
    }
}
