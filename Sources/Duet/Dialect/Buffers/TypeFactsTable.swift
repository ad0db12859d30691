/// What a coder needs to know about a type, computed once from its metatype.
/// Must be trivial (no references): the table never deinitializes its values.
protocol TypeFacts {
    init(_ type: Any.Type)
}

/// An open-addressed table from type to facts, fixed size: a conformance lookup is a hash
/// probe in the Swift runtime, a hit here is a few loads. Once full, answers are computed
/// each time instead of cached (a program has few coded types). `Facts` must be trivial.
struct TypeFactsTable<Facts> {
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

    /// The cached answer for `type`, or `make()`'s, kept while the table has room.
    @inline(__always)
    mutating func value(for type: Any.Type, orMake make: () -> Facts) -> Facts {
        let key = UInt(bitPattern: unsafeBitCast(type, to: UnsafeRawPointer.self))
        var slot = Int(truncatingIfNeeded: (key >> 4) ^ (key >> 12)) & (Self.capacity - 1)
        while true {
            let k = keys[slot]
            if k == key { return values[slot] }
            if k == 0 { break }
            slot = (slot + 1) & (Self.capacity - 1)
        }
        let facts = make()
        if count < Self.maxCount {
            keys[slot] = key
            (values + slot).initialize(to: facts)
            count += 1
        }
        return facts
    }

    /// Whether the table kept an answer for every type asked so far (it stops keeping once full).
    var hasRoom: Bool { count < Self.maxCount }

    /// Every answer kept, for an owner that must release what they point to.
    func forEachValue(_ body: (Facts) -> Void) {
        for slot in 0..<Self.capacity where keys[slot] != 0 { body(values[slot]) }
    }
}

extension TypeFactsTable where Facts: TypeFacts {
    @inline(__always)
    mutating func facts(_ type: Any.Type) -> Facts { value(for: type) { Facts(type) } }
}
