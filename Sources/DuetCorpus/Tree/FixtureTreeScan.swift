import Foundation
import Duet

/// The fixture folder read the way an unchanged tree should cost: `readdir` per folder, `fstatat`
/// per file, and each file known by the content hash of its path bytes — no `String` is made for a
/// file unless the caller asks (for the few that changed).
///
/// ```swift
/// try FixtureTreeScan.scan(tree) { file in
///     if stamps[file.key] != file.stamp { changed.append(file.materialized()) }
/// }
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

    /// Visits every `*.fixture.json` below the tree's fixture folder (none when it does not exist);
    /// true when the folder has subfolders.
    @discardableResult
    static func scan(_ tree: RecordTree, _ visit: (File) throws -> Void) throws -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: tree.fixturesDirectory, isDirectory: &isDirectory), isDirectory.boolValue else { return false }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(512)
        return try scan(folder: tree.fixturesDirectory, relative: Array((RecordTree.fixturesFolder + "/").utf8), root: tree.root,
                        buffer: &buffer, visit)
    }

    private static let suffix = Array(FixtureFiles.suffix.utf8)

    private static func scan(folder: String, relative prefix: [UInt8], root: String, buffer: inout [UInt8],
                             _ visit: (File) throws -> Void) throws -> Bool {
        guard let stream = opendir(folder) else {
            throw InputError(file: folder, message: "cannot read the directory: \(String(cString: strerror(errno)))",
                             fix: "make it readable, or move it out of the fixture folder")
        }
        defer { closedir(stream) }
        let descriptor = dirfd(stream)
        var subfolders: [String] = []
        while let entry = readdir(stream) {
            try withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                let name = UnsafeRawBufferPointer(rebasing: raw.prefix { $0 != 0 })
                if name.count <= 2 && name.allSatisfy({ $0 == UInt8(ascii: ".") }) { return }
                let type = Int32(entry.pointee.d_type)
                if type == Int32(DT_DIR) || (type == Int32(DT_UNKNOWN) && isFolder(raw, in: descriptor)) {
                    subfolders.append(String(decoding: name, as: UTF8.self))
                    return
                }
                guard type == Int32(DT_REG) || type == Int32(DT_UNKNOWN), name.count > suffix.count,
                      name.suffix(suffix.count).elementsEqual(suffix) else { return }
                var info = stat()
                guard fstatat(descriptor, raw.baseAddress!.assumingMemoryBound(to: CChar.self), &info, AT_SYMLINK_NOFOLLOW) == 0,
                      let stamp = FileStamp(info) else { return }
                buffer.removeAll(keepingCapacity: true)
                buffer.append(contentsOf: prefix)
                buffer.append(contentsOf: name)
                try buffer.withUnsafeBytes { path in
                    let nameLength = name.count - suffix.count
                    try visit(File(key: ContentHash(of: path),
                                   nameKey: ContentHash(of: UnsafeRawBufferPointer(rebasing: name.prefix(nameLength))),
                                   stamp: stamp, relativePath: path, nameLength: nameLength, root: root))
                }
            }
        }
        for subfolder in subfolders {
            _ = try scan(folder: folder + "/" + subfolder, relative: prefix + Array(subfolder.utf8) + [UInt8(ascii: "/")], root: root,
                         buffer: &buffer, visit)
        }
        return !subfolders.isEmpty
    }

    private static func isFolder(_ name: UnsafeRawBufferPointer, in descriptor: Int32) -> Bool {
        var info = stat()
        return fstatat(descriptor, name.baseAddress!.assumingMemoryBound(to: CChar.self), &info, AT_SYMLINK_NOFOLLOW) == 0
            && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
