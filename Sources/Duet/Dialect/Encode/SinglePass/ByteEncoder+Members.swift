/// Object members and sum payloads as a keyed container writes them, and the coding path
/// read back from the frames. A keyed container writes into the top frame, which must be one
/// opened for its key type: in Codable's contract a container is only used while its value
/// encodes, and a member's value closes its own frames before the next member starts.
extension ByteEncoder {
    /// Where a member was started: its key from `start` (the quote) to `keyEnd`.
    struct MemberStart { var start: Int, keyEnd: Int, name: UnsafeMutablePointer<KeyName>? }

    /// Writes `,"key":` into the top frame, or throws to fall back to the tree.
    @inline(__always)
    func beginMember<Key: CodingKey>(_ key: Key) throws -> MemberStart {
        let top = frames.count - 1
        guard top >= state.slotDepth else { throw NeedsTree() }
        let frame = frames.base + top
        guard frame.pointee.kind == .object || frame.pointee.kind == .sumPayload,
              frame.pointee.keyType == KeyedTypePlan.id(Key.self) || frame.pointee.keyType == 0 else { throw NeedsTree() }
        if frame.pointee.count > 0 { out.append(UInt8(ascii: ",")) }
        let start = out.count
        let name = writeName(key, names: frame.pointee.names, width: frame.pointee.keyWidth)
        guard name.plain else { throw NeedsTree() }
        let keyEnd = out.count
        out.append(UInt8(ascii: ":"))
        return MemberStart(start: start, keyEnd: keyEnd, name: name.entry)
    }

    /// Records the member begun at `member` (or removes it when its value produced nothing).
    @inline(__always)
    func endMember(_ member: MemberStart, produced: Bool) throws {
        let frame = frames.base + (frames.count - 1)
        guard produced else {
            out.truncate(to: frame.pointee.count > 0 ? member.start - 1 : member.start)
            return
        }
        let span = Span(start: member.start, keyEnd: member.keyEnd, end: out.count, name: member.name)
        if frame.pointee.count > 0 {
            let c = compareKeys(spans[spans.count - 1], span)
            if c == 0 { throw NeedsTree() }   // a key written twice: the tree keeps the last
            if c > 0 { frame.pointee.sorted = false }
        }
        spans.append(span)
        frame.pointee.count += 1
    }

    /// A member whose value is any `Encodable`: it is on the coding path while it encodes.
    @inline(__always)
    func encodeMember<Key: CodingKey, T: Encodable>(_ value: T, forKey key: Key) throws {
        let member = try beginMember(key)
        let top = frames.count - 1
        frames[top].inProgress = true
        frames[top].memberStart = member.start
        let produced = try encodeValue(value)
        frames[top].inProgress = false
        try endMember(member, produced: produced)
    }

    /// A sum type's case container `{"case":"name","value":{…}}`: the payload's frame, or nil when
    /// the top frame is not a fresh sum (then the value goes through the tree).
    func openSumPayload<Key: CodingKey, NestedKey: CodingKey>(_ key: Key, keyedBy nested: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let plan = keyedPlan(NestedKey.self)
        let top = frames.count - 1
        guard top >= state.slotDepth, frames[top].kind == .sumOuter, frames[top].count == 0,
              frames[top].keyType == KeyedTypePlan.id(Key.self), KeyedTypePlan.id(NestedKey.self) != KeyedTypePlan.id(Key.self) else {
            state.needsTree = true
            return plan.container(NestedKey.self)
        }
        out.append("\"case\":")
        _ = writeName(key, names: frames[top].names, width: frames[top].keyWidth)
        let marker = out.count
        out.append(",\"value\":{")
        frames[top].count = 1
        var frame = Frame(kind: .sumPayload, id: 0, open: out.count - 1, spanBase: spans.count,
                          keyType: KeyedTypePlan.id(NestedKey.self), names: plan.names, keyWidth: plan.keyWidth)
        frame.valueMarker = marker
        push(frame)
        return plan.container(NestedKey.self)
    }

    // MARK: - The coding path, read from the frames

    /// The members and elements being encoded, outermost first (a sum's case is not a step).
    var path: [PathComponent] {
        var result: [PathComponent] = []
        for i in 0..<frames.count where frames[i].inProgress {
            let frame = frames[i]
            switch frame.kind {
            case .array: result.append(.index(frame.count - 1))
            case .object, .sumPayload: result.append(.key(writtenKey(at: frame.memberStart)))
            case .sumOuter: break
            }
        }
        return result
    }

    /// The key whose quote is at `start` in the output (only plain keys are written one pass).
    private func writtenKey(at start: Int) -> String {
        var end = start + 1
        while end < out.count, out.base[end] != UInt8(ascii: "\"") { end += 1 }
        return String(decoding: out.view((start + 1)..<end), as: UTF8.self)
    }
}
