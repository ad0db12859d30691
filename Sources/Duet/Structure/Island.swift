/// The persisted boundary summary of an L4 island; the type names its island.
///
/// ```swift
/// struct CarouselSummary: IslandBoundary {
///     static let islandID = "memorydetail.photo-carousel"
///     var index = 0
/// }
/// ```
public protocol IslandBoundary: Codable, Sendable {
    /// `<feature>.<island>`, e.g. `memorydetail.photo-carousel`.
    static var islandID: String { get }
}

/// Marks a state field as an island's boundary summary. Encodes exactly as the plain summary.
///
/// ```swift
/// struct State: Codable { @Island var carousel = CarouselSummary() }
/// ```
@propertyWrapper public struct Island<Summary: IslandBoundary>: Sendable {
    public var wrappedValue: Summary
    public init(wrappedValue: Summary) { self.wrappedValue = wrappedValue }
}

extension Island: Equatable where Summary: Equatable {}
extension Island: Hashable where Summary: Hashable {}

extension Island: Codable {
    public init(from decoder: any Decoder) throws {
        wrappedValue = try decoder.singleValueContainer().decode(Summary.self)
    }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

extension Island: StructureMarker {
    static var role: Role { .island(Summary.islandID) }
    static var markedType: any Decodable.Type { Summary.self }
    static func wrapping(_ sample: Any?) -> Island? { (sample as? Summary).map(Island.init(wrappedValue:)) }
}
