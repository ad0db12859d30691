/// What a coder needs to know about a type, computed once from its metatype.
/// Must be trivial (no references): the table never deinitializes its values.
protocol TypeFacts {
    init(_ type: Any.Type)
}

/// An open-addressed table from type to facts, fixed size: a conformance lookup is a hash
/// probe in the Swift runtime, a hit here is a few loads. Once full, answers are computed
/// each time instead of cached (a program has few coded types).
struct TypeFactsTable<Facts: TypeFacts> {
    private static var capacity: Int { 256 }
    private static var maxCount: Int { 192 }
    private let keys: UnsafeMutablePointer<UInt>   // metadata address; 0 = free
    private let values: UnsafeMutablePointer<Facts>
    private var count = 0

    init() {
        keys = .allocate(capacity: Self.capacity)
        keys.initialize(repeating: 0, count: Self.capacity)
        values = .allocate(capacity: Self.capacity)
    }

    /// Frees the storage; the table must not be used afterwards.
    func deallocate() {
        keys.deallocate()
        values.deallocate()
    }

    @inline(__always)
    mutating func facts(_ type: Any.Type) -> Facts {
        let key = UInt(bitPattern: unsafeBitCast(type, to: UnsafeRawPointer.self))
        var slot = Int(truncatingIfNeeded: (key >> 4) ^ (key >> 12)) & (Self.capacity - 1)
        while true {
            let k = keys[slot]
            if k == key { return values[slot] }
            if k == 0 { break }
            slot = (slot + 1) & (Self.capacity - 1)
        }
        let facts = Facts(type)
        if count < Self.maxCount {
            keys[slot] = key
            (values + slot).initialize(to: facts)
            count += 1
        }
        return facts
    }
}
