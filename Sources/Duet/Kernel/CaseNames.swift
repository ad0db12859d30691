/// A case list declared by hand, for an enum whose `Codable` is hand-written (so `describe`
/// cannot derive its cases from synthesized `CodingKeys`). `describe` checks the list against
/// the enum's real cases and refuses a list that misses one, adds one or repeats one.
/// Enums with synthesized `Codable` or `CaseIterable` need no list (see `EnumCases`).
///
/// ```swift
/// enum Action: SumType, CaseNames {
///     case pageLoaded(page: Int), backTapped
///     static let caseNames = ["pageLoaded", "backTapped"]
///     init(from decoder: any Decoder) throws { … }      // hand-written
/// }
/// ```
public protocol CaseNames {
    static var caseNames: [String] { get }
}
