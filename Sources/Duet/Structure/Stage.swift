/// Exactly one full-screen child, changed only by reducer edges. Encodes exactly as the plain value.
///
/// ```swift
/// struct State: Codable { @Stage var phase: Phase = .splash }
/// ```
@propertyWrapper public struct Stage<Phase: KindEnum>: Sendable {
    public var wrappedValue: Phase
    public init(wrappedValue: Phase) { self.wrappedValue = wrappedValue }
}

extension Stage: Equatable where Phase: Equatable {}
extension Stage: Hashable where Phase: Hashable {}

extension Stage: Codable {
    public init(from decoder: any Decoder) throws {
        wrappedValue = try decoder.singleValueContainer().decode(Phase.self)
    }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

extension Stage: StructureMarker {
    static var role: Role { .stage }
    static var markedType: any Decodable.Type { Phase.self }
    static func wrapping(_ sample: Any?) -> Stage? { (sample as? Phase).map(Stage.init(wrappedValue:)) }
}
