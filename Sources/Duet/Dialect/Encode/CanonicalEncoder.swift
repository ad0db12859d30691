import Foundation

/// Encodes `Encodable` values straight into the value model (no JSONEncoder detour).
/// nil optionals omitted, UUIDs lowercase, `Date` as `yyyy-MM-ddTHH:mm:ss.SSSZ` UTC,
/// `Double`/`Float` refused, `SumType` enums as `{"case":…,"value":…}`.
/// Dictionaries code as objects; Int-keyed ones get their keys as decimal strings
/// (sorted as strings), which is what Swift's `Dictionary` hands any encoder.
///
/// ```swift
/// let bytes = try CanonicalEncoder().canonicalBytes(state)   // {"count":1,"sheet":{"case":"capture"}}
/// ```
///
/// `canonicalBytes` lets `CanonicalEncodable` types (at the top or nested anywhere) write
/// themselves instead of going through `Codable`; `encode(_:)` always uses `Codable`.
public struct CanonicalEncoder: Sendable {
    /// False: `canonicalBytes` ignores `CanonicalEncodable` conformances and goes through
    /// `Codable` only (what `CanonicalConformanceCheck` compares them against).
    public var usesCanonicalEncodable = true

    public init() {}

    /// ```swift
    /// let synthesizedShape = try CanonicalEncoder(usesCanonicalEncodable: false).canonicalBytes(state)
    /// ```
    public init(usesCanonicalEncodable: Bool) { self.usesCanonicalEncodable = usesCanonicalEncodable }

    public func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        let root = DialectEncoder(parent: nil, component: nil)
        return try root.box(value, at: nil) ?? .null
    }

    /// One pass straight to bytes (`ByteEncoder`, handing `CanonicalEncodable` values their
    /// writer); shapes it does not handle go through the tree.
    public func canonicalBytes<T: Encodable>(_ value: T) throws -> [UInt8] {
        let encoder = ByteEncoderPool.shared.take()
        defer { ByteEncoderPool.shared.give(encoder) }
        if let bytes = try encoder.encodeDocument(value, usesCanonicalEncodable: usesCanonicalEncodable) { return bytes }
        return CompactWriter.bytes(try encode(value))
    }

    public func canonicalString<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try canonicalBytes(value), as: UTF8.self)
    }
}

/// What one encoder has produced so far.
enum EncodedStorage {
    /// No container was asked for (dropped as a member, `null` as an element).
    case nothing
    /// `encodeNil` (dropped as a member, `null` as an element).
    case nilValue
    case value(JSONValue)
    case object(ObjectBuilder)
    case array(ArrayBuilder)
}

/// The tree encoder: builds a `JSONValue` (for `encode(_:)`, and for shapes the one-pass
/// `ByteEncoder` hands back).
final class DialectEncoder: Encoder, PathNode {
    let parent: DialectEncoder?
    let component: PathComponent?
    var storage: EncodedStorage = .nothing

    init(parent: DialectEncoder?, component: PathComponent?) {
        self.parent = parent
        self.component = component
    }

    var parentNode: PathNode? { parent }
    var codingPath: [CodingKey] { codingKeys }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    // A second request for the value's container (a subclass after its superclass) shares it.
    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object(let existing) = storage { return KeyedEncodingContainer(KeyedEncoder<Key>(encoder: self, builder: existing)) }
        let builder = ObjectBuilder()
        storage = .object(builder)
        return KeyedEncodingContainer(KeyedEncoder<Key>(encoder: self, builder: builder))
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer {
        if case .array(let existing) = storage { return UnkeyedEncoder(encoder: self, builder: existing) }
        let builder = ArrayBuilder()
        storage = .array(builder)
        return UnkeyedEncoder(encoder: self, builder: builder)
    }

    func singleValueContainer() -> SingleValueEncodingContainer { SingleValueEncoder(encoder: self) }

    /// The finished value; nil for "nothing" and nil.
    func finish() -> JSONValue? {
        switch storage {
        case .nothing, .nilValue: return nil
        case .value(let v): return v
        case .object(let b): return .object(b.finish())
        case .array(let b): return .array(b.finish())
        }
    }

