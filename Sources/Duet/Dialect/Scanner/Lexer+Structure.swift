/// The grammar every reader walks: what starts a value, and the punctuation of arrays and
/// objects with its errors (trailing commas, missing separators, keys without quotes, depth).
/// Readers differ only in what they do with each value.
extension Lexer {
    /// What the value at `pos` is. Literals are consumed; for the others `pos` stays at their
    /// first byte, for the reader to take them (`stringBytes`, `integer`, `openArray`, `openObject`).
    package enum ValueStart { case object, array, string, integer, bool(Bool), null }

    @inline(__always)
    package mutating func valueStart() throws(DialectError) -> ValueStart {
        guard pos < p.count else { throw notAValue() }
        switch p[pos] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .integer
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: throw notAValue()
        }
    }

    /// Walks past the value at `pos`, checking it as every reader does.
    package mutating func skipValue() throws(DialectError) {
        switch try valueStart() {
        case .object:
            if try openObject() { return }
            repeat {
                _ = try beginMember()
                _ = try stringBytes()
                try keyValueSeparator()
                try skipValue()
            } while try nextMember()
        case .array:
            if try openArray() { return }
            repeat {
                try beginElement()
                try skipValue()
            } while try nextElement()
        case .string: _ = try stringBytes()
        case .integer: _ = try integer()
        case .bool, .null: break
        }
    }

    // MARK: - Documents

    /// Before the root value: no byte order mark, then whitespace.
    mutating func beginDocument() throws(DialectError) {
        try rejectByteOrderMark()
        skipWhitespace()
    }

    /// After the root value: whitespace, then nothing.
    mutating func endDocument() throws(DialectError) {
        skipWhitespace()
        if !atEnd { throw error(at: pos, "unexpected \(describe(pos)) after the end of the document; expected nothing more") }
    }

    // MARK: - Containers

    /// Consumes `[`; true when the array is empty (its `]` consumed too).
    @inline(__always)
    package mutating func openArray() throws(DialectError) -> Bool {
        try enterContainer()
        return open(closer: UInt8(ascii: "]"))
    }

    /// Before each element: whitespace; a `]` here follows a trailing comma.
    @inline(__always)
    package mutating func beginElement() throws(DialectError) {
        skipWhitespace()
        if pos < p.count && p[pos] == UInt8(ascii: "]") { throw error(at: pos, "trailing comma before ']'; expected a value") }
    }

    /// After an element: true when `,` follows (consumed); false at the closing `]` (consumed).
    @inline(__always)
    package mutating func nextElement() throws(DialectError) -> Bool {
        try next(closer: UInt8(ascii: "]"), "',' or ']'")
    }

    /// Consumes `{`; true when the object is empty (its `}` consumed too).
    @inline(__always)
    package mutating func openObject() throws(DialectError) -> Bool {
        try enterContainer()
        return open(closer: UInt8(ascii: "}"))
    }

    /// Before each member: whitespace, then the key's opening quote (left at `pos`), whose offset
    /// it returns; anything else is a key without quotes or a trailing comma.
    @inline(__always)
    package mutating func beginMember() throws(DialectError) -> Int {
        skipWhitespace()
        guard pos < p.count, p[pos] == UInt8(ascii: "\"") else { throw notAKey() }
        return pos
    }

    /// Between a key and its value: whitespace, `:`, whitespace.
    @inline(__always)
    package mutating func keyValueSeparator() throws(DialectError) {
        skipWhitespace()
        try expect(UInt8(ascii: ":"), "':'")
        skipWhitespace()
    }

    /// After a member: true when `,` follows (consumed); false at the closing `}` (consumed).
    @inline(__always)
    package mutating func nextMember() throws(DialectError) -> Bool {
        try next(closer: UInt8(ascii: "}"), "',' or '}'")
    }

    @inline(__always)
    private mutating func enterContainer() throws(DialectError) {
        depth += 1
        if depth > CanonicalJSON.maximumDepth {
            throw error(at: pos, "nesting deeper than \(CanonicalJSON.maximumDepth) levels; flatten the document")
        }
    }

    @inline(__always)
    private mutating func open(closer: UInt8) -> Bool {
        pos += 1
        skipWhitespace()
        guard pos < p.count, p[pos] == closer else { return false }
        pos += 1
        depth -= 1
        return true
    }

    @inline(__always)
    private mutating func next(closer: UInt8, _ what: String) throws(DialectError) -> Bool {
        skipWhitespace()
        if pos < p.count && p[pos] == UInt8(ascii: ",") { pos += 1; return true }
        try expect(closer, what)
        depth -= 1
        return false
    }
}
