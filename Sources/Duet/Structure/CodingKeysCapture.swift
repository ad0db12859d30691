/// Runs a type's `init(from:)` only until it asks for its keyed container, and keeps the key type
/// it asked with. A synthesized enum `Decodable` asks first thing, with its synthesized
/// `CodingKeys`: one payload-free case per enum case, in declaration order, named as on the wire.
///
/// ```swift
/// CodingKeysCapture.keyType(of: MainNav.Action.self)   // MainNav.Action.CodingKeys
/// ```
final class CodingKeysCapture: Decoder {
    private(set) var keyType: (any CodingKey.Type)?
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    static func keyType(of type: any Decodable.Type) -> (any CodingKey.Type)? {
        let capture = CodingKeysCapture()
        _ = try? type.init(from: capture)
        return capture.keyType
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if keyType == nil { keyType = type }
        throw Captured()
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw Captured() }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { throw Captured() }

    /// Ends the decoding as soon as there is nothing more to learn.
    private struct Captured: Error {}
}
