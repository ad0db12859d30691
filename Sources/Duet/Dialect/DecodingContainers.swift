struct KeyedDecoder<Key: CodingKey>: IntegerKeyedDecoding {
    let decoder: DialectDecoder
    let object: JSONObject
    /// In a sum type's payload container: answers `_0` when the payload does not hold `_0`.
    let wholePayload: JSONValue?
    /// In a sum type's outer container: handed to the payload container.
    let forwardPayload: JSONValue?

    var codingPath: [CodingKey] { decoder.codingPath }
    var allKeys: [Key] { object.members.compactMap { Key(stringValue: $0.key) } }

    func contains(_ key: Key) -> Bool { lookup(key) != nil }

    private func lookup(_ key: Key) -> JSONValue? {
        if let v = object[key.stringValue] { return v }
        if let wholePayload, key.stringValue == SumTypeCoding.firstUnlabelled { return wholePayload }
        return nil
    }

    private func require(_ key: Key) throws -> JSONValue {
        guard let v = lookup(key) else {
            throw decoder.refusal(at: .key(key.stringValue), "missing key \"\(key.stringValue)\"")
        }
        return v
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let v = lookup(key) else { return true }
        if case .null = v { return true }
        return false
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder.bool(require(key), at: .key(key.stringValue)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoder.string(require(key), at: .key(key.stringValue)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { throw decoder.floatRefusal("Double", at: .key(key.stringValue)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { throw decoder.floatRefusal("Float", at: .key(key.stringValue)) }

    func decodeInteger<I: FixedWidthInteger>(_ type: I.Type, forKey key: Key) throws -> I {
        try decoder.integer(require(key), I.self, at: .key(key.stringValue))
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        if let value = lookup(key) { return try decoder.unbox(value, as: type, at: .key(key.stringValue)) }
        // An omitted member was nil: Optionals, and wrappers that accept nil, decode from null.
        if T.self is any OptionalDecodingMarker.Type { return try decoder.unbox(.null, as: type, at: .key(key.stringValue)) }
        if T.self != JSONValue.self, let value = try? decoder.unbox(.null, as: type, at: .key(key.stringValue)) { return value }
        throw decoder.refusal(at: .key(key.stringValue), "missing key \"\(key.stringValue)\"")
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        let value = try require(key)
        guard case .object(let o) = value else { throw decoder.mismatch("an object", value, at: .key(key.stringValue)) }
        let sub = DialectDecoder(value: value, parent: decoder, component: .key(key.stringValue))
        return KeyedDecodingContainer(KeyedDecoder<NestedKey>(decoder: sub, object: o, wholePayload: forwardPayload, forwardPayload: nil))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
        let value = try require(key)
        guard case .array(let a) = value else { throw decoder.mismatch("an array", value, at: .key(key.stringValue)) }
        return UnkeyedDecoder(decoder: DialectDecoder(value: value, parent: decoder, component: .key(key.stringValue)), elements: a)
    }

    func superDecoder() throws -> Decoder {
        DialectDecoder(value: object["super"] ?? .null, parent: decoder, component: .key("super"))
    }

    func superDecoder(forKey key: Key) throws -> Decoder {
        DialectDecoder(value: lookup(key) ?? .null, parent: decoder, component: .key(key.stringValue))
    }
}

struct UnkeyedDecoder: IntegerUnkeyedDecoding {
    let decoder: DialectDecoder
    let elements: [JSONValue]
    var currentIndex = 0

    init(decoder: DialectDecoder, elements: [JSONValue]) {
        self.decoder = decoder
        self.elements = elements
    }

    var codingPath: [CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private mutating func next() throws -> (JSONValue, PathComponent) {
        guard !isAtEnd else {
            throw decoder.refusal(at: .index(currentIndex), "array has only \(elements.count) elements")
        }
        defer { currentIndex += 1 }
        return (elements[currentIndex], .index(currentIndex))
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, case .null = elements[currentIndex] else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { let (v, c) = try next(); return try decoder.bool(v, at: c) }
    mutating func decode(_ type: String.Type) throws -> String { let (v, c) = try next(); return try decoder.string(v, at: c) }
    mutating func decode(_ type: Double.Type) throws -> Double { throw decoder.floatRefusal("Double", at: .index(currentIndex)) }
    mutating func decode(_ type: Float.Type) throws -> Float { throw decoder.floatRefusal("Float", at: .index(currentIndex)) }

    mutating func decodeInteger<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        let (v, c) = try next()
        return try decoder.integer(v, I.self, at: c)
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (v, c) = try next()
        return try decoder.unbox(v, as: type, at: c)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (v, c) = try next()
        return try DialectDecoder(value: v, parent: decoder, component: c).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer {
        let (v, c) = try next()
        return try DialectDecoder(value: v, parent: decoder, component: c).unkeyedContainer()
    }

    mutating func superDecoder() throws -> Decoder {
        let (v, c) = try next()
        return DialectDecoder(value: v, parent: decoder, component: c)
    }
}

struct SingleValueDecoder: IntegerSingleValueDecoding {
    let decoder: DialectDecoder

    var codingPath: [CodingKey] { decoder.codingPath }
    private var value: JSONValue { decoder.value }

    func decodeNil() -> Bool { if case .null = value { return true }; return false }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.bool(value, at: nil) }
    func decodeInteger<I: FixedWidthInteger>(_ type: I.Type) throws -> I { try decoder.integer(value, I.self, at: nil) }
    func decode(_ type: String.Type) throws -> String { try decoder.string(value, at: nil) }
    func decode(_ type: Double.Type) throws -> Double { throw decoder.floatRefusal("Double", at: nil) }
    func decode(_ type: Float.Type) throws -> Float { throw decoder.floatRefusal("Float", at: nil) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decoder.unbox(value, as: type, at: nil)
    }
}
