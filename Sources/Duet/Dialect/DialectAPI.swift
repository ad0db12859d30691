// PUBLIC API CONTRACT OF THE DIALECT — stub bodies, to be replaced by the real implementation
// (the dialect owner splits this file into Parser/CompactWriter/PrettyWriter/Encoder/Decoder/...).
// Signatures here are what other modules code against: keep them (additions are fine).

import Foundation

extension JSONObject {
    public init() { members = [] }
    /// Throws on a duplicate key (by scalars).
    public init(_ pairs: [(String, JSONValue)]) throws { fatalError("stub") }
    public subscript(key: String) -> JSONValue? {
        get { fatalError("stub") }
        set { fatalError("stub") }
    }
    public var count: Int { members.count }
    public var keys: [String] { members.map(\.key) }
}

extension JSONValue: Equatable, Hashable {
    // Equality by Unicode scalars for every string and key.
    public static func == (l: JSONValue, r: JSONValue) -> Bool { fatalError("stub") }
    public func hash(into hasher: inout Hasher) { fatalError("stub") }
}
extension JSONObject: Equatable, Hashable {
    public static func == (l: JSONObject, r: JSONObject) -> Bool { fatalError("stub") }
    public func hash(into hasher: inout Hasher) { fatalError("stub") }
}

extension JSONValue {
    /// Compact canonical bytes (DESIGN §3).
    public var canonicalBytes: [UInt8] { fatalError("stub") }
    public var canonicalString: String { fatalError("stub") }
    /// The pinned pretty form: 2-space indent, `": "`, `{}`/`[]` inline when empty, one trailing newline.
    public var prettyBytes: [UInt8] { fatalError("stub") }
    public var prettyString: String { fatalError("stub") }

    // Convenience accessors (nil when the case differs).
    public var objectValue: JSONObject? { if case .object(let o) = self { return o }; return nil }
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { return a }; return nil }
    public var stringValue: String? { if case .string(let s) = self { return s }; return nil }
    public var intValue: Int64? { if case .int(let i) = self { return i }; return nil }
    public var boolValue: Bool? { if case .bool(let b) = self { return b }; return nil }
    public subscript(key: String) -> JSONValue? { objectValue?[key] }
}

/// A strict-parse failure, 1-based line and column (column counts Unicode scalars... or bytes: documented).
public struct DialectError: Error, Sendable, CustomStringConvertible, Equatable {
    public var line: Int
    public var column: Int
    public var message: String
    public init(line: Int, column: Int, message: String) { self.line = line; self.column = column; self.message = message }
    public var description: String { "\(line):\(column): \(message)" }
}

public enum CanonicalJSON {
    /// Nesting deeper than this is refused with a clear error (never a stack overflow).
    public static let maximumDepth = 512
    public static func parse(_ bytes: [UInt8]) throws(DialectError) -> JSONValue { fatalError("stub") }
    public static func parse(_ text: String) throws(DialectError) -> JSONValue { fatalError("stub") }
    public static func parse(_ data: Data) throws(DialectError) -> JSONValue { fatalError("stub") }
    /// Parse + compact write, the hot path of import/verify.
    public static func canonicalize(_ bytes: [UInt8]) throws(DialectError) -> [UInt8] { fatalError("stub") }
    /// Parse + pretty write.
    public static func prettify(_ bytes: [UInt8]) throws(DialectError) -> [UInt8] { fatalError("stub") }
}

/// Why a value could not be encoded or decoded, with the coding path (`steps[2].amount`).
public struct CodingRefusal: Error, Sendable, CustomStringConvertible {
    public var codingPath: String
    public var message: String
    public init(codingPath: String, message: String) { self.codingPath = codingPath; self.message = message }
    public var description: String { "\(codingPath.isEmpty ? "(root)" : codingPath): \(message)" }
}

/// Encodes `Encodable` values straight into the value model (no JSONEncoder detour).
/// nil optionals omitted, UUIDs lowercase, `Date` as `yyyy-MM-ddTHH:mm:ss.SSSZ` UTC,
/// `Double`/`Float` refused, `SumType` enums as `{"case":…,"value":…}`.
public struct CanonicalEncoder: Sendable {
    public init() {}
    public func encode<T: Encodable>(_ value: T) throws -> JSONValue { fatalError("stub") }
    public func canonicalBytes<T: Encodable>(_ value: T) throws -> [UInt8] { fatalError("stub") }
    public func canonicalString<T: Encodable>(_ value: T) throws -> String { fatalError("stub") }
}

public struct CanonicalDecoder: Sendable {
    public init() {}
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T { fatalError("stub") }
    public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T { fatalError("stub") }
}

/// Marker for enums with associated values that code as the dialect's sum type:
/// `{"case":"name"}`, `{"case":"name","value":{labelled…}}`, or `{"case":"name","value":single}`.
/// Conforming is all it takes: the Swift-synthesized `Codable` is reshaped by
/// `CanonicalEncoder` / `CanonicalDecoder`.
///
/// ```swift
/// enum Sheet: SumType { case capture, inviteCode(prefilledCode: String?) }
/// ```
public protocol SumType: Codable {}

/// Where two canonical values first differ, for failure reports.
public struct Divergence: Sendable, Equatable, CustomStringConvertible {
    /// `sheet.value.memoryId`, `selected[1].name`; empty for the root.
    public var path: String
    /// Canonical compact fragments at that path; nil where the path is absent on that side.
    public var expected: String?
    public var actual: String?
    public init(path: String, expected: String?, actual: String?) { self.path = path; self.expected = expected; self.actual = actual }
    public var description: String { "at \(path.isEmpty ? "(root)" : path): expected \(expected ?? "(absent)"), got \(actual ?? "(absent)")" }
}

extension JSONValue {
    /// nil when equal.
    public static func firstDivergence(expected: JSONValue, actual: JSONValue) -> Divergence? { fatalError("stub") }
}
