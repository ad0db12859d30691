import Foundation

/// The decoding surface every dialect decoder shares: the tree decoder (`DialectDecoder`, over
/// `JSONValue`s) and the byte decoder (`ByteDecoder`, over a `ByteDocument`'s tape) differ only
/// in how they read a value; the scalar rules, the errors and their wording, and the unkeyed and
/// single-value containers are written once here.
protocol DialectDecoding: Decoder, PathNode {
    /// How this decoder names one value of its input.
    associatedtype Value
    /// Walks an array's elements.
    associatedtype Elements: DialectElements where Elements.Value == Value

    /// The value this decoder stands on.
    var currentValue: Value { get }
    func kind(of value: Value) -> ScannedValue.Kind
    /// The scalar a value of that kind holds (the caller checked the kind).
    func stringValue(_ value: Value) -> String
    func boolValue(_ value: Value) -> Bool
    func intValue(_ value: Value) -> Int64
    /// The elements of an array value (the caller checked the kind).
    func elements(of array: Value) -> Elements
    /// A decoder of the same kind below this one.
    func child(_ value: Value, at component: PathComponent?) -> Self
    func unbox<T: Decodable>(_ value: Value, as type: T.Type, at component: PathComponent?) throws -> T
}

/// An array's elements, in order.
protocol DialectElements {
    associatedtype Value
    var count: Int { get }
    /// The next element (at least one remains).
    mutating func next() -> Value
    /// The next element without moving past it (at least one remains).
    func peek() -> Value
}

extension DialectDecoding {
    var codingPath: [CodingKey] { codingKeys }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    // MARK: - Scalars

    func string(_ value: Value, at component: PathComponent?) throws -> String {
        guard kind(of: value) == .string else { throw mismatch("a string", value, at: component) }
        return stringValue(value)
    }

    func bool(_ value: Value, at component: PathComponent?) throws -> Bool {
        guard kind(of: value) == .bool else { throw mismatch("true or false", value, at: component) }
        return boolValue(value)
    }

    func integer<I: FixedWidthInteger>(_ value: Value, _ type: I.Type, at component: PathComponent?) throws -> I {
        guard kind(of: value) == .int else { throw mismatch("an integer", value, at: component) }
        let i = intValue(value)
        guard let v = I(exactly: i) else { throw refusal(at: component, "\(i) does not fit \(I.self)") }
        return v
    }

    /// The text-borne scalars beyond strings, read from the string a value holds.
    func uuid(fromString value: Value, at component: PathComponent?) throws -> UUID {
        let s = try string(value, at: component)
        guard let uuid = UUIDText.parse(s) else { throw refusal(at: component, "expected a UUID, found \"\(s)\"") }
        return uuid
    }

    func date(fromString value: Value, at component: PathComponent?) throws -> Date {
        let s = try string(value, at: component)
        guard let date = DateCoding.parse(s) else {
            throw refusal(at: component, "expected a date like 2026-07-02T09:30:00.000Z, found \"\(s)\"")
        }
        return date
    }

    func url(_ value: Value, at component: PathComponent?) throws -> URL {
        let s = try string(value, at: component)
        guard let url = URL(string: s) else { throw refusal(at: component, "expected a URL, found \"\(s)\"") }
        return url
    }

    func data(_ value: Value, at component: PathComponent?) throws -> Data {
        let s = try string(value, at: component)
        guard let data = Data(base64Encoded: s) else { throw refusal(at: component, "expected base64 data") }
        return data
    }

    // MARK: - Errors

    func floatRefusal(_ typeName: String, at component: PathComponent?) -> CodingRefusal {
        refusal(at: component, "\(typeName) is not part of the dialect (integers only)")
    }

    func refusal(at component: PathComponent?, _ message: String) -> CodingRefusal {
        CodingRefusal(codingPath: pathString(appending: component), message: message)
    }

    func missingKey(_ name: String) -> CodingRefusal {
        refusal(at: .key(name), "missing key \"\(name)\"")
    }

    func mismatch(_ expected: String, _ found: Value, at component: PathComponent?) -> CodingRefusal {
        let what: String
        switch kind(of: found) {
        case .null: what = "null"
        case .bool: what = "\(boolValue(found))"
        case .int: what = "the integer \(intValue(found))"
        case .string: what = "the string \"\(stringValue(found).prefix(40))\""
        case .array: what = "an array"
        case .object: what = "an object"
        }
        return refusal(at: component, "expected \(expected), found \(what)")
    }
}

/// An array's elements through any dialect decoder.
struct DialectUnkeyedContainer<D: DialectDecoding>: IntegerUnkeyedDecoding {
    let decoder: D
    var elements: D.Elements
    var currentIndex = 0

    init(decoder: D, elements: D.Elements) {
        self.decoder = decoder
        self.elements = elements
    }

    var codingPath: [CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private mutating func next() throws -> (D.Value, PathComponent) {
        guard !isAtEnd else {
            throw decoder.refusal(at: .index(currentIndex), "array has only \(elements.count) elements")
        }
        defer { currentIndex += 1 }
        return (elements.next(), .index(currentIndex))
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, decoder.kind(of: elements.peek()) == .null else { return false }
        _ = try next()
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { let (v, c) = try next(); return try decoder.bool(v, at: c) }
    mutating func decode(_ type: String.Type) throws -> String { let (v, c) = try next(); return try decoder.string(v, at: c) }
    mutating func decode(_ type: Double.Type) throws -> Double { throw decoder.floatRefusal("Double", at: .index(currentIndex)) }
    mutating func decode(_ type: Float.Type) throws -> Float { throw decoder.floatRefusal("Float", at: .index(currentIndex)) }

    mutating func decodeInteger<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        let (v, c) = try next()
        return try decoder.integer(v, I.self, at: c)
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (v, c) = try next()
        return try decoder.unbox(v, as: type, at: c)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (v, c) = try next()
        return try decoder.child(v, at: c).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer {
        let (v, c) = try next()
        return try decoder.child(v, at: c).unkeyedContainer()
    }

    mutating func superDecoder() throws -> Decoder {
        let (v, c) = try next()
        return decoder.child(v, at: c)
    }
}

/// The one value a decoder stands on, through any dialect decoder.
struct DialectSingleValueContainer<D: DialectDecoding>: IntegerSingleValueDecoding {
    let decoder: D

    var codingPath: [CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.kind(of: decoder.currentValue) == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.bool(decoder.currentValue, at: nil) }
    func decodeInteger<I: FixedWidthInteger>(_ type: I.Type) throws -> I { try decoder.integer(decoder.currentValue, I.self, at: nil) }
    func decode(_ type: String.Type) throws -> String { try decoder.string(decoder.currentValue, at: nil) }
    func decode(_ type: Double.Type) throws -> Double { throw decoder.floatRefusal("Double", at: nil) }
    func decode(_ type: Float.Type) throws -> Float { throw decoder.floatRefusal("Float", at: nil) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decoder.unbox(decoder.currentValue, as: type, at: nil)
    }
}
