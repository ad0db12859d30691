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

/// The tree decoder: reads `JSONValue`s.
final class DialectDecoder: DialectDecoding {
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

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let o) = value else { throw mismatch("an object", value, at: nil) }
        return KeyedDecodingContainer(KeyedDecoder<Key>(decoder: self, object: o, wholePayload: nil, forwardPayload: wholePayload))
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        guard case .array(let a) = value else { throw mismatch("an array", value, at: nil) }
        return DialectUnkeyedContainer(decoder: self, elements: TreeElements(elements: a))
    }

    func singleValueContainer() throws -> SingleValueDecodingContainer { DialectSingleValueContainer(decoder: self) }

    // MARK: - Reading values

    var currentValue: JSONValue { value }

    func kind(of value: JSONValue) -> ScannedValue.Kind {
        switch value {
        case .null: return .null
        case .bool: return .bool
        case .int: return .int
        case .string: return .string
        case .array: return .array
        case .object: return .object
        }
    }

    func stringValue(_ value: JSONValue) -> String { value.stringValue ?? "" }
    func boolValue(_ value: JSONValue) -> Bool { value.boolValue ?? false }
    func intValue(_ value: JSONValue) -> Int64 { value.intValue ?? 0 }
    func elements(of array: JSONValue) -> TreeElements { TreeElements(elements: array.arrayValue ?? []) }
    func child(_ value: JSONValue, at component: PathComponent?) -> DialectDecoder { DialectDecoder(value: value, parent: self, component: component) }

    // MARK: - Unboxing

    func unbox<T: Decodable>(_ value: JSONValue, as type: T.Type, at component: PathComponent?) throws -> T {
        if T.self == String.self { return try string(value, at: component) as! T }
        if T.self == Int.self { return try integer(value, Int.self, at: component) as! T }
        if T.self == Bool.self { return try bool(value, at: component) as! T }
        if T.self == UUID.self { return try uuid(fromString: value, at: component) as! T }
        if T.self == Date.self { return try date(fromString: value, at: component) as! T }
        if T.self == JSONValue.self { return value as! T }
        if T.self == JSONObject.self {
            guard case .object(let o) = value else { throw mismatch("an object", value, at: component) }
            return o as! T
        }
        if T.self == Int64.self { return try integer(value, Int64.self, at: component) as! T }
        if T.self == URL.self { return try url(value, at: component) as! T }
        if T.self == Data.self { return try data(value, at: component) as! T }
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
        return try T(from: child(value, at: component))
    }
}

/// A tree array's elements.
struct TreeElements: DialectElements {
    let elements: [JSONValue]
    var index = 0
    var count: Int { elements.count }
    mutating func next() -> JSONValue { defer { index += 1 }; return elements[index] }
    func peek() -> JSONValue { elements[index] }
}
