/// The strict parser: bytes in, `JSONValue` out, or a `DialectError` at 1-based line and
/// column, where the column counts bytes from the start of the line.
struct Parser {
    private var lex: Lexer
    /// Byte offsets of the keys of the objects being parsed (a stack), for duplicate-key errors.
    private var keyOffsets: [Int] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>) { lex = Lexer(bytes) }

    mutating func parseDocument() throws(DialectError) -> JSONValue {
        try lex.beginDocument()
        let value = try parseValue()
        try lex.endDocument()
        return value
    }

    private mutating func parseValue() throws(DialectError) -> JSONValue {
        switch try lex.valueStart() {
        case .object: return try parseObject()
        case .array: return try parseArray()
        case .string: return .string(try parseString())
        case .integer: return .int(try lex.integer())
        case .bool(let b): return .bool(b)
        case .null: return .null
        }
    }

    @inline(__always)
    private mutating func parseString() throws(DialectError) -> String {
        String(decoding: try lex.stringBytes(), as: UTF8.self)
    }

    private mutating func parseArray() throws(DialectError) -> JSONValue {
        var elements: [JSONValue] = []
        if try lex.openArray() { return .array(elements) }
        repeat {
            try lex.beginElement()
            elements.append(try parseValue())
        } while try lex.nextElement()
        return .array(elements)
    }

    private mutating func parseObject() throws(DialectError) -> JSONValue {
        var members: [JSONObject.Member] = []
        if try lex.openObject() { return .object(JSONObject(sortedMembers: members)) }
        let offsetsBase = keyOffsets.count
        var sorted = true
        repeat {
            keyOffsets.append(try lex.beginMember())
            let key = ScalarOrder.normalized(try parseString())
            if sorted, let last = members.last {
                let c = ScalarOrder.compare(last.key, key)
                if c == 0 { throw lex.error(at: keyOffsets[keyOffsets.count - 1], "duplicate key \"\(key)\"; keys must be distinct") }
                if c > 0 { sorted = false }
            }
            try lex.keyValueSeparator()
            members.append(JSONObject.Member(key: key, value: try parseValue()))
        } while try lex.nextMember()
        if !sorted { members = try sortMembers(members, offsetsBase: offsetsBase) }
        keyOffsets.removeSubrange(offsetsBase...)
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
