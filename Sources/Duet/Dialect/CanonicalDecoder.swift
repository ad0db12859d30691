import Foundation

/// Decodes the value model (or canonical bytes) into `Decodable` types: the reverse of
/// `CanonicalEncoder`. Failures are `CodingRefusal`s carrying the coding path.
///
/// ```swift
/// let state = try CanonicalDecoder().decode(Counter.State.self, from: fixture.initialState)
/// ```
public struct CanonicalDecoder: Sendable {
    public init() {}

    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        let root = DialectDecoder(value: value, parent: nil, component: nil)
        return try root.unbox(value, as: type, at: nil)
    }

    /// Straight from the bytes (`ByteDocument`), no tree; anything the byte path declines or
    /// refuses is decoded again from the tree, so results and errors are the tree's.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        let document = ByteDocument()
        do {
            if let value = try document.read(bytes, { root in try root.map { try document.decode(type, from: $0) } }) { return value }
        } catch {}
        return try decode(type, from: try CanonicalJSON.parse(bytes))
    }
}

/// Lets `decode(T?.self, forKey:)` answer nil for an absent key.
protocol OptionalDecodingMarker {}
extension Optional: OptionalDecodingMarker {}

final class DialectDecoder: Decoder, PathNode {
    let value: JSONValue
    let parent: PathNode?
    let component: PathComponent?
    /// Set when this decoder presents a sum type: the payload that answers `_0`.
    var wholePayload: JSONValue?

    init(value: JSONValue, parent: PathNode?, component: PathComponent?) {
        self.value = value
        self.parent = parent
        self.component = component
    }

    var parentNode: PathNode? { parent }
    var codingPath: [CodingKey] { codingKeys }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let o) = value else { throw mismatch("an object", value, at: nil) }
        return KeyedDecodingContainer(KeyedDecoder<Key>(decoder: self, object: o, wholePayload: nil, forwardPayload: wholePayload))
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        guard case .array(let a) = value else { throw mismatch("an array", value, at: nil) }
        return UnkeyedDecoder(decoder: self, elements: a)
    }

    func singleValueContainer() throws -> SingleValueDecodingContainer { SingleValueDecoder(decoder: self) }

    // MARK: - Unboxing

    func unbox<T: Decodable>(_ value: JSONValue, as type: T.Type, at component: PathComponent?) throws -> T {
        if T.self == String.self { return try string(value, at: component) as! T }
        if T.self == Int.self { return try integer(value, Int.self, at: component) as! T }
        if T.self == Bool.self { return try bool(value, at: component) as! T }
        if T.self == UUID.self {
            let s = try string(value, at: component)
            guard let uuid = UUIDParsing.parse(s) else { throw refusal(at: component, "expected a UUID, found \"\(s)\"") }
            return uuid as! T
        }
        if T.self == Date.self {
            let s = try string(value, at: component)
            guard let date = DateCoding.parse(s) else {
                throw refusal(at: component, "expected a date like 2026-07-02T09:30:00.000Z, found \"\(s)\"")
            }
            return date as! T
        }
        if T.self == JSONValue.self { return value as! T }
        if T.self == JSONObject.self {
            guard case .object(let o) = value else { throw mismatch("an object", value, at: component) }
            return o as! T
        }
        if T.self == Int64.self { return try integer(value, Int64.self, at: component) as! T }
        if T.self == URL.self {
            let s = try string(value, at: component)
            guard let url = URL(string: s) else { throw refusal(at: component, "expected a URL, found \"\(s)\"") }
            return url as! T
        }
        if T.self == Data.self {
            let s = try string(value, at: component)
            guard let data = Data(base64Encoded: s) else { throw refusal(at: component, "expected base64 data") }
            return data as! T
        }
        if T.self == Double.self || T.self == Float.self || T.self == Decimal.self {
            throw refusal(at: component, "\(T.self) is not part of the dialect (integers only)")
        }
        if T.self is any SumType.Type {
            switch SumTypeCoding.present(value) {
            case .failure(let e): throw refusal(at: component, e.message)
            case .success(let presentation):
                let sub = DialectDecoder(value: presentation.synthesized, parent: self, component: component)
                sub.wholePayload = presentation.wholePayload
                return try T(from: sub)
            }
        }
        return try T(from: DialectDecoder(value: value, parent: self, component: component))
    }

    func string(_ value: JSONValue, at component: PathComponent?) throws -> String {
        guard case .string(let s) = value else { throw mismatch("a string", value, at: component) }
        return s
    }

    func bool(_ value: JSONValue, at component: PathComponent?) throws -> Bool {
        guard case .bool(let b) = value else { throw mismatch("true or false", value, at: component) }
        return b
    }

    func integer<I: FixedWidthInteger>(_ value: JSONValue, _ type: I.Type, at component: PathComponent?) throws -> I {
        guard case .int(let i) = value else { throw mismatch("an integer", value, at: component) }
        guard let v = I(exactly: i) else { throw refusal(at: component, "\(i) does not fit \(I.self)") }
        return v
    }

    func floatRefusal(_ typeName: String, at component: PathComponent?) -> CodingRefusal {
        refusal(at: component, "\(typeName) is not part of the dialect (integers only)")
    }

    func refusal(at component: PathComponent?, _ message: String) -> CodingRefusal {
        CodingRefusal(codingPath: pathString(appending: component), message: message)
    }

    func mismatch(_ expected: String, _ found: JSONValue, at component: PathComponent?) -> CodingRefusal {
        let what: String
        switch found {
        case .null: what = "null"
        case .bool(let b): what = "\(b)"
        case .int(let i): what = "the integer \(i)"
        case .string(let s): what = "the string \"\(s.prefix(40))\""
        case .array: what = "an array"
        case .object: what = "an object"
        }
        return refusal(at: component, "expected \(expected), found \(what)")
    }
}
