/// The dialect's one scanner: every reader of dialect text (the tree `Parser`, the streaming
/// `Canonicalizer`, the byte decoder's `ByteScanner`) reads through it. Lexical rules here
/// (whitespace, literals, integers, error positions: 1-based line, column in bytes), strings in
/// `Lexer+Strings.swift`, the grammar of values and containers in `Lexer+Structure.swift`.
package struct Lexer {
    let p: UnsafeBufferPointer<UInt8>
    package var pos = 0
    /// Decoded bytes of the last string that contained escapes.
    let scratch = ByteSink(capacity: 64)
    /// Containers open around `pos` (`enterContainer`).
    var depth = 0

    package init(_ bytes: UnsafeBufferPointer<UInt8>) { p = bytes }

    var atEnd: Bool { pos >= p.count }

    func rejectByteOrderMark() throws(DialectError) {
        if p.count >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF {
            throw error(at: 0, "byte order mark found; the dialect is UTF-8 without a BOM: remove the first 3 bytes")
        }
    }

    /// True when the last string read had no escapes: its bytes need no escaping when written.
    var lastStringWasPlain = true

    @inline(__always)
    package mutating func skipWhitespace() {
        guard pos < p.count, Self.isWhitespace(p[pos]) else { return }
        skipWhitespaceRun()
    }

    @inline(__always)
    private static func isWhitespace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 }

    /// Eight bytes at a time: the pretty form's newline-and-indentation runs are long.
    private mutating func skipWhitespaceRun() {
        while pos + 8 <= p.count {
            let w = ByteWords.load(p, at: pos)
            let blank = ByteWords.equal(w, 0x20) | ByteWords.equal(w, 0x0A) | ByteWords.equal(w, 0x0D) | ByteWords.equal(w, 0x09)
            let other = ByteWords.unflagged(blank)
            if other != 0 { pos += ByteWords.firstFlagged(other); return }
            pos += 8
        }
        while pos < p.count, Self.isWhitespace(p[pos]) { pos += 1 }
    }

    /// Consumes `byte` or throws "expected …".
    @inline(__always)
    mutating func expect(_ byte: UInt8, _ what: String) throws(DialectError) {
        guard pos < p.count, p[pos] == byte else {
            throw error(at: pos, "\(pos < p.count ? "unexpected \(describe(pos))" : "unexpected end of input"); expected \(what)")
        }
        pos += 1
    }

    // MARK: - Errors

    func error(at offset: Int, _ message: String) -> DialectError {
        var line = 1, lineStart = 0
        for i in 0..<min(offset, p.count) where p[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        return DialectError(line: line, column: offset - lineStart + 1, message: message)
    }

    func describe(_ offset: Int) -> String {
        guard offset < p.count else { return "end of input" }
        let c = p[offset]
        if c >= 0x21 && c < 0x7F { return "'\(Character(Unicode.Scalar(c)))'" }
        return "byte 0x\(String(c, radix: 16))"
    }

    /// Why the byte at `pos` cannot start a value.
    func notAValue() -> DialectError {
        guard pos < p.count else { return error(at: pos, "unexpected end of input; expected a value") }
        switch p[pos] {
        case UInt8(ascii: "'"): return error(at: pos, "single quote found; strings use double quotes")
        case UInt8(ascii: "/"): return error(at: pos, "comment found; the dialect has no comments")
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            return error(at: pos, "NaN and Infinity are not part of the dialect; expected a value")
        default: return error(at: pos, "unexpected \(describe(pos)); expected a value")
        }
    }

    /// Why the byte at `pos` cannot start a key.
    func notAKey() -> DialectError {
        guard pos < p.count else { return error(at: pos, "unexpected end of input; expected a key in double quotes") }
        if p[pos] == UInt8(ascii: "}") { return error(at: pos, "trailing comma before '}'; expected a key") }
        let hint = p[pos] == UInt8(ascii: "'") ? "single quote found" : "unexpected \(describe(pos))"
        return error(at: pos, "\(hint); expected a key in double quotes")
    }

    // MARK: - Literals and integers

    mutating func literal(_ literal: StaticString) throws(DialectError) {
        let n = literal.utf8CodeUnitCount
        let start = pos
        for i in 0..<n {
            guard start + i < p.count, p[start + i] == literal.utf8Start[i] else {
                throw error(at: start, "unexpected \(describe(start)); expected a value (did you mean \(literal)?)")
            }
        }
        pos += n
    }

    mutating func integer() throws(DialectError) -> Int64 {
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
}
