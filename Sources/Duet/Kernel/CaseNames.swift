/// The full list of an enum's case names, for `describe` (action and effect case names).
/// `CaseIterable` enums get it for free; enums with payloads list their cases by hand.
///
/// ```swift
/// enum Action: SumType, CaseNames {
///     case pageLoaded(page: Int), backTapped
///     static let caseNames = ["pageLoaded", "backTapped"]
/// }
/// ```
public protocol CaseNames {
    static var caseNames: [String] { get }
}

extension CaseNames where Self: CaseIterable {
    public static var caseNames: [String] { allCases.map { enumCaseName(of: $0) } }
}

/// The case name of an enum value without its payload (`memoryDetail` for `.memoryDetail(…)`);
/// a `String` raw value for raw enums.
func enumCaseName<Value>(of value: Value) -> String {
    if let raw = value as? any RawRepresentable, let string = raw.rawValue as? String { return string }
    if let label = Mirror(reflecting: value).children.first?.label { return label }
    return String(String(describing: value).prefix { $0 != "(" })
}

/// Case names of a type when it can list them: `CaseNames`, `KindEnum`, or `CaseIterable`.
func listedCaseNames(of type: Any.Type) -> [String]? {
    if let named = type as? any CaseNames.Type { return named.caseNames }
    if let kinds = type as? any KindEnum.Type { return kinds.kindNames }
    if let iterable = type as? any CaseIterable.Type { return allCaseNames(iterable) }
    return nil
}

private func allCaseNames<T: CaseIterable>(_ type: T.Type) -> [String] {
    T.allCases.map { enumCaseName(of: $0) }
}
