/// User-switchable tabs, siblings alive. Encodes exactly as the plain value.
///
/// ```swift
/// struct State: Codable { @Tabs var activeTab: Tab = .myLane }
/// ```
@propertyWrapper public struct Tabs<Tab: KindEnum>: Sendable {
    public var wrappedValue: Tab
    public init(wrappedValue: Tab) { self.wrappedValue = wrappedValue }
}

extension Tabs: Equatable where Tab: Equatable {}
extension Tabs: Hashable where Tab: Hashable {}

extension Tabs: Codable {
    public init(from decoder: any Decoder) throws {
        wrappedValue = try decoder.singleValueContainer().decode(Tab.self)
    }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

extension Tabs: StructureMarker {
    static var role: Role { .tabs }
    static var markedType: any Decodable.Type { Tab.self }
    static func wrapping(_ sample: Any?) -> Tabs? { (sample as? Tab).map(Tabs.init(wrappedValue:)) }
}
