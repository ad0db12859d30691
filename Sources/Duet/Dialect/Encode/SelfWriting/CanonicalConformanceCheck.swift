/// Proves a hand-written `CanonicalEncodable` conformance writes exactly what the type's
/// `Codable` conformance gives: the value is encoded both ways and the bytes compared.
/// Run it in a test over samples that reach every case and every optional, nil and not.
///
/// ```swift
/// func testAuthorWritesItsCodableShape() throws {
///     XCTAssertNil(try CanonicalConformanceCheck.firstDivergence(Author.sample))
///     try CanonicalConformanceCheck.verify(State.sample)   // or throw, naming the path
/// }
/// ```
public enum CanonicalConformanceCheck {
    /// nil when both encodings give the same bytes; else where they first differ, with the
    /// `Codable` shape as "expected" and `writeCanonical`'s as "actual".
    public static func firstDivergence<T: Encodable>(_ value: T) throws -> Divergence? {
        let synthesized = try CanonicalEncoder(usesCanonicalEncodable: false).canonicalBytes(value)
        let handWritten = try CanonicalEncoder().canonicalBytes(value)
        if synthesized == handWritten { return nil }
        let expected = try CanonicalJSON.parse(synthesized)
        let actual = try CanonicalJSON.parse(handWritten)
        if let divergence = JSONValue.firstDivergence(expected: expected, actual: actual) { return divergence }
        // Same values, different bytes (cannot happen with canonical input, but say so if it does).
        return Divergence(path: "", expected: String(decoding: synthesized, as: UTF8.self), actual: String(decoding: handWritten, as: UTF8.self))
    }

    /// Throws `Mismatch` (with the divergence) unless both encodings give the same bytes.
    public static func verify<T: Encodable>(_ value: T) throws {
        if let divergence = try firstDivergence(value) { throw Mismatch(type: "\(T.self)", divergence: divergence) }
    }

    /// A `writeCanonical` that does not write the `Codable` shape.
    public struct Mismatch: Error, Sendable, CustomStringConvertible {
        public var type: String
        public var divergence: Divergence
        public var description: String {
            "\(type).writeCanonical differs from its Codable shape \(divergence) — fix writeCanonical (or the Codable conformance)"
        }
    }
}
