/// What the byte encoder makes once per `CodingKey` type and reuses for every value coded
/// with it. Making a `KeyedEncodingContainer` costs the Swift runtime two generic-metadata
/// lookups, a witness-table lookup and an allocation; asking a key for its `stringValue` and
/// escaping it costs more than copying the bytes written the first time.
/// Trivial (it lives in a `TypeFactsTable`); what it points to is freed by `deallocate`.
struct KeyedTypePlan {
    /// The retained box of the type's `KeyedEncodingContainer` (one strong reference).
    let containerBox: UnsafeMutableRawPointer
    /// Written names by the key's bit pattern: kept only for trivial key types of at most one
    /// byte (every synthesized `CodingKeys`), whose bits are the whole value.
    let names: UnsafeMutablePointer<KeyName>?
    /// Bytes of a key's bit pattern (0 or 1) when `names` is kept.
    let keyWidth: Int

    static func id(_ type: Any.Type) -> UInt { UInt(bitPattern: unsafeBitCast(type, to: UnsafeRawPointer.self)) }

    init<Key: CodingKey>(_ type: Key.Type, encoder: ByteEncoder) {
        let container = KeyedEncodingContainer(ByteKeyedEncoder<Key>(encoder: encoder))
        precondition(MemoryLayout<KeyedEncodingContainer<Key>>.size == MemoryLayout<AnyObject>.size,
                     "KeyedEncodingContainer is expected to hold one reference")
        containerBox = Unmanaged.passRetained(unsafeBitCast(container, to: AnyObject.self)).toOpaque()
        let width = MemoryLayout<Key>.size
        if _isPOD(Key.self) && width <= 1 {
            let count = width == 0 ? 1 : 256
            names = .allocate(capacity: count)
            names!.initialize(repeating: KeyName(), count: count)
            keyWidth = width
        } else {
            names = nil
            keyWidth = 0
        }
    }

    /// The container, as a new reference to the kept box.
    @inline(__always)
    func container<Key: CodingKey>(_ type: Key.Type) -> KeyedEncodingContainer<Key> {
        unsafeBitCast(Unmanaged<AnyObject>.fromOpaque(containerBox).takeUnretainedValue(), to: KeyedEncodingContainer<Key>.self)
    }

    func deallocate() {
        Unmanaged<AnyObject>.fromOpaque(containerBox).release()
        names?.deallocate()
    }
}

/// One key's name as written (`"name"`, quotes included) in `ByteEncoder.keyNames`.
struct KeyName {
    enum State: UInt8 {
        case unknown
        /// Written as its bytes: usable as an object key.
        case plain
        /// Written with escapes: fine as a case name, left to the tree as a key.
        case escaped
    }
    var state = State.unknown
    /// The name's place in canonical order among the names of its type learned so far (their
    /// relative order never changes as more are learned); -1 when two keys share a name.
    var rank: Int32 = -1
    var offset: Int32 = 0
    var count: Int32 = 0
}

extension ByteEncoder {
    /// The plan for `Key`; made (and kept while the table has room) the first time.
    @inline(__always)
    func keyedPlan<Key: CodingKey>(_ type: Key.Type) -> KeyedTypePlan {
        if !keyedPlans.pointee.hasRoom { return unkeptPlan(type) }
        return keyedPlans.pointee.value(for: Key.self) { KeyedTypePlan(Key.self, encoder: self) }
    }

    /// Past the table's capacity (a program with that many key types): a plan made for this one
    /// request, released at the encoder's next `reset`.
    @inline(never)
    private func unkeptPlan<Key: CodingKey>(_ type: Key.Type) -> KeyedTypePlan {
        let plan = KeyedTypePlan(Key.self, encoder: self)
        state.unkeptPlans.append(plan)
        return plan
    }

    /// Breaks the reference cycle between this encoder and its kept containers, so it can be
    /// freed; the pool calls it on the encoders it lets go.
    func tearDown() {
        keyedPlans.pointee.forEachValue { $0.deallocate() }
        keyedPlans.pointee.deallocate()
        keyedPlans.pointee = TypeFactsTable()
        releaseUnkeptPlans()
        keyNames.truncate(to: 0)
    }

    func releaseUnkeptPlans() {
        for plan in state.unkeptPlans { plan.deallocate() }
        state.unkeptPlans.removeAll()
    }

    /// Writes a key's name (`"name"`) at the end of the output; `plain`: it holds no escapes;
    /// `entry`: where it is kept, nil when its type's names are not.
    @inline(__always)
    func writeName<Key: CodingKey>(_ key: Key, names: UnsafeMutablePointer<KeyName>?, width: Int) -> (plain: Bool, entry: UnsafeMutablePointer<KeyName>?) {
        guard let names else { return (writeNameAfresh(key), nil) }
        let entry = width == 0 ? names : names + Int(unsafeBitCast(key, to: UInt8.self))
        if entry.pointee.state == .unknown { learnName(key, into: entry, of: names, count: width == 0 ? 1 : 256) }
        out.append(keyNames.view(Int(entry.pointee.offset)..<Int(entry.pointee.offset + entry.pointee.count)))
        return (entry.pointee.state == .plain, entry)
    }

    @inline(never)
    private func learnName<Key: CodingKey>(_ key: Key, into entry: UnsafeMutablePointer<KeyName>,
                                           of names: UnsafeMutablePointer<KeyName>, count: Int) {
        let start = out.count
        let plain = writeNameAfresh(key)
        let written = out.bytes(from: start)
        out.truncate(to: start)
        entry.pointee = KeyName(state: plain ? .plain : .escaped, offset: Int32(keyNames.count), count: Int32(written.count))
        written.withUnsafeBufferPointer { keyNames.append($0) }
        rank(names, count: count)
    }

    /// Ranks every learned name of one key type by its written bytes.
    private func rank(_ names: UnsafeMutablePointer<KeyName>, count: Int) {
        var learned = (0..<count).filter { names[$0].state != .unknown }
        learned.sort { compareNames(names[$0], names[$1]) < 0 }
        let shared = zip(learned, learned.dropFirst()).contains { compareNames(names[$0.0], names[$0.1]) == 0 }
        for (place, i) in learned.enumerated() { names[i].rank = shared ? -1 : Int32(place) }
    }

    private func compareNames(_ a: KeyName, _ b: KeyName) -> Int {
        ScalarOrder.compare(keyNames.view(Int(a.offset + 1)..<Int(a.offset + a.count - 1)),
                            keyNames.view(Int(b.offset + 1)..<Int(b.offset + b.count - 1)))
    }

    private func writeNameAfresh<Key: CodingKey>(_ key: Key) -> Bool {
        let name = key.stringValue
        let start = out.count
        ScalarWriter.appendString(name, to: out)
        return out.count - start == name.utf8.count + 2
    }
}
