/// The strict parser: bytes in, `JSONValue` out, or a `DialectError` at 1-based line and
/// column, where the column counts bytes from the start of the line.
struct Parser {
    private var lex: Lexer
    private var depth = 0
    /// Byte offsets of the keys of the objects being parsed (a stack), for duplicate-key errors.
    private var keyOffsets: [Int] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>) { lex = Lexer(bytes) }

    mutating func parseDocument() throws(DialectError) -> JSONValue {
        try lex.rejectByteOrderMark()
        lex.skipWhitespace()
        let value = try parseValue()
        lex.skipWhitespace()
        if !lex.atEnd {
            throw lex.error(at: lex.pos, "unexpected \(lex.describe(lex.pos)) after the end of the document; expected nothing more")
        }
        return value
    }

    private mutating func parseValue() throws(DialectError) -> JSONValue {
        guard !lex.atEnd else { throw lex.notAValue() }
        switch lex.p[lex.pos] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .int(try lex.integer())
        case UInt8(ascii: "t"): try lex.literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try lex.literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try lex.literal("null"); return .null
        default: throw lex.notAValue()
        }
    }

    @inline(__always)
    private mutating func parseString() throws(DialectError) -> String {
        String(decoding: try lex.stringBytes(), as: UTF8.self)
    }

    private mutating func enterContainer() throws(DialectError) {
        depth += 1
        if depth > CanonicalJSON.maximumDepth {
            throw lex.error(at: lex.pos, "nesting deeper than \(CanonicalJSON.maximumDepth) levels; flatten the document")
        }
    }

    private mutating func parseArray() throws(DialectError) -> JSONValue {
        try enterContainer()
        lex.pos += 1
        var elements: [JSONValue] = []
        lex.skipWhitespace()
        if !lex.atEnd && lex.p[lex.pos] == UInt8(ascii: "]") {
            lex.pos += 1; depth -= 1
            return .array(elements)
        }
        while true {
            lex.skipWhitespace()
            if !lex.atEnd && lex.p[lex.pos] == UInt8(ascii: "]") {
                throw lex.error(at: lex.pos, "trailing comma before ']'; expected a value")
            }
            elements.append(try parseValue())
            lex.skipWhitespace()
            if !lex.atEnd && lex.p[lex.pos] == UInt8(ascii: ",") { lex.pos += 1; continue }
            try lex.expect(UInt8(ascii: "]"), "',' or ']'")
            break
        }
        depth -= 1
        return .array(elements)
    }

    private mutating func parseObject() throws(DialectError) -> JSONValue {
        try enterContainer()
        lex.pos += 1
        var members: [JSONObject.Member] = []
        lex.skipWhitespace()
        if !lex.atEnd && lex.p[lex.pos] == UInt8(ascii: "}") {
            lex.pos += 1; depth -= 1
            return .object(JSONObject(sortedMembers: members))
        }
        let offsetsBase = keyOffsets.count
        var sorted = true
        while true {
            lex.skipWhitespace()
            guard !lex.atEnd, lex.p[lex.pos] == UInt8(ascii: "\"") else { throw lex.notAKey() }
            keyOffsets.append(lex.pos)
            let key = ScalarOrder.normalized(try parseString())
            if sorted, let last = members.last {
                let c = ScalarOrder.compare(last.key, key)
                if c == 0 { throw lex.error(at: keyOffsets[keyOffsets.count - 1], "duplicate key \"\(key)\"; keys must be distinct") }
                if c > 0 { sorted = false }
            }
            lex.skipWhitespace()
            try lex.expect(UInt8(ascii: ":"), "':'")
            lex.skipWhitespace()
            members.append(JSONObject.Member(key: key, value: try parseValue()))
            lex.skipWhitespace()
            if !lex.atEnd && lex.p[lex.pos] == UInt8(ascii: ",") { lex.pos += 1; continue }
            try lex.expect(UInt8(ascii: "}"), "',' or '}'")
            break
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
            throw lex.error(at: later, "duplicate key \"\(members[order[i]].key)\"; keys must be distinct")
        }
        return order.map { members[$0] }
    }
}
