/// Strings: escapes decoded, UTF-8 validated, plain strings handed out as slices of the input.
extension Lexer {
    /// The decoded, validated bytes of the string starting at `pos` (at its opening quote).
    /// Valid until the next call: a slice of the input when the string has no escapes.
    package mutating func stringBytes() throws(DialectError) -> UnsafeBufferPointer<UInt8> {
        pos += 1
        let start = pos
        while true {
            // Eight plain ASCII bytes at a time: none is '"', '\\', a control character or non-ASCII.
            while pos + 8 <= p.count {
                let w = ByteWords.load(p, at: pos)
                let special = ByteWords.some(w, 0x22) | ByteWords.some(w, 0x5C) | ByteWords.someBelow(w, 0x20) | ByteWords.nonASCII(w)
                // The first flagged byte is always a true match: go straight to it.
                if special != 0 { pos += ByteWords.firstFlagged(special); break }
                pos += 8
            }
            guard pos < p.count else { break }
            let c = p[pos]
            if c == UInt8(ascii: "\"") {
                pos += 1
                lastStringWasPlain = true
                return UnsafeBufferPointer(rebasing: p[start..<(pos - 1)])
            }
            if c == UInt8(ascii: "\\") { break }
            if c < 0x20 { throw error(at: pos, "raw control character 0x\(String(c, radix: 16)) in a string; escape it") }
            if c < 0x80 { pos += 1 } else { pos += try validatedScalarLength(at: pos) }
        }
        guard pos < p.count else { throw error(at: start - 1, "unterminated string; expected a closing '\"'") }
        lastStringWasPlain = false
        return try escapedStringBytes(start: start)
    }

    private mutating func escapedStringBytes(start: Int) throws(DialectError) -> UnsafeBufferPointer<UInt8> {
        scratch.truncate(to: 0)
        scratch.append(UnsafeBufferPointer(rebasing: p[start..<pos]))
        while true {
            guard pos < p.count else { throw error(at: start - 1, "unterminated string; expected a closing '\"'") }
            let c = p[pos]
            if c == UInt8(ascii: "\"") { pos += 1; break }
            if c < 0x20 { throw error(at: pos, "raw control character 0x\(String(c, radix: 16)) in a string; escape it") }
            if c == UInt8(ascii: "\\") {
                try escape()
            } else if c < 0x80 {
                scratch.append(c); pos += 1
            } else {
                let n = try validatedScalarLength(at: pos)
                scratch.append(UnsafeBufferPointer(rebasing: p[pos..<(pos + n)]))
                pos += n
            }
        }
        return scratch.view(0..<scratch.count)
    }

    private mutating func escape() throws(DialectError) {
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

    private func appendUTF8(_ s: UInt32) {
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

    /// The length of the valid multi-byte UTF-8 sequence at `at` (no overlongs, no
    /// surrogates, at most U+10FFFF), or an error.
    private func validatedScalarLength(at: Int) throws(DialectError) -> Int {
        let b0 = p[at]
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
        if length > 2 {
            for i in 2..<length where p[at + i] & 0xC0 != 0x80 {
                throw error(at: at, "invalid UTF-8 sequence; the file must be valid UTF-8")
            }
        }
        return length
    }
}
