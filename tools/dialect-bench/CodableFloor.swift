import Foundation

/// An `Encoder` that writes nothing: it walks a value through `Codable` exactly as any encoder
/// must (a container per keyed value, every member call, every nested `encode(to:)`; scalars the
/// dialect writes itself are only counted). What it costs is the floor of a `Codable` encoder on
/// a state before a byte is written (`dialect-bench profile-codable-floor`).
final class CodableFloor: Encoder {
    var codingPath: [CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    var members = 0

    func walk<T: Encodable>(_ value: T) throws -> Int {
        members = 0
        try value.encode(to: self)
        return members
    }

    /// Scalars a dialect encoder writes itself (as `CanonicalEncoder` does) are counted, not walked.
    func visit<T: Encodable>(_ value: T) throws {
        members += 1
        if T.self == String.self || T.self == Int.self || T.self == Bool.self || T.self == UUID.self || T.self == Date.self { return }
        try value.encode(to: self)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(Keyed<Key>(floor: self))
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer { Unkeyed(floor: self) }
    func singleValueContainer() -> SingleValueEncodingContainer { Single(floor: self) }

    private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let floor: CodableFloor
        var codingPath: [CodingKey] { [] }
        mutating func encodeNil(forKey key: Key) throws {}
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try floor.visit(value) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { floor.members += 1 }
        mutating func encode(_ value: String, forKey key: Key) throws { floor.members += 1 }
        mutating func encode(_ value: Double, forKey key: Key) throws { floor.members += 1 }
        mutating func encode(_ value: Float, forKey key: Key) throws { floor.members += 1 }
        mutating func encode(_ value: Int, forKey key: Key) throws { floor.members += 1 }
        mutating func encode(_ value: Int8, forKey key: Key) throws { floor.members += 1 }
        mutating func encode(_ value: Int16, forKey key: Key) throws { floor.members += 1 }
        mutating func encode(_ value: Int32, forKey key: Key) throws { floor.members += 1 }
        mutating func encode(_ value: Int64, forKey key: Key) throws { floor.members += 1 }
        mutating func encode(_ value: UInt, forKey key: Key) throws { floor.members += 1 }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { floor.members += 1 }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { floor.members += 1 }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { floor.members += 1 }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { floor.members += 1 }
        mutating func nestedContainer<N: CodingKey>(keyedBy keyType: N.Type, forKey key: Key) -> KeyedEncodingContainer<N> {
            floor.container(keyedBy: N.self)
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer { Unkeyed(floor: floor) }
        mutating func superEncoder() -> Encoder { floor }
        mutating func superEncoder(forKey key: Key) -> Encoder { floor }
    }

    private struct Unkeyed: UnkeyedEncodingContainer, CountsScalars {
        let floor: CodableFloor
        var codingPath: [CodingKey] { [] }
        var count: Int { 0 }
        mutating func encodeNil() throws {}
        mutating func encode<T: Encodable>(_ value: T) throws { try floor.visit(value) }
        mutating func nestedContainer<N: CodingKey>(keyedBy keyType: N.Type) -> KeyedEncodingContainer<N> { floor.container(keyedBy: N.self) }
        mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer { self }
        mutating func superEncoder() -> Encoder { floor }
    }

    private struct Single: SingleValueEncodingContainer, CountsScalars {
        let floor: CodableFloor
        var codingPath: [CodingKey] { [] }
        mutating func encodeNil() throws {}
        mutating func encode<T: Encodable>(_ value: T) throws { try floor.visit(value) }
    }
}

/// The scalar overloads unkeyed and single-value containers share: counted, nothing written.
private protocol CountsScalars { var floor: CodableFloor { get } }

extension CountsScalars {
    mutating func encode(_ value: Bool) throws { floor.members += 1 }
    mutating func encode(_ value: String) throws { floor.members += 1 }
    mutating func encode(_ value: Double) throws { floor.members += 1 }
    mutating func encode(_ value: Float) throws { floor.members += 1 }
    mutating func encode(_ value: Int) throws { floor.members += 1 }
    mutating func encode(_ value: Int8) throws { floor.members += 1 }
    mutating func encode(_ value: Int16) throws { floor.members += 1 }
    mutating func encode(_ value: Int32) throws { floor.members += 1 }
    mutating func encode(_ value: Int64) throws { floor.members += 1 }
    mutating func encode(_ value: UInt) throws { floor.members += 1 }
    mutating func encode(_ value: UInt8) throws { floor.members += 1 }
    mutating func encode(_ value: UInt16) throws { floor.members += 1 }
    mutating func encode(_ value: UInt32) throws { floor.members += 1 }
    mutating func encode(_ value: UInt64) throws { floor.members += 1 }
}
