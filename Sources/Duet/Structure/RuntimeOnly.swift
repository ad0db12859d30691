/// Marks a state field whose value only exists while the process runs — a session token, a live
/// player or camera handle — and so must never be persisted. Encodes exactly as the plain value;
/// `describe` reports the field with `"runtimeOnly": true`, and the restore drill reports a spine
/// that holds one (inside an island's boundary summary, say).
///
/// ```swift
/// struct ChromeSummary: IslandBoundary {
///     static let islandID = "capture.media-capture-chrome"
///     @RuntimeOnly var sessionHandle: Int? = nil
/// }
/// ```
@propertyWrapper public struct RuntimeOnly<Value: Codable & Sendable>: Sendable {
    public var wrappedValue: Value
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
}

extension RuntimeOnly: Equatable where Value: Equatable {}
extension RuntimeOnly: Hashable where Value: Hashable {}

extension RuntimeOnly: Codable {
    public init(from decoder: any Decoder) throws {
        wrappedValue = try decoder.singleValueContainer().decode(Value.self)
    }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

/// What `describe` needs to see through `RuntimeOnly` without an instance of it.
protocol RuntimeOnlyMarker {
    static var markedType: any Decodable.Type { get }
    static func wrapping(_ sample: Any?) -> Self?
}

extension RuntimeOnly: RuntimeOnlyMarker {
    static var markedType: any Decodable.Type { Value.self }
    static func wrapping(_ sample: Any?) -> RuntimeOnly? { (sample as? Value).map(RuntimeOnly.init(wrappedValue:)) }
}

// Synthesized struct coding calls these for optional `@RuntimeOnly` properties (they beat the
// generic overloads), so a nil value is omitted and a missing key reads as nil — like a plain optional.
extension KeyedEncodingContainer {
    public mutating func encode<Wrapped: Codable & Sendable>(_ value: RuntimeOnly<Wrapped?>, forKey key: Key) throws {
        try encodeIfPresent(value.wrappedValue, forKey: key)
    }
}

extension KeyedDecodingContainer {
    public func decode<Wrapped: Codable & Sendable>(_ type: RuntimeOnly<Wrapped?>.Type, forKey key: Key) throws -> RuntimeOnly<Wrapped?> {
        try decodeIfPresent(RuntimeOnly<Wrapped?>.self, forKey: key) ?? RuntimeOnly(wrappedValue: nil)
    }
}
