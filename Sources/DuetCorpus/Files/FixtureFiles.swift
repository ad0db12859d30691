import Foundation
import Duet
import DuetFixtures

/// Finding fixture files below a directory and placing shape errors in them.
enum FixtureFiles {
    static let suffix = ".fixture.json"

    /// Every `*.fixture.json` below `directory` (regular files, symbolic links not followed),
    /// sorted by path. An entry that cannot be a fixture file (a link, a FIFO, a name the
    /// `NameRule` refuses) is refused with the others named, and so is a folder without any.
    static func find(in directory: String) throws -> [(name: String, path: String)] {
        var found: [(name: String, path: String)] = []
        var refused: [String] = []
        let root = try checkedRoot(directory)
        try walk(root, refused: { refused.append($0) }) { path, name, _ in
            guard name.hasSuffix(suffix) else { return }
            found.append((String(name.dropLast(suffix.count)), path))
        }
        if !refused.isEmpty {
            throw InputError(file: directory, message: "\(refused.count) entr\(refused.count == 1 ? "y" : "ies") cannot be imported: "
                             + refused.prefix(5).joined(separator: "; ") + (refused.count > 5 ? "; …" : ""),
                             fix: "replace links with the files they point to and rename or remove the others; nothing was imported")
        }
        guard !found.isEmpty else {
            throw InputError(file: directory, message: "no *.fixture.json file below it", fix: "pass the folder holding the fixture files")
        }
        found.sort { CanonicalOrder.precedes($0.path, $1.path) }
        try refuseDuplicates(found)
        return found
    }

    /// A fixture file with what `stat` says of it.
    struct StampedFile { var name: String; var path: String; var stamp: FileStamp }

    /// `find`, unsorted, each file with its stamp (`fstatat` against its folder, no path walk per
    /// file): what the tree sync compares with the stamps of the last sync.
    static func stamped(in directory: String) throws -> [StampedFile] {
        var found: [StampedFile] = []
        found.reserveCapacity(1024)
        // Entries that cannot be fixtures were named by the scan that made the sync take this path.
        try walk(try checkedRoot(directory), refused: { _ in }) { path, name, folder in
            guard name.hasSuffix(suffix), let stamp = FileStamp.of(name, in: folder) else { return }
            found.append(StampedFile(name: String(name.dropLast(suffix.count)), path: path, stamp: stamp))
        }
        try refuseDuplicates(found.map { ($0.name, $0.path) })
        return found
    }

    private static func checkedRoot(_ directory: String) throws -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw InputError(file: directory, message: "not a directory", fix: "pass the folder holding the *.fixture.json files")
        }
        return URL(fileURLWithPath: directory).standardizedFileURL.path
    }

    private static func refuseDuplicates(_ files: [(name: String, path: String)]) throws {
        var seen: [String: String] = [:]
        seen.reserveCapacity(files.count)
        for file in files {
            if let earlier = seen[file.name] {
                let (first, second) = CanonicalOrder.precedes(earlier, file.path) ? (earlier, file.path) : (file.path, earlier)
                throw InputError(file: second, message: "fixture \"\(file.name)\" is also defined by \(first)",
                                 fix: "keep one file per fixture name")
            }
            seen[file.name] = file.path
        }
    }

    /// Calls `body` with the path and name of every regular file below `directory`, reading each
    /// directory once with `readdir` (its entry types spare a `stat` per file: thousands of files
    /// are listed in milliseconds), and `refused` with each entry that cannot be a fixture file.
    private static func walk(_ directory: String, refused: (String) -> Void,
                             _ body: (_ path: String, _ name: String, _ folder: Int32) throws -> Void) throws {
        guard let stream = opendir(directory) else {
            throw InputError(file: directory, message: "cannot read the directory: \(String(cString: strerror(errno)))",
                             fix: "make it readable, or move it out of the fixture folder")
        }
        defer { closedir(stream) }
        var subdirectories: [String] = []
        while let entry = readdir(stream) {
            let rawName = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if rawName == [UInt8(ascii: ".")] || rawName == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
            let name = String(decoding: rawName, as: UTF8.self)
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            var type = entry.pointee.d_type
            if type == UInt8(DT_UNKNOWN) {
                // Some file systems do not report entry types: ask without following links.
                var info = stat()
                guard fstatat(dirfd(stream), rawName.map { CChar(bitPattern: $0) } + [0], &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
                type = TreeEntry.type(of: info)
            }
            let isFixture = rawName.count > suffixBytes.count && rawName.suffix(suffixBytes.count).elementsEqual(suffixBytes)
            let problem: String? = rawName.withUnsafeBytes { raw in
                if type == UInt8(DT_DIR) { return TreeEntry.folderProblem(name: raw, in: directory) }
                guard isFixture || (type != UInt8(DT_REG) && type != UInt8(DT_UNKNOWN)) else { return nil }
                return TreeEntry.problem(name: raw, stemLength: rawName.count - (isFixture ? suffixBytes.count : 0), type: type, in: directory)
            }
            if let problem {
                refused(problem)
                continue
            }
            if type == UInt8(DT_DIR) { subdirectories.append(path) } else if type == UInt8(DT_REG) { try body(path, name, dirfd(stream)) }
        }
        for subdirectory in subdirectories { try walk(subdirectory, refused: refused, body) }
    }

    private static let suffixBytes = Array(suffix.utf8)

    /// Places a shape error at the value its path names (or where the missing part belongs).
    static func inputError(_ error: FixtureShapeError, file: String, bytes: [UInt8]) -> InputError {
        let (line, column) = JSONPathLocator.place(of: error.path, in: bytes)
        return InputError(file: file, line: line, column: column, message: (error.path.isEmpty ? "" : error.path + ": ") + error.message,
                          fix: "fix the fixture document, or re-record it")
    }
}
