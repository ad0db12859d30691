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
        let sub = ByteDecoder(document: decoder.document, index: value, parent: decoder, component: .key(name))
        return KeyedDecodingContainer(ByteKeyedContainer<NestedKey>(decoder: sub, first: v.first, count: v.count))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
        let name = key.stringValue
        let value = try require(name)
        let v = decoder.document[value]
        guard v.kind == .array else { throw decoder.mismatch("an array", value, at: .key(name)) }
        let sub = ByteDecoder(document: decoder.document, index: value, parent: decoder, component: .key(name))
        return ByteUnkeyedContainer(decoder: sub, elementCount: v.count, cursor: value + 1)
    }

    func superDecoder() throws -> Decoder {
        guard let value = decoder.document.memberValue(named: "super", first: first, count: count) else {
            return DialectDecoder(value: .null, parent: decoder, component: .key("super"))
        }
        return ByteDecoder(document: decoder.document, index: value, parent: decoder, component: .key("super"))
    }

    func superDecoder(forKey key: Key) throws -> Decoder {
        let name = key.stringValue
        guard let value = lookup(name) else { return DialectDecoder(value: .null, parent: decoder, component: .key(name)) }
        return ByteDecoder(document: decoder.document, index: value, parent: decoder, component: .key(name))
    }
}

/// Walks an array's elements on the tape.
struct ByteUnkeyedContainer: IntegerUnkeyedDecoding {
    let decoder: ByteDecoder
    let elementCount: Int
    /// Tape index of the next element.
    var cursor: Int
    var currentIndex = 0

    init(decoder: ByteDecoder, elementCount: Int, cursor: Int) {
        self.decoder = decoder
        self.elementCount = elementCount
        self.cursor = cursor
    }

    var codingPath: [CodingKey] { decoder.codingPath }
    var count: Int? { elementCount }
    var isAtEnd: Bool { currentIndex >= elementCount }

    private mutating func next() throws -> (Int, PathComponent) {
        guard !isAtEnd else {
            throw decoder.refusal(at: .index(currentIndex), "array has only \(elementCount) elements")
        }
        let element = cursor
        cursor = decoder.document[element].next
        defer { currentIndex += 1 }
        return (element, .index(currentIndex))
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, decoder.document[cursor].kind == .null else { return false }
        _ = try next()
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
        return try ByteDecoder(document: decoder.document, index: v, parent: decoder, component: c).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer {
        let (v, c) = try next()
        return try ByteDecoder(document: decoder.document, index: v, parent: decoder, component: c).unkeyedContainer()
    }

    mutating func superDecoder() throws -> Decoder {
        let (v, c) = try next()
        return ByteDecoder(document: decoder.document, index: v, parent: decoder, component: c)
    }
}

struct ByteSingleValueContainer: IntegerSingleValueDecoding {
    let decoder: ByteDecoder

    var codingPath: [CodingKey] { decoder.codingPath }
    private var index: Int { decoder.index }

    func decodeNil() -> Bool { decoder.document[index].kind == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.bool(index, at: nil) }
    func decodeInteger<I: FixedWidthInteger>(_ type: I.Type) throws -> I { try decoder.integer(index, I.self, at: nil) }
    func decode(_ type: String.Type) throws -> String { try decoder.string(index, at: nil) }
    func decode(_ type: Double.Type) throws -> Double { throw decoder.floatRefusal("Double", at: nil) }
    func decode(_ type: Float.Type) throws -> Float { throw decoder.floatRefusal("Float", at: nil) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decoder.unbox(index, as: type, at: nil)
    }
}
