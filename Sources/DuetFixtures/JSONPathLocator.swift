import Duet

/// Finds where a value is in a JSON file, for errors that name a path (`steps[2].action`): the byte
/// offset of the value at the path, or of the deepest value on the way when the rest is missing
/// (the step that lacks a key, the document that lacks `feature`). The document was parsed before
/// its shape was checked; the walk reads it with the dialect's own grammar (`Lexer+Structure.swift`).
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
        bytes.withUnsafeBufferPointer { p in
            var lex = Lexer(p)
            lex.skipWhitespace()
            var found = lex.pos
            for component in components(path) {
                // Bytes that are not valid dialect stop the walk where they start.
                guard let next = try? descend(&lex, component) else { break }
                found = next
            }
            return found
        }
    }

    /// Moves `lex` to the start of the member or element `component` names in the value at
    /// `lex.pos`, reading by the dialect's grammar; nil when there is no such member or element.
    private static func descend(_ lex: inout Lexer, _ component: Component) throws(DialectError) -> Int? {
        switch (component, try lex.valueStart()) {
        case (.key(let wanted), .object):
            if try lex.openObject() { return nil }
            repeat {
                _ = try lex.beginMember()
                let key = String(decoding: try lex.stringBytes(), as: UTF8.self)
                try lex.keyValueSeparator()
                if key == wanted { return lex.pos }
                try lex.skipValue()
            } while try lex.nextMember()
            return nil
        case (.index(let wanted), .array):
            if try lex.openArray() { return nil }
            var index = 0
            repeat {
                try lex.beginElement()
                if index == wanted { return lex.pos }
                try lex.skipValue()
                index += 1
            } while try lex.nextElement()
            return nil
        default:
            return nil
        }
    }
}
