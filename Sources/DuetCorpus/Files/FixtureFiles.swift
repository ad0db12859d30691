import Foundation
import Duet

/// Finding fixture files below a directory and placing shape errors in them.
enum FixtureFiles {
    static let suffix = ".fixture.json"

    /// Every `*.fixture.json` below `directory` (regular files, symbolic links not followed),
    /// sorted by path.
    static func find(in directory: String) throws -> [(name: String, path: String)] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw InputError(file: directory, message: "not a directory", fix: "pass the folder holding the *.fixture.json files")
        }
        var found: [(name: String, path: String)] = []
        try walk(URL(fileURLWithPath: directory).standardizedFileURL.path) { path, name in
            guard name.hasSuffix(suffix) else { return }
            found.append((String(name.dropLast(suffix.count)), path))
        }
        found.sort { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        var seen: [String: String] = [:]
        for file in found {
            if let earlier = seen[file.name] {
                throw InputError(file: file.path, message: "fixture \"\(file.name)\" is also defined by \(earlier)",
                                 fix: "keep one file per fixture name")
            }
            seen[file.name] = file.path
        }
        return found
    }

    /// Calls `body` with the path and name of every regular file below `directory`, reading each
    /// directory once with `readdir` (its entry types spare a `stat` per file: thousands of files
    /// are listed in milliseconds).
    private static func walk(_ directory: String, _ body: (String, String) throws -> Void) throws {
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
            if type == Int32(DT_DIR) { subdirectories.append(path) } else if type == Int32(DT_REG) { try body(path, name) }
        }
        for subdirectory in subdirectories { try walk(subdirectory, body) }
    }

    /// Places a shape error at the value its path names (or where the missing part belongs).
    static func inputError(_ error: FixtureShapeError, file: String, bytes: [UInt8]) -> InputError {
        let (line, column) = position(of: JSONPathLocator.offset(of: error.path, in: bytes), in: bytes)
        return InputError(file: file, line: line, column: column, message: (error.path.isEmpty ? "" : error.path + ": ") + error.message,
                          fix: "fix the fixture document, or re-record it")
    }

    private static func position(of offset: Int, in bytes: [UInt8]) -> (Int, Int) {
        var line = 1, column = 1
        for byte in bytes[..<offset] {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return (line, column)
    }
}
