/// The outer container a sum type's synthesized `init(from:)` reads: one key, the case name,
/// whose nested container is the payload (`SumPresentation`). Calls synthesized code never
/// makes go to the tree decoder, which answers them exactly as before.
struct ByteSumContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: ByteDecoder
    let sum: SumPresentation

    var codingPath: [CodingKey] { decoder.codingPath }
    var allKeys: [Key] { Key(stringValue: sum.caseName).map { [$0] } ?? [] }

    func contains(_ key: Key) -> Bool { isCase(key) }

    /// Compared as the tree compares keys: by scalars, the asked key normalized.
    private func isCase(_ key: Key) -> Bool {
        ScalarOrder.compare(ScalarOrder.normalized(key.stringValue), sum.caseName) == 0
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        let name = key.stringValue
        guard isCase(key) else { throw decoder.missingKey(name) }
        let document = decoder.document
        switch sum.payload {
        case .none:
            let sub = ByteDecoder(document: document, index: -1, parent: decoder, component: .key(name))
            return KeyedDecodingContainer(ByteKeyedContainer<NestedKey>(decoder: sub, first: 0, count: 0))
        case .object(let index, let answersFirst):
            let v = document[index]
            let sub = ByteDecoder(document: document, index: index, parent: decoder, component: .key(name))
            return KeyedDecodingContainer(ByteKeyedContainer<NestedKey>(
                decoder: sub, first: v.first, count: v.count, firstUnlabelled: answersFirst ? index : nil))
        case .single(let index):
            let sub = ByteDecoder(document: document, index: -1, parent: decoder, component: .key(name))
            return KeyedDecodingContainer(ByteKeyedContainer<NestedKey>(
                decoder: sub, first: 0, count: 0, firstUnlabelled: index, listsFirstUnlabelled: true))
        }
    }

    // MARK: - Everything else, as the tree decoder answers it

    private func tree() throws -> KeyedDecodingContainer<Key> { try decoder.presentedTree().container(keyedBy: Key.self) }

    func decodeNil(forKey key: Key) throws -> Bool { try tree().decodeNil(forKey: key) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try tree().decode(type, forKey: key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try tree().decode(type, forKey: key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try tree().decode(type, forKey: key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try tree().decode(type, forKey: key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try tree().decode(type, forKey: key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try tree().decode(type, forKey: key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try tree().decode(type, forKey: key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try tree().decode(type, forKey: key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try tree().decode(type, forKey: key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try tree().decode(type, forKey: key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try tree().decode(type, forKey: key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try tree().decode(type, forKey: key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try tree().decode(type, forKey: key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try tree().decode(type, forKey: key) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try tree().decode(type, forKey: key) }

    func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer { try tree().nestedUnkeyedContainer(forKey: key) }
    func superDecoder() throws -> Decoder { try tree().superDecoder() }
    func superDecoder(forKey key: Key) throws -> Decoder { try tree().superDecoder(forKey: key) }
}
