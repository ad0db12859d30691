/// A type that writes its own canonical JSON, bypassing `Codable` (about three times as fast:
/// no containers, no boxing). `CanonicalEncoder().canonicalBytes` uses it whenever the value,
/// or any value nested in a Codable-only type, conforms. Keep the synthesized `Codable`: it is
/// what the decoder, the tree encoder and `CanonicalConformanceCheck` use.
///
/// ```swift
/// extension Author: CanonicalEncodable {
///     func writeCanonical(to writer: inout CanonicalWriter) throws {
///         try writer.object { o in
///             try o.member("displayName", displayName)   // keys in canonical (UTF-8 byte) order
///             try o.member("id", id)
///             try o.member("initials", initials)          // a nil Optional is omitted
///         }
///     }
/// }
/// extension Visibility: CanonicalEncodable {}          // raw-value enums: nothing to write
/// ```
///
/// Sum types write `try writer.sum("settings")`, `try writer.sum("inviteCode") { o in … }` or
/// `try writer.sum("selected", value: id)`. Prove a conformance in a test with
/// `XCTAssertNil(try CanonicalConformanceCheck.firstDivergence(sample))`.
public protocol CanonicalEncodable: CanonicalWritable {}

/// A value `CanonicalWriter` accepts: `String`, the fixed-width integers, `Bool`, `UUID`,
/// `Date`, `URL`, `Data`, `JSONValue`, `JSONObject`, `Optional`, `Array`, `[String: V]`,
/// raw-value enums and every `CanonicalEncodable`. `Double` and `Float` do not conform:
/// the dialect has integers only.
public protocol CanonicalWritable: Encodable {
    /// Writes exactly one value: a scalar, `writer.object { … }`, `writer.sum(…)` or `writer.write(…)`.
    func writeCanonical(to writer: inout CanonicalWriter) throws
}

extension CanonicalWritable where Self: RawRepresentable, RawValue: CanonicalWritable {
    /// Raw-value enums write their raw value, as their synthesized `Codable` does.
    @inlinable
    public func writeCanonical(to writer: inout CanonicalWriter) throws {
        try rawValue.writeCanonical(to: &writer)
    }
}
