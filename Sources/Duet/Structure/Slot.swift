/// One optional modal. Encodes exactly as the plain optional: a nil slot is omitted.
///
/// ```swift
/// struct State: Codable { @Slot var sheet: Sheet? = nil }
/// ```
@propertyWrapper public struct Slot<Kind: KindEnum>: Sendable {
    public var wrappedValue: Kind?
    public init(wrappedValue: Kind?) { self.wrappedValue = wrappedValue }
    public init() { self.wrappedValue = nil }
}

extension Slot: Equatable where Kind: Equatable {}
extension Slot: Hashable where Kind: Hashable {}

extension Slot: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decode(Kind.self)
    }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let kind = wrappedValue { try container.encode(kind) } else { try container.encodeNil() }
    }
}

// Synthesized struct coding calls these for `@Slot` properties (they beat the generic
// overloads), so a nil slot is omitted and a missing key reads as nil — like a plain optional.
extension KeyedEncodingContainer {
    public mutating func encode<Kind>(_ value: Slot<Kind>, forKey key: Key) throws {
        try encodeIfPresent(value.wrappedValue, forKey: key)
    }
}

extension KeyedDecodingContainer {
    public func decode<Kind>(_ type: Slot<Kind>.Type, forKey key: Key) throws -> Slot<Kind> {
        try decodeIfPresent(Slot<Kind>.self, forKey: key) ?? Slot(wrappedValue: nil)
    }
}

extension Slot: StructureMarker {
    static var role: Role { .slot }
    static var markedType: any Decodable.Type { Kind.self }
    static func wrapping(_ sample: Any?) -> Slot? { Slot(wrappedValue: sample as? Kind) }
}
