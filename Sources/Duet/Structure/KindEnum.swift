/// An enum whose cases are L1 kinds (routes, sheets, tabs, phases).
/// `kindName` is the case of this value; `kindNames`, the full list, is derived (`EnumCases`).
///
/// Conformance is one word: `kindName` is the raw value of a `String` raw enum (which is also
/// `CaseIterable`: the raw values are its wire form), or the case name of a `SumType`.
///
/// ```swift
/// enum Tab: String, KindEnum, CaseIterable { case myLane, shared, profile }
/// enum Route: SumType, KindEnum { case memoryDetail(memoryId: UUID) }
/// try Route.kindNames   // ["memoryDetail"]
/// ```
public protocol KindEnum: Codable, Sendable {
    var kindName: String { get }
}

extension KindEnum {
    /// Every kind, in declaration order.
    public static var kindNames: [String] {
        get throws(CaseListError) {
            guard let names = try EnumCases.names(of: Self.self) else {
                throw CaseListError(type: Self.self, message: "is not an enum", fix: "declare its kinds as enum cases")
            }
            return names
        }
    }
}

extension KindEnum where Self: RawRepresentable, RawValue == String {
    public var kindName: String { rawValue }
}

extension KindEnum where Self: SumType {
    public var kindName: String { enumCaseName(of: self) }
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
