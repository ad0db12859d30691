/// Finds where a value is in a JSON file, for errors that name a path (`steps[2].action`): the byte
/// offset of the value at the path, or of the deepest value on the way when the rest is missing
/// (the step that lacks a key, the document that lacks `feature`). The bytes are valid JSON: the
/// document was parsed before its shape was checked.
///
/// ```swift
/// JSONPathLocator.offset(of: "steps[1].expectedState", in: bytes)   // where step 1 (or its expectedState) starts
/// ```
public enum JSONPathLocator {
    enum Component: Equatable { case key(String), index(Int) }

    static func components(_ path: String) -> [Component] {
        var result: [Component] = []
        for part in path.split(separator: ".") {
            var name = Substring(part)
            var indices: [Int] = []
            while name.hasSuffix("]"), let open = name.lastIndex(of: "[") {
                if let index = Int(name[name.index(after: open)..<name.index(before: name.endIndex)]) { indices.insert(index, at: 0) }
                name = name[..<open]
            }
            if !name.isEmpty { result.append(.key(String(name))) }
            result += indices.map(Component.index)
        }
        return result
    }

    /// The 1-based line and column (in characters) where `offset(of:in:)` points.
    public static func place(of path: String, in bytes: [UInt8]) -> (line: Int, column: Int) {
        let offset = offset(of: path, in: bytes)
        var line = 1, column = 1
        for byte in bytes[..<offset] {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return (line, column)
    }

    public static func offset(of path: String, in bytes: [UInt8]) -> Int {
        var walker = Walker(bytes: bytes)
        walker.skipSpace()
        var found = walker.at
        for component in components(path) {
            guard let next = walker.descend(component) else { break }
            found = next
        }
        return found
    }

    private struct Walker {
        let bytes: [UInt8]
        var at = 0

        mutating func skipSpace() {
            while at < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[at]) { at += 1 }
        }

        /// Moves to the start of the member or element named by `component` of the value here.
        mutating func descend(_ component: Component) -> Int? {
            guard at < bytes.count else { return nil }
            switch (component, bytes[at]) {
            case (.key(let wanted), UInt8(ascii: "{")):
                at += 1
                while true {
                    skipSpace()
                    guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { return nil }
                    let key = readString()
                    skipSpace(); at += 1; skipSpace()   // the colon
                    if key == wanted { return at }
                    skipValue(); skipSpace()
                    guard at < bytes.count, bytes[at] == UInt8(ascii: ",") else { return nil }
                    at += 1
                }
            case (.index(let wanted), UInt8(ascii: "[")):
                at += 1
                var index = 0
                while true {
                    skipSpace()
                    guard at < bytes.count, bytes[at] != UInt8(ascii: "]") else { return nil }
                    if index == wanted { return at }
                    skipValue(); skipSpace()
                    guard at < bytes.count, bytes[at] == UInt8(ascii: ",") else { return nil }
                    at += 1; index += 1
                }
            default:
                return nil
            }
        }

        /// The raw text between the quotes (escapes kept: keys in fixture paths have none).
        mutating func readString() -> String {
            let start = at + 1
            at += 1
            while at < bytes.count, bytes[at] != UInt8(ascii: "\"") { at += bytes[at] == UInt8(ascii: "\\") ? 2 : 1 }
            defer { at += 1 }
            return String(decoding: bytes[start..<min(at, bytes.count)], as: UTF8.self)
        }

        mutating func skipValue() {
            guard at < bytes.count else { return }
            switch bytes[at] {
            case UInt8(ascii: "\""): _ = readString()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                repeat {
                    switch bytes[at] {
                    case UInt8(ascii: "\""): _ = readString(); continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
                    default: break
                    }
                    at += 1
                } while depth > 0 && at < bytes.count
            default:
                while at < bytes.count, ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09].contains(bytes[at]) { at += 1 }
            }
        }
    }
}
