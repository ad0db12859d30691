import Foundation
import Duet
import DuetFixtures

/// Finding fixture files below a directory and placing shape errors in them.
enum FixtureFiles {
    static let suffix = ".fixture.json"

    /// Every `*.fixture.json` below `directory` (regular files, symbolic links not followed),
    /// sorted by path.
    static func find(in directory: String) throws -> [(name: String, path: String)] {
        var found: [(name: String, path: String)] = []
        try walk(try checkedRoot(directory)) { path, name, _ in
            guard name.hasSuffix(suffix) else { return }
            found.append((String(name.dropLast(suffix.count)), path))
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
        try walk(try checkedRoot(directory)) { path, name, folder in
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
    /// are listed in milliseconds).
    private static func walk(_ directory: String, _ body: (_ path: String, _ name: String, _ folder: Int32) throws -> Void) throws {
        guard let stream = opendir(directory) else {
            throw InputError(file: directory, message: "cannot read the directory: \(String(cString: strerror(errno)))",
                             fix: "make it readable, or move it out of the fixture folder")
        }
        defer { closedir(stream) }
        var subdirectories: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            var type = Int32(entry.pointee.d_type)
            if type == Int32(DT_UNKNOWN) {
                // Some file systems do not report entry types: ask without following links.
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                type = (info.st_mode & S_IFMT) == S_IFDIR ? Int32(DT_DIR) : (info.st_mode & S_IFMT) == S_IFREG ? Int32(DT_REG) : Int32(DT_UNKNOWN)
            }
            if type == Int32(DT_DIR) { subdirectories.append(path) } else if type == Int32(DT_REG) { try body(path, name, dirfd(stream)) }
        }
        for subdirectory in subdirectories { try walk(subdirectory, body) }
    }

    /// Places a shape error at the value its path names (or where the missing part belongs).
    static func inputError(_ error: FixtureShapeError, file: String, bytes: [UInt8]) -> InputError {
        let (line, column) = JSONPathLocator.place(of: error.path, in: bytes)
        return InputError(file: file, line: line, column: column, message: (error.path.isEmpty ? "" : error.path + ": ") + error.message,
                          fix: "fix the fixture document, or re-record it")
    }
}
