/// Parse + compact write in one pass, without building a tree: the hot path of import and
/// verify. Values are written as they are read; an object whose keys arrive out of order has
/// its finished members reordered in the output. Same rules and errors as `Parser`.
struct Canonicalizer {
    private var lex: Lexer
    private let out: ByteSink
    /// The members of the objects being written (a stack).
    private var spans: [MemberSpan] = []
    private let reorderScratch = ByteSink(capacity: 256)

    private struct MemberSpan {
        /// Output offsets: the key's opening quote, just past its closing quote, the member's end.
        var start: Int, keyEnd: Int, end: Int
        /// The written key holds no escape, so its bytes are the decoded key.
        var plainKey: Bool
        /// Input offset of the key, for duplicate-key errors.
        var inputOffset: Int
    }

    init(_ bytes: UnsafeBufferPointer<UInt8>, into out: ByteSink) {
        lex = Lexer(bytes)
        self.out = out
    }

    mutating func writeDocument() throws(DialectError) {
        try lex.beginDocument()
        try writeValue()
        try lex.endDocument()
    }

    private mutating func writeValue() throws(DialectError) {
        switch try lex.valueStart() {
        case .object: try writeObject()
        case .array: try writeArray()
        case .string: try writeString()
        case .integer: ScalarWriter.appendInt(try lex.integer(), to: out)
        case .bool(let b): out.append(b ? "true" : "false")
        case .null: out.append("null")
        }
    }

    /// Returns whether the string was written without escapes.
    @discardableResult @inline(__always)
    private mutating func writeString() throws(DialectError) -> Bool {
        let bytes = try lex.stringBytes()
        if lex.lastStringWasPlain {
            ScalarWriter.appendPlainString(bytes: bytes, to: out)
            return true
        }
        let start = out.count
        ScalarWriter.appendString(bytes: bytes, to: out)
        return out.count - start == bytes.count + 2
    }

    private mutating func writeArray() throws(DialectError) {
        out.append(UInt8(ascii: "["))
        if try !lex.openArray() {
            try lex.beginElement()
            try writeValue()
            while try lex.nextElement() {
                out.append(UInt8(ascii: ","))
                try lex.beginElement()
                try writeValue()
            }
        }
        out.append(UInt8(ascii: "]"))
    }

    private mutating func writeObject() throws(DialectError) {
        out.append(UInt8(ascii: "{"))
        if try lex.openObject() {
            out.append(UInt8(ascii: "}"))
            return
        }
        let base = spans.count
        var sorted = true
        repeat {
            let inputOffset = try lex.beginMember()
            if spans.count > base { out.append(UInt8(ascii: ",")) }
            let start = out.count
            let plainKey = try writeString()
            let keyEnd = out.count
            if sorted && spans.count > base {
                let previous = spans[spans.count - 1]
                let c = plainKey && previous.plainKey
                    ? ScalarOrder.compare(out.view((previous.start + 1)..<(previous.keyEnd - 1)), out.view((start + 1)..<(keyEnd - 1)))
                    : compareKeys(previous, start, keyEnd)
                if c == 0 { throw duplicate(at: inputOffset, start, keyEnd) }
                if c > 0 { sorted = false }
            }
            try lex.keyValueSeparator()
            out.append(UInt8(ascii: ":"))
            try writeValue()
            spans.append(MemberSpan(start: start, keyEnd: keyEnd, end: out.count, plainKey: plainKey, inputOffset: inputOffset))
        } while try lex.nextMember()
        if !sorted { try reorder(from: base) }
        spans.removeSubrange(base...)
        out.append(UInt8(ascii: "}"))
    }

    // MARK: - Ordering

    /// Keys compare by their decoded bytes; the written form equals them unless it holds an escape.
    private func compareKeys(_ a: MemberSpan, _ bStart: Int, _ bEnd: Int) -> Int {
        KeyBytes.compare(out.view((a.start + 1)..<(a.keyEnd - 1)), out.view((bStart + 1)..<(bEnd - 1)))
    }

    private func duplicate(at inputOffset: Int, _ start: Int, _ keyEnd: Int) -> DialectError {
        let key = String(decoding: KeyBytes.decoded(out.view((start + 1)..<(keyEnd - 1))), as: UTF8.self)
        return lex.error(at: inputOffset, "duplicate key \"\(key)\"; keys must be distinct")
    }

    private mutating func reorder(from base: Int) throws(DialectError) {
        let members = spans[base...]
        let order = members.indices.sorted { compareKeys(spans[$0], spans[$1].start, spans[$1].keyEnd) < 0 }
        for i in order.indices.dropFirst() {
            let (a, b) = (spans[order[i - 1]], spans[order[i]])
            if compareKeys(a, b.start, b.keyEnd) == 0 {
                throw duplicate(at: max(a.inputOffset, b.inputOffset), b.start, b.keyEnd)
            }
        }
        let regionStart = spans[base].start
        reorderScratch.truncate(to: 0)
        for (n, i) in order.enumerated() {
            if n > 0 { reorderScratch.append(UInt8(ascii: ",")) }
            reorderScratch.append(out.view(spans[i].start..<spans[i].end))
        }
        out.truncate(to: regionStart)
        out.append(reorderScratch.view(0..<reorderScratch.count))
    }
}

/// Object keys as written (escaped) compared by their decoded bytes.
enum KeyBytes {
    static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        if !a.contains(0x5C) && !b.contains(0x5C) { return ScalarOrder.compare(a, b) }
        return decoded(a).withUnsafeBufferPointer { da in decoded(b).withUnsafeBufferPointer { db in ScalarOrder.compare(da, db) } }
    }

    /// The bytes a written key (between its quotes) holds: the writer's escapes undone by the
    /// same rules the dialect reads any string with (`Lexer.stringBytes`).
    static func decoded(_ written: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let quoted = [UInt8(ascii: "\"")] + Array(written) + [UInt8(ascii: "\"")]
        return quoted.withUnsafeBufferPointer { p in
            var lexer = Lexer(p)
            // The canonicalizer wrote these bytes: they are a valid string.
            return (try? lexer.stringBytes()).map(Array.init) ?? Array(written)
        }
    }
}
