struct KeyedEncoder<Key: CodingKey>: IntegerKeyedEncoding {
    let encoder: DialectEncoder
    let builder: ObjectBuilder

    var codingPath: [CodingKey] { encoder.codingPath }

    /// An explicit nil is omitted, as every nil optional is.
    mutating func encodeNil(forKey key: Key) throws {}
    mutating func encode(_ value: Bool, forKey key: Key) throws { builder.add(key.stringValue, .bool(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws { builder.add(key.stringValue, .string(value)) }
    mutating func encodeInteger<I: FixedWidthInteger>(_ value: I, forKey key: Key) throws {
        builder.add(key.stringValue, try encoder.integer(value, at: .key(key.stringValue)))
    }
    mutating func encode(_ value: Double, forKey key: Key) throws { throw encoder.floatRefusal("Double", at: .key(key.stringValue)) }
    mutating func encode(_ value: Float, forKey key: Key) throws { throw encoder.floatRefusal("Float", at: .key(key.stringValue)) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if let v = try encoder.box(value, at: .key(key.stringValue)) { builder.add(key.stringValue, v) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        deferredEncoder(key.stringValue).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
        deferredEncoder(key.stringValue).unkeyedContainer()
    }

    mutating func superEncoder() -> Encoder { deferredEncoder("super") }
    mutating func superEncoder(forKey key: Key) -> Encoder { deferredEncoder(key.stringValue) }

    private func deferredEncoder(_ key: String) -> DialectEncoder {
        let sub = DialectEncoder(parent: encoder, component: .key(key))
        builder.deferred.append((key, sub))
        return sub
    }
}

struct UnkeyedEncoder: UnkeyedEncodingContainer, IntegerValueEncoding {
    let encoder: DialectEncoder
    let builder: ArrayBuilder

    var codingPath: [CodingKey] { encoder.codingPath }
    var count: Int { builder.elements.count }
    private var next: PathComponent { .index(builder.elements.count) }

    /// Elements keep their position, so nil is written as `null` here.
    mutating func encodeNil() throws { builder.elements.append(.null) }
    mutating func encode(_ value: Bool) throws { builder.elements.append(.bool(value)) }
    mutating func encode(_ value: String) throws { builder.elements.append(.string(value)) }
    mutating func encodeInteger<I: FixedWidthInteger>(_ value: I) throws { builder.elements.append(try encoder.integer(value, at: next)) }
    mutating func encode(_ value: Double) throws { throw encoder.floatRefusal("Double", at: next) }
    mutating func encode(_ value: Float) throws { throw encoder.floatRefusal("Float", at: next) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        builder.elements.append(try encoder.box(value, at: next) ?? .null)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        deferredEncoder().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer { deferredEncoder().unkeyedContainer() }
    mutating func superEncoder() -> Encoder { deferredEncoder() }

    private func deferredEncoder() -> DialectEncoder {
        let index = builder.elements.count
        let sub = DialectEncoder(parent: encoder, component: .index(index))
        builder.elements.append(.null)
        builder.deferred.append((index, sub))
        return sub
    }
}

struct SingleValueEncoder: SingleValueEncodingContainer, IntegerValueEncoding {
    let encoder: DialectEncoder

    var codingPath: [CodingKey] { encoder.codingPath }

    private func set(_ value: JSONValue) { encoder.storage = .value(value) }

    mutating func encodeNil() throws { encoder.storage = .nilValue }
    mutating func encode(_ value: Bool) throws { set(.bool(value)) }
    mutating func encode(_ value: String) throws { set(.string(value)) }
    mutating func encodeInteger<I: FixedWidthInteger>(_ value: I) throws { set(try encoder.integer(value, at: nil)) }
    mutating func encode(_ value: Double) throws { throw encoder.floatRefusal("Double", at: nil) }
    mutating func encode(_ value: Float) throws { throw encoder.floatRefusal("Float", at: nil) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        if let primitive = try encoder.boxPrimitive(value, at: nil) {
            set(primitive)
        } else if T.self is any SumType.Type {
            if let v = try encoder.box(value, at: nil) { set(v) } else { encoder.storage = .nilValue }
        } else {
            // Wrappers (Optional, property wrappers) encode in place: no extra encoder.
            encoder.storage = .nothing
            try value.encode(to: encoder)
        }
    }
}
