/// `JSONValue` and `JSONObject` can sit inside Codable types (scenario data, protocol
/// messages). The canonical coders pass them through untouched; other coders get plain JSON.
extension JSONValue: Codable {
    public init(from decoder: Decoder) throws {
        if let c = try? decoder.singleValueContainer() {
            if c.decodeNil() { self = .null; return }
            if let b = try? c.decode(Bool.self) { self = .bool(b); return }
            if let i = try? c.decode(Int64.self) { self = .int(i); return }
            if let s = try? c.decode(String.self) { self = .string(s); return }
        }
        if var a = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !a.isAtEnd { elements.append(try a.decode(JSONValue.self)) }
            self = .array(elements)
            return
        }
        self = .object(try JSONObject(from: decoder))
    }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .null: var c = encoder.singleValueContainer(); try c.encodeNil()
        case .bool(let b): var c = encoder.singleValueContainer(); try c.encode(b)
        case .int(let i): var c = encoder.singleValueContainer(); try c.encode(i)
        case .string(let s): var c = encoder.singleValueContainer(); try c.encode(s)
        case .array(let a): var c = encoder.unkeyedContainer(); for v in a { try c.encode(v) }
        case .object(let o): try o.encode(to: encoder)
        }
    }
}

extension JSONObject: Codable {
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: DialectCodingKey.self)
        var pairs: [(String, JSONValue)] = []
        for key in c.allKeys { pairs.append((key.stringValue, try c.decode(JSONValue.self, forKey: key))) }
        try self.init(pairs)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: DialectCodingKey.self)
        for m in members { try c.encode(m.value, forKey: DialectCodingKey(stringValue: m.key)) }
    }
}
