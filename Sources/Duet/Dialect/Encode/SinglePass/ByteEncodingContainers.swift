/// A keyed container: made once per key type and reused (`KeyedTypePlan`), so it holds no
/// state of its own; it writes into the encoder's top frame.
struct ByteKeyedEncoder<Key: CodingKey>: IntegerKeyedEncoding {
    let encoder: ByteEncoder

    var codingPath: [CodingKey] { encoder.codingPath }

    @inline(__always)
    func encodeInteger<I: FixedWidthInteger>(_ value: I, forKey key: Key) throws {
        guard let v = Int64(exactly: value) else {
            throw encoder.refusal(at: .key(key.stringValue), "\(value) does not fit a 64-bit signed integer, the dialect's only number")
        }
        let member = try encoder.beginMember(key)
        ScalarWriter.appendInt(v, to: encoder.out)
        try encoder.endMember(member, produced: true)
    }

    mutating func encodeNil(forKey key: Key) throws {
        guard encoder.frames.count - 1 >= encoder.state.slotDepth else { throw ByteEncoder.NeedsTree() }
    }
    mutating func encode(_ value: Bool, forKey key: Key) throws {
        let member = try encoder.beginMember(key)
        encoder.out.append(value ? "true" : "false")
        try encoder.endMember(member, produced: true)
    }
    mutating func encode(_ value: String, forKey key: Key) throws {
        let member = try encoder.beginMember(key)
        ScalarWriter.appendString(value, to: encoder.out)
        try encoder.endMember(member, produced: true)
    }
    mutating func encode(_ value: Double, forKey key: Key) throws { throw floatRefusal("Double", key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { throw floatRefusal("Float", key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encoder.encodeMember(value, forKey: key)
    }

    // Optionals without the protocol's default hop (nil: no member).
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { if let value { try encodeInteger(value, forKey: key) } }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { if let value { try encodeInteger(value, forKey: key) } }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encoder.encodeMember(value, forKey: key) }
    }

    private func floatRefusal(_ name: String, _ key: Key) -> CodingRefusal {
        encoder.refusal(at: .key(key.stringValue), "\(name) is not part of the dialect (integers only): store minor units as an integer, or a string")
    }

    /// Only a sum type's case container is written in one pass; other nested containers fall back.
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        encoder.openSumPayload(key, keyedBy: NestedKey.self)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
        encoder.state.needsTree = true
        return ByteUnkeyedEncoder(encoder: encoder, depth: -1, id: -1)
    }

    mutating func superEncoder() -> Encoder { encoder.state.needsTree = true; return encoder }
    mutating func superEncoder(forKey key: Key) -> Encoder { encoder.state.needsTree = true; return encoder }
}

struct ByteUnkeyedEncoder: UnkeyedEncodingContainer, IntegerValueEncoding {
    let encoder: ByteEncoder
    let depth: Int
    let id: Int

    var codingPath: [CodingKey] { encoder.codingPath }
    var count: Int { depth >= 0 && depth < encoder.frames.count ? encoder.frames[depth].count : 0 }

    @inline(__always)
    private func begin() throws {
        try encoder.activate(depth, id)
        if encoder.frames[depth].count > 0 { encoder.out.append(UInt8(ascii: ",")) }
        encoder.frames[depth].count += 1
    }

    @inline(__always)
    private func int(_ value: Int64) throws { try begin(); ScalarWriter.appendInt(value, to: encoder.out) }

    @inline(__always)
    func encodeInteger<I: FixedWidthInteger>(_ value: I) throws {
        guard let v = Int64(exactly: value) else {
            throw encoder.refusal(at: .index(count), "\(value) does not fit a 64-bit signed integer, the dialect's only number")
        }
        try int(v)
    }

    /// Elements keep their position, so nil is written as `null` here.
    mutating func encodeNil() throws { try begin(); encoder.out.append("null") }
    mutating func encode(_ value: Bool) throws { try begin(); encoder.out.append(value ? "true" : "false") }
    mutating func encode(_ value: String) throws { try begin(); ScalarWriter.appendString(value, to: encoder.out) }
    mutating func encode(_ value: Double) throws { throw floatRefusal("Double") }
    mutating func encode(_ value: Float) throws { throw floatRefusal("Float") }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try begin()
        encoder.frames[depth].inProgress = true
        let produced = try encoder.encodeValue(value)
        encoder.frames[depth].inProgress = false
        if !produced { encoder.out.append("null") }
    }

    private func floatRefusal(_ name: String) -> CodingRefusal {
        encoder.refusal(at: .index(count), "\(name) is not part of the dialect (integers only): store minor units as an integer, or a string")
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        encoder.state.needsTree = true
        return encoder.keyedPlan(NestedKey.self).container(NestedKey.self)
    }

    mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
        encoder.state.needsTree = true
        return ByteUnkeyedEncoder(encoder: encoder, depth: -1, id: -1)
    }

    mutating func superEncoder() -> Encoder { encoder.state.needsTree = true; return encoder }
}

struct ByteSingleValueEncoder: SingleValueEncodingContainer, IntegerValueEncoding {
    let encoder: ByteEncoder
    /// The frame depth of the value this container writes.
    let depth: Int

    var codingPath: [CodingKey] { encoder.codingPath }

    /// One write per value, at the end of the output.
    @inline(__always)
    private func begin() throws {
        guard encoder.state.slot == .nothing, encoder.frames.count == depth else { throw ByteEncoder.NeedsTree() }
        encoder.state.slot = .value
    }

    @inline(__always)
    private func int(_ value: Int64) throws { try begin(); ScalarWriter.appendInt(value, to: encoder.out) }

    @inline(__always)
    func encodeInteger<I: FixedWidthInteger>(_ value: I) throws {
        guard let v = Int64(exactly: value) else {
            throw encoder.refusal(at: nil, "\(value) does not fit a 64-bit signed integer, the dialect's only number")
        }
        try int(v)
    }

    mutating func encodeNil() throws {
        guard encoder.state.slot == .nothing, encoder.frames.count == depth else { throw ByteEncoder.NeedsTree() }
        encoder.state.slot = .nilValue
    }
    mutating func encode(_ value: Bool) throws { try begin(); encoder.out.append(value ? "true" : "false") }
    mutating func encode(_ value: String) throws { try begin(); ScalarWriter.appendString(value, to: encoder.out) }
    mutating func encode(_ value: Double) throws { throw floatRefusal("Double") }
    mutating func encode(_ value: Float) throws { throw floatRefusal("Float") }

    mutating func encode<T: Encodable>(_ value: T) throws {
        guard encoder.state.slot == .nothing, encoder.frames.count == depth else { throw ByteEncoder.NeedsTree() }
        encoder.state.slot = try encoder.encodeValue(value) ? .value : .nilValue
    }

    private func floatRefusal(_ name: String) -> CodingRefusal {
        encoder.refusal(at: nil, "\(name) is not part of the dialect (integers only): store minor units as an integer, or a string")
    }
}
