/// A push stack, back-poppable. Encodes exactly as the plain array.
///
/// ```swift
/// struct State: Codable { @Path var path: [Route] = [] }
/// ```
@propertyWrapper public struct Path<Route: KindEnum>: Sendable {
    public var wrappedValue: [Route]
    public init(wrappedValue: [Route] = []) { self.wrappedValue = wrappedValue }
}

extension Path: Equatable where Route: Equatable {}
extension Path: Hashable where Route: Hashable {}

extension Path: Codable {
    public init(from decoder: any Decoder) throws {
        wrappedValue = try decoder.singleValueContainer().decode([Route].self)
    }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

extension Path: StructureMarker {
    static var role: Role { .path }
    static var markedType: any Decodable.Type { Route.self }
    static func wrapping(_ sample: Any?) -> Path? { Path(wrappedValue: []) }
}
