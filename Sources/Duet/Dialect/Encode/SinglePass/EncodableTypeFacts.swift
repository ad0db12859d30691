import Foundation

/// What the byte encoder needs to know about each Encodable type it meets (kept in a `TypeFactsTable`).
struct EncodableTypeFacts: TypeFacts {
    /// Set when the type writes itself: the encoder skips `Codable` for it. Only adopters'
    /// `CanonicalEncodable` types, compiled specialized in their module: the library's generic
    /// conformances (`Array`, `Optional`) called from here would run unspecialized, slower than `Codable`.
    var writable: (any CanonicalEncodable.Type)?
    var isSumType: Bool
    /// Types written as a dialect scalar instead of through their own `Codable`.
    var scalar: Scalar

    enum Scalar { case none, uuid, date, int64, jsonValue, jsonObject, url, data, fraction }

    init(_ type: Any.Type) {
        writable = type as? any CanonicalEncodable.Type
        isSumType = Self.isEnum(type) && type is any SumType.Type
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(UUID.self): scalar = .uuid
        case ObjectIdentifier(Date.self): scalar = .date
        case ObjectIdentifier(Int64.self): scalar = .int64
        case ObjectIdentifier(JSONValue.self): scalar = .jsonValue
        case ObjectIdentifier(JSONObject.self): scalar = .jsonObject
        case ObjectIdentifier(URL.self): scalar = .url
        case ObjectIdentifier(Data.self): scalar = .data
        case ObjectIdentifier(Double.self), ObjectIdentifier(Float.self), ObjectIdentifier(Decimal.self): scalar = .fraction
        default: scalar = .none
        }
    }

    /// Only enums can be sum types; the metadata kind is cheaper to read than a conformance lookup.
    private static func isEnum(_ type: Any.Type) -> Bool {
        let kind = unsafeBitCast(type, to: UnsafePointer<Int>.self).pointee
        return kind == 0x201   // MetadataKind.enum (Optional is 0x202: its payload is checked on its own)
    }
}
