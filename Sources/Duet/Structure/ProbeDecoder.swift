/// The decoder `describe` runs a state's `init(from:)` against: it has no data, it answers
/// every request with a sample and reports each keyed field to the `StructureProbe`.
final class ProbeDecoder: Decoder {
    let probe: StructureProbe
    /// Dotted path of the value being decoded ("" for the state).
    let prefix: String
    /// Whether fields met here are reported (not inside enum payloads or array elements).
    let recording: Bool
    /// The case a sum type (or raw enum) being built presents.
    let caseName: String?
    /// The JSON shape implied by the container the value asked for.
    var observedShape: String?
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(probe: StructureProbe, prefix: String, recording: Bool, caseName: String? = nil) {
        self.probe = probe; self.prefix = prefix; self.recording = recording; self.caseName = caseName
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        observedShape = caseName == nil ? "object" : "sum"
        return KeyedDecodingContainer(ProbeKeyedContainer<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        observedShape = "array<object>"
        return ProbeUnkeyedContainer()
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        ProbeSingleValueContainer(decoder: self)
    }

    func path(_ key: some CodingKey) -> String {
        prefix.isEmpty ? key.stringValue : prefix + "." + key.stringValue
    }
}

struct ProbeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: ProbeDecoder
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { decoder.caseName.flatMap { Key(stringValue: $0) }.map { [$0] } ?? [] }

    func contains(_ key: Key) -> Bool { decoder.caseName.map { $0 == key.stringValue } ?? true }
    func decodeNil(forKey key: Key) throws -> Bool { false }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(Bool.self, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(String.self, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(Double.self, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try value(Float.self, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(Int.self, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try value(Int8.self, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try value(Int16.self, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try value(Int32.self, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try value(Int64.self, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try value(UInt.self, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try value(UInt8.self, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try value(UInt16.self, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try value(UInt32.self, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try value(UInt64.self, key) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try value(T.self, key) }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try present(Bool.self, key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try present(String.self, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try present(Double.self, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try present(Float.self, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try present(Int.self, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try present(Int8.self, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try present(Int16.self, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try present(Int32.self, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try present(Int64.self, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try present(UInt.self, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try present(UInt8.self, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try present(UInt16.self, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try present(UInt32.self, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try present(UInt64.self, key) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try present(T.self, key) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        // Inside a sum type this is the payload: sampled, never reported as state fields.
        let nested = ProbeDecoder(probe: decoder.probe, prefix: decoder.path(key), recording: decoder.recording && decoder.caseName == nil)
        return KeyedDecodingContainer(ProbeKeyedContainer<NestedKey>(decoder: nested))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { ProbeUnkeyedContainer() }
    func superDecoder() throws -> any Decoder { ProbeDecoder(probe: decoder.probe, prefix: decoder.prefix, recording: decoder.recording) }
    func superDecoder(forKey key: Key) throws -> any Decoder {
        ProbeDecoder(probe: decoder.probe, prefix: decoder.path(key), recording: decoder.recording)
    }

    private var reports: Bool { decoder.recording && decoder.caseName == nil }

    private func value<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        let sample = try decoder.probe.field(T.self, path: decoder.path(key), optional: false, recording: reports)
        guard let typed = sample as? T else {
            throw StructureError(path: decoder.path(key), type: "\(T.self)", message: "no sample value could be built")
        }
        return typed
    }

    private func present<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
        try decoder.probe.field(T.self, path: decoder.path(key), optional: true, recording: reports) as? T
    }
}

struct ProbeSingleValueContainer: SingleValueDecodingContainer {
    let decoder: ProbeDecoder
    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool { false }
    func decode(_ type: Bool.Type) throws -> Bool { try value(Bool.self) }
    func decode(_ type: String.Type) throws -> String { try value(String.self) }
    func decode(_ type: Double.Type) throws -> Double { try value(Double.self) }
    func decode(_ type: Float.Type) throws -> Float { try value(Float.self) }
    func decode(_ type: Int.Type) throws -> Int { try value(Int.self) }
    func decode(_ type: Int8.Type) throws -> Int8 { try value(Int8.self) }
    func decode(_ type: Int16.Type) throws -> Int16 { try value(Int16.self) }
    func decode(_ type: Int32.Type) throws -> Int32 { try value(Int32.self) }
    func decode(_ type: Int64.Type) throws -> Int64 { try value(Int64.self) }
    func decode(_ type: UInt.Type) throws -> UInt { try value(UInt.self) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try value(UInt8.self) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try value(UInt16.self) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try value(UInt32.self) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try value(UInt64.self) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try value(T.self) }

    private func value<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == String.self, let name = decoder.caseName {
            decoder.observedShape = "enum"
            return name as! T
        }
        let sample = try decoder.probe.sample(T.self, path: decoder.prefix, recording: decoder.recording)
        decoder.observedShape = sample.shape
        guard let typed = sample.value as? T else {
            throw StructureError(path: decoder.prefix, type: "\(T.self)", message: "no sample value could be built")
        }
        return typed
    }
}

struct ProbeUnkeyedContainer: UnkeyedDecodingContainer {
    var codingPath: [any CodingKey] { [] }
    var count: Int? { 0 }
    var isAtEnd: Bool { true }
    var currentIndex: Int { 0 }

    mutating func decodeNil() throws -> Bool { false }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        throw StructureError(path: "", type: "\(T.self)", message: "a sample array is empty")
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        throw StructureError(path: "", type: "\(NestedKey.self)", message: "a sample array is empty")
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { ProbeUnkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder {
        throw StructureError(path: "", type: "Decoder", message: "a sample array is empty")
    }
}
