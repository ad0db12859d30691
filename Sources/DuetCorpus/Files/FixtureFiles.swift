import Foundation
import Duet

/// Finding fixture files below a directory and placing shape errors in them.
enum FixtureFiles {
    static let suffix = ".fixture.json"

    /// Every `*.fixture.json` below `directory`, sorted by relative path.
    static func find(in directory: String) throws -> [(name: String, path: String)] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw InputError(file: directory, message: "not a directory", fix: "pass the folder holding the *.fixture.json files")
        }
        let root = URL(fileURLWithPath: directory).standardizedFileURL
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        var found: [(name: String, path: String)] = []
        for case let url as URL in enumerator where url.lastPathComponent.hasSuffix(suffix) {
            let values = try? url.resourceValues(forKeys: [.isRegularFileKey])
            guard values?.isRegularFile == true else { continue }
            found.append((String(url.lastPathComponent.dropLast(suffix.count)), url.path))
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

    /// Places a shape error at the key it names (best effort: the matching occurrence of `"key":`).
    static func inputError(_ error: FixtureShapeError, file: String, bytes: [UInt8]) -> InputError {
        let components = error.path.split(separator: ".")
        var (line, column) = (1, 1)
        if let last = components.last {
            let key = last.prefix { $0 != "[" }
            let occurrence = components.dropLast().last.flatMap { c -> Int? in
                guard let open = c.lastIndex(of: "["), let close = c.lastIndex(of: "]") else { return nil }
                return Int(c[c.index(after: open)..<close])
            } ?? (last.contains("[") ? Int(last.drop { $0 != "[" }.dropFirst().prefix { $0 != "]" }) ?? 0 : 0)
            if let offset = offsetOfKey(String(key), occurrence: key == "steps" ? 0 : occurrence, in: bytes) {
                (line, column) = position(of: offset, in: bytes)
            }
        }
        return InputError(file: file, line: line, column: column, message: (error.path.isEmpty ? "" : error.path + ": ") + error.message,
                          fix: "fix the fixture document, or re-record it")
    }

    private static func offsetOfKey(_ key: String, occurrence: Int, in bytes: [UInt8]) -> Int? {
        let needle = Array("\"\(key)\":".utf8)
        guard !needle.isEmpty, bytes.count >= needle.count else { return nil }
        var seen = 0
        var index = 0
        while index <= bytes.count - needle.count {
            if bytes[index] == needle[0] && Array(bytes[index..<index + needle.count]) == needle {
                if seen == occurrence { return index }
                seen += 1
            }
            index += 1
        }
        return nil
    }

    private static func position(of offset: Int, in bytes: [UInt8]) -> (Int, Int) {
        var line = 1, column = 1
        for byte in bytes[..<offset] {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return (line, column)
    }
}
