/// A value stored in or read from an SQLite column.
///
/// ```swift
/// try db.execute("INSERT INTO t(a, b) VALUES (?, ?)", [.integer(1), .text("x")])
/// ```
public enum SQLValue: Sendable, Equatable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    public var integer: Int64? { if case .integer(let v) = self { return v }; return nil }
    public var text: String? { if case .text(let v) = self { return v }; return nil }
    public var blob: [UInt8]? { if case .blob(let v) = self { return v }; return nil }
    public var isNull: Bool { self == .null }
}

extension SQLValue: ExpressibleByIntegerLiteral, ExpressibleByStringLiteral, ExpressibleByNilLiteral {
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(stringLiteral value: String) { self = .text(value) }
    public init(nilLiteral: ()) { self = .null }
}

extension SQLValue {
    public init(_ value: Int?) { self = value.map { .integer(Int64($0)) } ?? .null }
    public init(_ value: Int64?) { self = value.map { .integer($0) } ?? .null }
    public init(_ value: String?) { self = value.map { .text($0) } ?? .null }
    public init(_ value: Bool?) { self = value.map { .integer($0 ? 1 : 0) } ?? .null }
    public init(_ value: [UInt8]?) { self = value.map { .blob($0) } ?? .null }
}
