/// What the byte encoder needs to know about each Encodable type it meets (kept in a `TypeFactsTable`).
struct EncodableTypeFacts: TypeFacts {
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
