/// What the byte encoder needs to know about each Encodable type it meets, asked once per type:
/// a conformance lookup is a hash probe in the Swift runtime, a cache hit here is a few loads.
struct EncodableTypeFacts {
    /// Set when the type writes itself: the encoder skips `Codable` for it. Only adopters'
    /// `CanonicalEncodable` types, compiled specialized in their module: the library's generic
    /// conformances (`Array`, `Optional`) called from here would run unspecialized, slower than `Codable`.
    var writable: (any CanonicalEncodable.Type)?
    var isSumType: Bool

    init(_ type: Any.Type) {
        writable = type as? any CanonicalEncodable.Type
        isSumType = Self.isEnum(type) && type is any SumType.Type
    }

    /// Only enums can be sum types; the metadata kind is cheaper to read than a conformance lookup.
    private static func isEnum(_ type: Any.Type) -> Bool {
        let kind = unsafeBitCast(type, to: UnsafePointer<Int>.self).pointee
        return kind == 0x201   // MetadataKind.enum (Optional is 0x202: its payload is checked on its own)
    }
}

/// An open-addressed table from type to facts, fixed size: once full, answers are computed
/// each time instead of cached (a program has few encodable types).
struct EncodableTypeFactsTable {
    private static let capacity = 256
    private static let maxCount = 192
    private let keys: UnsafeMutablePointer<UInt>   // metadata address; 0 = free
    private let values: UnsafeMutablePointer<EncodableTypeFacts>
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
    mutating func facts(_ type: Any.Type) -> EncodableTypeFacts {
        let key = UInt(bitPattern: unsafeBitCast(type, to: UnsafeRawPointer.self))
        var slot = Int(truncatingIfNeeded: (key >> 4) ^ (key >> 12)) & (Self.capacity - 1)
        while true {
            let k = keys[slot]
            if k == key { return values[slot] }
            if k == 0 { break }
            slot = (slot + 1) & (Self.capacity - 1)
        }
        let facts = EncodableTypeFacts(type)
        if count < Self.maxCount {
            keys[slot] = key
            (values + slot).initialize(to: facts)
            count += 1
        }
        return facts
    }
}
