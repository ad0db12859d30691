/// An enum whose cases are L1 kinds (routes, sheets, tabs, phases).
/// `kindNames` is the full case list; `kindName` the case of this value.
///
/// Defaults keep conformance to one line: `kindName` is the raw value of a `String` raw enum,
/// or the case name of a `SumType`; `kindNames` comes from `CaseIterable`.
///
/// ```swift
/// enum Tab: String, KindEnum, CaseIterable { case myLane, shared, profile }
/// enum Route: SumType, KindEnum {
///     case memoryDetail(memoryId: UUID)
///     static let kindNames = ["memoryDetail"]
/// }
/// ```
public protocol KindEnum: Codable, Sendable {
    static var kindNames: [String] { get }
    var kindName: String { get }
}

extension KindEnum where Self: RawRepresentable, RawValue == String {
    public var kindName: String { rawValue }
}

extension KindEnum where Self: SumType {
    public var kindName: String { enumCaseName(of: self) }
}

extension KindEnum where Self: CaseIterable {
    public static var kindNames: [String] { allCases.map(\.kindName) }
}

/// What `describe` needs to know about an L0 wrapper type without an instance of it.
protocol StructureMarker {
    /// A primitive or an island: never `data`.
    static var role: Role { get }
    /// The marked value's type (the element type for a path).
    static var markedType: any Decodable.Type { get }
    /// Builds the wrapper around a sample of `markedType` (nil: the empty path / the absent slot).
    static func wrapping(_ sample: Any?) -> Self?
}
