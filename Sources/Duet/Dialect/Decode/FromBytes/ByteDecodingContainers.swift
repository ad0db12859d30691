/// The byte decoder's keyed container over an object's sorted member table (binary search per
/// key). In a sum type's payload it also answers `_0` the way `KeyedDecoder` does.
struct ByteKeyedContainer<Key: CodingKey>: IntegerKeyedDecoding {
    let decoder: ByteDecoder
    let first: Int
    let count: Int
    /// The value that answers `_0` when no member is `_0` (a sum type's payload), else nil.
    var firstUnlabelled: Int? = nil
    /// The payload was a single value shown as `{"_0": …}`: `_0` is one of `allKeys`.
    var listsFirstUnlabelled = false

    var codingPath: [CodingKey] { decoder.codingPath }

    var allKeys: [Key] {
        if listsFirstUnlabelled { return Key(stringValue: SumTypeCoding.firstUnlabelled).map { [$0] } ?? [] }
        return (first..<(first + count)).compactMap { Key(stringValue: decoder.document.key(at: $0)) }
    }

    func contains(_ key: Key) -> Bool { lookup(key.stringValue) != nil }

    @inline(__always)
    private func lookup(_ name: String) -> Int? {
        if let value = decoder.document.memberValue(named: name, first: first, count: count) { return value }
        if let firstUnlabelled, name == SumTypeCoding.firstUnlabelled { return firstUnlabelled }
        return nil
    }

    private func require(_ name: String) throws -> Int {
        guard let value = lookup(name) else { throw decoder.missingKey(name) }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let value = lookup(key.stringValue) else { return true }
        return decoder.document[value].kind == .null
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        let name = key.stringValue
        return try decoder.bool(require(name), at: .key(name))
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        let name = key.stringValue
        return try decoder.string(require(name), at: .key(name))
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { throw decoder.floatRefusal("Double", at: .key(key.stringValue)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { throw decoder.floatRefusal("Float", at: .key(key.stringValue)) }

    func decodeInteger<I: FixedWidthInteger>(_ type: I.Type, forKey key: Key) throws -> I {
        let name = key.stringValue
        return try decoder.integer(require(name), I.self, at: .key(name))
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let name = key.stringValue
        if let value = lookup(name) { return try decoder.unbox(value, as: type, at: .key(name)) }
        // An omitted member was nil: Optionals, and wrappers that accept nil, decode from null.
        if decoder.document.isOptional(T.self) { return try decoder.nullDecoder().unbox(.null, as: type, at: .key(name)) }
        if T.self != JSONValue.self, let value = try? decoder.nullDecoder().unbox(.null, as: type, at: .key(name)) { return value }
        throw decoder.missingKey(name)
    }

    /// One lookup instead of the default's three (contains, decodeNil, decode); same answers.
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        let name = key.stringValue
        guard let value = lookup(name), decoder.document[value].kind != .null else { return nil }
        return try decoder.unbox(value, as: type, at: .key(name))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        let name = key.stringValue
        let value = try require(name)
        let v = decoder.document[value]
        guard v.kind == .object else { throw decoder.mismatch("an object", value, at: .key(name)) }
        let sub = decoder.child(value, at: .key(name))
        return KeyedDecodingContainer(ByteKeyedContainer<NestedKey>(decoder: sub, first: v.first, count: v.count))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
        let name = key.stringValue
        let value = try require(name)
        let v = decoder.document[value]
        guard v.kind == .array else { throw decoder.mismatch("an array", value, at: .key(name)) }
        let sub = decoder.child(value, at: .key(name))
        return DialectUnkeyedContainer(decoder: sub, elements: sub.elements(of: value))
    }

    func superDecoder() throws -> Decoder {
        guard let value = decoder.document.memberValue(named: "super", first: first, count: count) else {
            return DialectDecoder(value: .null, parent: decoder, component: .key("super"))
        }
        return decoder.child(value, at: .key("super"))
    }

    func superDecoder(forKey key: Key) throws -> Decoder {
        let name = key.stringValue
        guard let value = lookup(name) else { return DialectDecoder(value: .null, parent: decoder, component: .key(name)) }
        return decoder.child(value, at: .key(name))
    }
}

/// An array's elements on the tape: each element's `next` is the index past its subtree.
struct TapeElements: DialectElements {
    let document: ByteDocument
    let count: Int
    /// Tape index of the next element.
    var cursor: Int
    mutating func next() -> Int { defer { cursor = document[cursor].next }; return cursor }
    func peek() -> Int { cursor }
}
