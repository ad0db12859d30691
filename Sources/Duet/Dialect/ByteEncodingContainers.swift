struct ByteKeyedEncoder<Key: CodingKey>: IntegerKeyedEncoding {
    let encoder: ByteEncoder
    let depth: Int
    let id: Int

    var codingPath: [CodingKey] { encoder.codingPath }

    /// Writes `,"key":` and returns where the member starts, or throws to fall back to the tree.
    @inline(__always)
    private func begin(_ key: Key) throws -> (start: Int, keyEnd: Int, name: String) {
        try encoder.activate(depth, id)
        let frame = encoder.frames.base + depth
        guard frame.pointee.kind == .object || frame.pointee.kind == .sumPayload else { throw ByteEncoder.NeedsTree() }
        let out = encoder.out
        if frame.pointee.count > 0 { out.append(UInt8(ascii: ",")) }
        let start = out.count
        let name = key.stringValue
        ScalarWriter.appendString(name, to: out)
        let keyEnd = out.count
        if keyEnd - start != name.utf8.count + 2 { throw ByteEncoder.NeedsTree() }   // key with escapes
        out.append(UInt8(ascii: ":"))
        return (start, keyEnd, name)
    }

    @inline(__always)
    private func end(_ member: (start: Int, keyEnd: Int, name: String), produced: Bool) throws {
        let out = encoder.out
        guard produced else {
            out.truncate(to: encoder.frames[depth].count > 0 ? member.start - 1 : member.start)
            return
        }
        let span = ByteEncoder.Span(start: member.start, keyEnd: member.keyEnd, end: out.count)
        if encoder.frames[depth].count > 0 {
            let c = encoder.compareKeys(encoder.spans[encoder.spans.count - 1], span)
            if c == 0 { throw ByteEncoder.NeedsTree() }   // a key written twice: the tree keeps the last
            if c > 0 { encoder.frames[depth].sorted = false }
        }
        encoder.spans.append(span)
        encoder.frames[depth].count += 1
    }

    @inline(__always)
    private func int(_ value: Int64, _ key: Key) throws {
        let start = try begin(key)
        ScalarWriter.appendInt(value, to: encoder.out)
        try end(start, produced: true)
    }

    @inline(__always)
    func encodeInteger<I: FixedWidthInteger>(_ value: I, forKey key: Key) throws {
        guard let v = Int64(exactly: value) else {
            throw encoder.refusal(at: .key(key.stringValue), "\(value) does not fit a 64-bit signed integer, the dialect's only number")
        }
        try int(v, key)
    }

    mutating func encodeNil(forKey key: Key) throws { try encoder.activate(depth, id) }
    mutating func encode(_ value: Bool, forKey key: Key) throws {
        let start = try begin(key)
        encoder.out.append(value ? "true" : "false")
        try end(start, produced: true)
    }
    mutating func encode(_ value: String, forKey key: Key) throws {
        let start = try begin(key)
        ScalarWriter.appendString(value, to: encoder.out)
        try end(start, produced: true)
    }
    mutating func encode(_ value: Double, forKey key: Key) throws { throw floatRefusal("Double", key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { throw floatRefusal("Float", key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        let start = try begin(key)
        try end(start, produced: try encoder.encodeValue(value, at: .key(start.name)))
    }

    private func floatRefusal(_ name: String, _ key: Key) -> CodingRefusal {
        encoder.refusal(at: .key(key.stringValue), "\(name) is not part of the dialect (integers only): store minor units as an integer, or a string")
    }

    /// Only a sum type's case container is written in one pass; other nested containers fall back.
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        guard (try? encoder.activate(depth, id)) != nil, encoder.frames[depth].kind == .sumOuter, encoder.frames[depth].count == 0 else {
            encoder.needsTree = true
            return KeyedEncodingContainer(ByteKeyedEncoder<NestedKey>(encoder: encoder, depth: -1, id: -1))
        }
        let out = encoder.out
        out.append("\"case\":")
        ScalarWriter.appendString(key.stringValue, to: out)
        let marker = out.count
        out.append(",\"value\":{")
        encoder.frames[depth].count = 1
        encoder.nextFrameID += 1
        var frame = ByteEncoder.Frame(kind: .sumPayload, id: encoder.nextFrameID, open: out.count - 1, spanBase: encoder.spans.count)
        frame.valueMarker = marker
        encoder.frames.append(frame)
        encoder.path.append(.key(key.stringValue))
        defer { encoder.path.removeLast() }
        return KeyedEncodingContainer(ByteKeyedEncoder<NestedKey>(encoder: encoder, depth: depth + 1, id: frame.id))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
        encoder.needsTree = true
        return ByteUnkeyedEncoder(encoder: encoder, depth: -1, id: -1)
    }

    mutating func superEncoder() -> Encoder { encoder.needsTree = true; return encoder }
    mutating func superEncoder(forKey key: Key) -> Encoder { encoder.needsTree = true; return encoder }
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
        let index = count
        try begin()
        if try !encoder.encodeValue(value, at: .index(index)) { encoder.out.append("null") }
    }

    private func floatRefusal(_ name: String) -> CodingRefusal {
        encoder.refusal(at: .index(count), "\(name) is not part of the dialect (integers only): store minor units as an integer, or a string")
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        encoder.needsTree = true
        return KeyedEncodingContainer(ByteKeyedEncoder<NestedKey>(encoder: encoder, depth: -1, id: -1))
    }

    mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
        encoder.needsTree = true
        return ByteUnkeyedEncoder(encoder: encoder, depth: -1, id: -1)
    }

    mutating func superEncoder() -> Encoder { encoder.needsTree = true; return encoder }
}

struct ByteSingleValueEncoder: SingleValueEncodingContainer, IntegerValueEncoding {
    let encoder: ByteEncoder
    /// The frame depth of the value this container writes.
    let depth: Int

    var codingPath: [CodingKey] { encoder.codingPath }

    /// One write per value, at the end of the output.
    @inline(__always)
    private func begin() throws {
        guard encoder.slot == .nothing, encoder.frames.count == depth else { throw ByteEncoder.NeedsTree() }
        encoder.slot = .value
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
        guard encoder.slot == .nothing, encoder.frames.count == depth else { throw ByteEncoder.NeedsTree() }
        encoder.slot = .nilValue
    }
    mutating func encode(_ value: Bool) throws { try begin(); encoder.out.append(value ? "true" : "false") }
    mutating func encode(_ value: String) throws { try begin(); ScalarWriter.appendString(value, to: encoder.out) }
    mutating func encode(_ value: Double) throws { throw floatRefusal("Double") }
    mutating func encode(_ value: Float) throws { throw floatRefusal("Float") }

    mutating func encode<T: Encodable>(_ value: T) throws {
        guard encoder.slot == .nothing, encoder.frames.count == depth else { throw ByteEncoder.NeedsTree() }
        encoder.slot = try encoder.encodeValue(value) ? .value : .nilValue
    }

    private func floatRefusal(_ name: String) -> CodingRefusal {
        encoder.refusal(at: nil, "\(name) is not part of the dialect (integers only): store minor units as an integer, or a string")
    }
}