    // MARK: - Boxing

    /// Encodes one value below this encoder; nil when it encoded nothing or nil.
    func box<T: Encodable>(_ value: T, at component: PathComponent?) throws -> JSONValue? {
        if let primitive = try boxPrimitive(value, at: component) { return primitive }
        let sub = DialectEncoder(parent: self, component: component)
        try value.encode(to: sub)
        guard let result = sub.finish() else { return nil }
        return T.self is any SumType.Type ? SumTypeCoding.reshape(result) : result
    }

    /// Types whose own `Codable` is not the dialect's.
    @inline(__always)
    func boxPrimitive<T: Encodable>(_ value: T, at component: PathComponent?) throws -> JSONValue? {
        if T.self == String.self { return .string(value as! String) }
        if T.self == Int.self { return .int(Int64(value as! Int)) }
        if T.self == Bool.self { return .bool(value as! Bool) }
        if T.self == UUID.self { return .string(UUIDText.string(value as! UUID)) }
        if T.self == Date.self { return .string(DateCoding.format(value as! Date)) }
        if T.self == JSONValue.self { return (value as! JSONValue) }
        if T.self == JSONObject.self { return .object(value as! JSONObject) }
        if T.self == Int64.self { return .int(value as! Int64) }
        if T.self == URL.self { return .string((value as! URL).absoluteString) }
        if T.self == Data.self { return .string((value as! Data).base64EncodedString()) }
        if T.self == Double.self || T.self == Float.self || T.self == Decimal.self {
            throw refusal(at: component, "\(T.self) is not part of the dialect (integers only): store minor units as an integer, or a string")
        }
        return nil
    }

    func refusal(at component: PathComponent?, _ message: String) -> CodingRefusal {
        CodingRefusal(codingPath: pathString(appending: component), message: message)
    }

    func integer<I: BinaryInteger>(_ value: I, at component: PathComponent?) throws -> JSONValue {
        guard let v = Int64(exactly: value) else {
            throw refusal(at: component, "\(value) does not fit a 64-bit signed integer, the dialect's only number")
        }
        return .int(v)
    }

    func floatRefusal(_ typeName: String, at component: PathComponent?) -> CodingRefusal {
        refusal(at: component, "\(typeName) is not part of the dialect (integers only): store minor units as an integer, or a string")
    }
}

/// Members in encoding order; sorted (last write wins) when the encoder finishes.
final class ObjectBuilder {
    var members: [JSONObject.Member] = []
    /// Nested containers and super encoders, resolved at finish.
    var deferred: [(key: String, encoder: DialectEncoder)] = []

    @inline(__always)
    func add(_ key: String, _ value: JSONValue) {
        members.append(JSONObject.Member(key: ScalarOrder.normalized(key), value: value))
    }

    func finish() -> JSONObject {
        for (key, encoder) in deferred {
            if let v = encoder.finish() { add(key, v) }
        }
        deferred = []
        var sorted = true
        for i in members.indices.dropFirst() where ScalarOrder.compare(members[i - 1].key, members[i].key) >= 0 {
            sorted = false
            break
        }
        if sorted { return JSONObject(sortedMembers: members) }
        // Stable sort keeps later writes after earlier ones, then the last write of a key wins.
        let order = members.indices.sorted {
            let c = ScalarOrder.compare(members[$0].key, members[$1].key)
            return c != 0 ? c < 0 : $0 < $1
        }
        var result: [JSONObject.Member] = []
        result.reserveCapacity(members.count)
        for i in order {
            if let last = result.last, ScalarOrder.compare(last.key, members[i].key) == 0 {
                result[result.count - 1] = members[i]
            } else {
                result.append(members[i])
            }
        }
        return JSONObject(sortedMembers: result)
    }
}

final class ArrayBuilder {
    var elements: [JSONValue] = []
    var deferred: [(index: Int, encoder: DialectEncoder)] = []

    func finish() -> [JSONValue] {
        for (index, encoder) in deferred { elements[index] = encoder.finish() ?? .null }
        deferred = []
        return elements
    }
}
