/// The strict parser: bytes in, `JSONValue` out, or a `DialectError` at 1-based line and
/// column, where the column counts bytes from the start of the line.
struct Parser {
    private let p: UnsafeBufferPointer<UInt8>
    private var pos = 0
    private var depth = 0
    /// Reused for strings that contain escapes.
    private var scratch: [UInt8] = []
    /// Byte offsets of the keys of the objects being parsed (a stack), for duplicate-key errors.
    private var keyOffsets: [Int] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>) { p = bytes }

    mutating func parseDocument() throws(DialectError) -> JSONValue {
        if p.count >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF {
            throw error(at: 0, "byte order mark found; the dialect is UTF-8 without a BOM: remove the first 3 bytes")
        }
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        if pos < p.count {
            throw error(at: pos, "unexpected \(describe(pos)) after the end of the document; expected nothing more")
        }
        return value
    }

    // MARK: - Values

    private mutating func parseValue() throws(DialectError) -> JSONValue {
        guard pos < p.count else { throw error(at: pos, "unexpected end of input; expected a value") }
        switch p[pos] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .int(try parseInteger())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "'"): throw error(at: pos, "single quote found; strings use double quotes")
        case UInt8(ascii: "/"): throw error(at: pos, "comment found; the dialect has no comments")
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            throw error(at: pos, "NaN and Infinity are not part of the dialect; expected a value")
        default: throw error(at: pos, "unexpected \(describe(pos)); expected a value")
        }
    }

    private mutating func enterContainer() throws(DialectError) {
        depth += 1
        if depth > CanonicalJSON.maximumDepth {
            throw error(at: pos, "nesting deeper than \(CanonicalJSON.maximumDepth) levels; flatten the document")
        }
    }

    private mutating func parseArray() throws(DialectError) -> JSONValue {
        try enterContainer()
        pos += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if pos < p.count && p[pos] == UInt8(ascii: "]") {
            pos += 1; depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            if pos < p.count && p[pos] == UInt8(ascii: "]") {
                throw error(at: pos, "trailing comma before ']'; expected a value")
            }
            elements.append(try parseValue())
            skipWhitespace()
            guard pos < p.count else { throw error(at: pos, "unexpected end of input; expected ',' or ']'") }
            let c = p[pos]
            pos += 1
            if c == UInt8(ascii: ",") { continue }
            if c == UInt8(ascii: "]") { break }
            throw error(at: pos - 1, "unexpected \(describe(pos - 1)); expected ',' or ']'")
        }
        depth -= 1
        return .array(elements)
    }

    private mutating func parseObject() throws(DialectError) -> JSONValue {
        try enterContainer()
        pos += 1
        var members: [JSONObject.Member] = []
        skipWhitespace()
        if pos < p.count && p[pos] == UInt8(ascii: "}") {
            pos += 1; depth -= 1
            return .object(JSONObject(sortedMembers: members))
        }
        let offsetsBase = keyOffsets.count
        var sorted = true
        while true {
            skipWhitespace()
            guard pos < p.count else { throw error(at: pos, "unexpected end of input; expected a key in double quotes") }
            if p[pos] == UInt8(ascii: "}") { throw error(at: pos, "trailing comma before '}'; expected a key") }
            if p[pos] != UInt8(ascii: "\"") {
                let hint = p[pos] == UInt8(ascii: "'") ? "single quote found" : "unexpected \(describe(pos))"
                throw error(at: pos, "\(hint); expected a key in double quotes")
            }
            keyOffsets.append(pos)
            let key = ScalarOrder.normalized(try parseString())
            if sorted, let last = members.last {
                let c = ScalarOrder.compare(last.key, key)
                if c == 0 { throw error(at: keyOffsets[keyOffsets.count - 1], "duplicate key \"\(key)\"; keys must be distinct") }
                if c > 0 { sorted = false }
            }
            skipWhitespace()
            guard pos < p.count, p[pos] == UInt8(ascii: ":") else {
                throw error(at: pos, "\(pos < p.count ? "unexpected \(describe(pos))" : "unexpected end of input"); expected ':'")
            }
            pos += 1
            skipWhitespace()
            members.append(JSONObject.Member(key: key, value: try parseValue()))
            skipWhitespace()
            guard pos < p.count else { throw error(at: pos, "unexpected end of input; expected ',' or '}'") }
            let c = p[pos]
            pos += 1
            if c == UInt8(ascii: ",") { continue }
            if c == UInt8(ascii: "}") { break }
            throw error(at: pos - 1, "unexpected \(describe(pos - 1)); expected ',' or '}'")
        }
        if !sorted { members = try sortMembers(members, offsetsBase: offsetsBase) }
        keyOffsets.removeSubrange(offsetsBase...)
        depth -= 1
        return .object(JSONObject(sortedMembers: members))
    }

    private func sortMembers(_ members: [JSONObject.Member], offsetsBase: Int) throws(DialectError) -> [JSONObject.Member] {
        var order = Array(members.indices)
        order.sort { ScalarOrder.compare(members[$0].key, members[$1].key) < 0 }
        for i in order.indices.dropFirst() where ScalarOrder.compare(members[order[i - 1]].key, members[order[i]].key) == 0 {
            let later = max(keyOffsets[offsetsBase + order[i - 1]], keyOffsets[offsetsBase + order[i]])
            throw error(at: later, "duplicate key \"\(members[order[i]].key)\"; keys must be distinct")
        }
        return order.map { members[$0] }
    }

    // MARK: - Scalars

    private mutating func expectLiteral(_ literal: StaticString) throws(DialectError) {
        let n = literal.utf8CodeUnitCount
        let start = pos
        for i in 0..<n {
            guard start + i < p.count, p[start + i] == literal.utf8Start[i] else {
                throw error(at: start, "unexpected \(describe(start)); expected a value (did you mean \(literal)?)")
            }
        }
        pos += n
    }

    private mutating func parseInteger() throws(DialectError) -> Int64 {
        let start = pos
        var negative = false
        if p[pos] == UInt8(ascii: "-") { negative = true; pos += 1 }
        guard pos < p.count, p[pos] >= 0x30, p[pos] <= 0x39 else {
            throw error(at: start, "'-' without digits; expected an integer")
        }
        if p[pos] == 0x30, pos + 1 < p.count, p[pos + 1] >= 0x30, p[pos + 1] <= 0x39 {
            throw error(at: start, "leading zero in an integer; write it without leading zeros")
        }
        var value: Int64 = 0
        var overflow = false
        while pos < p.count, p[pos] >= 0x30, p[pos] <= 0x39 {
            let digit = Int64(p[pos] &- 0x30)
            let (m, o1) = value.multipliedReportingOverflow(by: 10)
            let (s, o2) = negative ? m.subtractingReportingOverflow(digit) : m.addingReportingOverflow(digit)
            overflow = overflow || o1 || o2
            value = s
            pos += 1
        }
        if pos < p.count, p[pos] == UInt8(ascii: ".") || p[pos] == UInt8(ascii: "e") || p[pos] == UInt8(ascii: "E") {
            throw error(at: start, "fraction or exponent in a number; the dialect has integers only (store minor units or a string)")
        }
        if overflow { throw error(at: start, "integer outside the 64-bit signed range") }
        return value
    }

    private mutating func parseString() throws(DialectError) -> String {
        pos += 1
        let start = pos
        // Fast path: plain ASCII without escapes.
        while pos < p.count {
            let c = p[pos]
            if c == UInt8(ascii: "\"") {
                pos += 1
                return String(decoding: UnsafeBufferPointer(rebasing: p[start..<(pos - 1)]), as: UTF8.self)
            }
            if c < 0x20 || c == UInt8(ascii: "\\") || c >= 0x80 { break }
            pos += 1
        }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: p[start..<pos]))
        while true {
            guard pos < p.count else { throw error(at: start - 1, "unterminated string; expected a closing '\"'") }
            let c = p[pos]
            if c == UInt8(ascii: "\"") { pos += 1; break }
            if c < 0x20 {
                throw error(at: pos, "raw control character 0x\(String(c, radix: 16)) in a string; escape it")
            }
            if c == UInt8(ascii: "\\") {
                try parseEscape()
            } else if c < 0x80 {
                scratch.append(c); pos += 1
            } else {
                try copyMultibyteScalar()
            }
        }
        return String(decoding: scratch, as: UTF8.self)
    }

    private mutating func parseEscape() throws(DialectError) {
        let at = pos
        pos += 1
        guard pos < p.count else { throw error(at: at, "unterminated escape; expected a closing '\"'") }
        let e = p[pos]
        pos += 1
        switch e {
        case UInt8(ascii: "\""): scratch.append(0x22)
        case UInt8(ascii: "\\"): scratch.append(0x5C)
        case UInt8(ascii: "/"): scratch.append(0x2F)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hex4(escapeAt: at)
            if scalar >= 0xDC00 && scalar <= 0xDFFF {
                throw error(at: at, "lone low surrogate \\u\(String(scalar, radix: 16)); expected a high surrogate before it")
            }
            if scalar >= 0xD800 && scalar <= 0xDBFF {
                guard pos + 1 < p.count, p[pos] == UInt8(ascii: "\\"), p[pos + 1] == UInt8(ascii: "u") else {
                    throw error(at: at, "lone high surrogate \\u\(String(scalar, radix: 16)); expected a \\u low surrogate after it")
                }
                let lowAt = pos
                pos += 2
                let low = try hex4(escapeAt: lowAt)
                guard low >= 0xDC00 && low <= 0xDFFF else {
                    throw error(at: at, "high surrogate \\u\(String(scalar, radix: 16)) not followed by a low surrogate")
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            appendUTF8(scalar)
        default:
            throw error(at: at, "invalid escape '\\\(Unicode.Scalar(e))'; expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
        }
    }

    private mutating func hex4(escapeAt: Int) throws(DialectError) -> UInt32 {
        guard pos + 4 <= p.count else { throw error(at: escapeAt, "truncated \\u escape; expected 4 hex digits") }
        var v: UInt32 = 0
        for i in 0..<4 {
            let c = p[pos + i]
            let d: UInt32
            switch c {
            case 0x30...0x39: d = UInt32(c - 0x30)
            case 0x61...0x66: d = UInt32(c - 0x61 + 10)
            case 0x41...0x46: d = UInt32(c - 0x41 + 10)
            default: throw error(at: escapeAt, "invalid \\u escape; expected 4 hex digits")
            }
            v = v << 4 | d
        }
        pos += 4
        return v
    }

    private mutating func appendUTF8(_ s: UInt32) {
        switch s {
        case 0..<0x80: scratch.append(UInt8(s))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | (s >> 6))); scratch.append(UInt8(0x80 | (s & 0x3F)))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | (s >> 12))); scratch.append(UInt8(0x80 | ((s >> 6) & 0x3F)))
            scratch.append(UInt8(0x80 | (s & 0x3F)))
        default:
            scratch.append(UInt8(0xF0 | (s >> 18))); scratch.append(UInt8(0x80 | ((s >> 12) & 0x3F)))
            scratch.append(UInt8(0x80 | ((s >> 6) & 0x3F))); scratch.append(UInt8(0x80 | (s & 0x3F)))
        }
    }

    /// Validates one multi-byte UTF-8 sequence (no overlongs, no surrogates, ≤ U+10FFFF) and copies it.
    private mutating func copyMultibyteScalar() throws(DialectError) {
        let at = pos
        let b0 = p[pos]
        let length: Int
        var lowerBound: UInt8 = 0x80, upperBound: UInt8 = 0xBF
        switch b0 {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lowerBound = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upperBound = 0x9F
        case 0xF0: length = 4; lowerBound = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upperBound = 0x8F
        default: throw error(at: at, "invalid UTF-8 byte 0x\(String(b0, radix: 16)); the file must be valid UTF-8")
        }
        guard at + length <= p.count else { throw error(at: at, "truncated UTF-8 sequence; the file must be valid UTF-8") }
        let b1 = p[at + 1]
        guard b1 >= lowerBound && b1 <= upperBound else { throw error(at: at, "invalid UTF-8 sequence; the file must be valid UTF-8") }
        for i in 2..<max(2, length) where p[at + i] & 0xC0 != 0x80 {
            throw error(at: at, "invalid UTF-8 sequence; the file must be valid UTF-8")
        }
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: p[at..<(at + length)]))
        pos += length
    }

    // MARK: - Positions

    @inline(__always)
    private mutating func skipWhitespace() {
        while pos < p.count {
            let c = p[pos]
            guard c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 else { return }
            pos += 1
        }
    }

    private func describe(_ offset: Int) -> String {
        guard offset < p.count else { return "end of input" }
        let c = p[offset]
        if c >= 0x21 && c < 0x7F { return "'\(Character(Unicode.Scalar(c)))'" }
        return "byte 0x\(String(c, radix: 16))"
    }

    private func error(at offset: Int, _ message: String) -> DialectError {
        var line = 1, lineStart = 0
        for i in 0..<min(offset, p.count) where p[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        return DialectError(line: line, column: offset - lineStart + 1, message: message)
    }
}
