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
        guard let v = lookup(key) else { throw decoder.missingKey(key.stringValue) }
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
        throw decoder.missingKey(key.stringValue)
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
        return DialectUnkeyedContainer(decoder: decoder.child(value, at: .key(key.stringValue)), elements: TreeElements(elements: a))
    }

    func superDecoder() throws -> Decoder {
        DialectDecoder(value: object["super"] ?? .null, parent: decoder, component: .key("super"))
    }

    func superDecoder(forKey key: Key) throws -> Decoder {
        DialectDecoder(value: lookup(key) ?? .null, parent: decoder, component: .key(key.stringValue))
    }
}
