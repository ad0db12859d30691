// The dialect has one number (Int64): every fixed-width integer overload an encoding
// container must offer funnels into one generic method, written once per container
// (it refuses values outside Int64 with the coding path).

protocol IntegerKeyedEncoding: KeyedEncodingContainerProtocol {
    mutating func encodeInteger<I: FixedWidthInteger>(_ value: I, forKey key: Key) throws
}

extension IntegerKeyedEncoding {
    @inline(__always) mutating func encode(_ value: Int, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    @inline(__always) mutating func encode(_ value: Int8, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    @inline(__always) mutating func encode(_ value: Int16, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    @inline(__always) mutating func encode(_ value: Int32, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    @inline(__always) mutating func encode(_ value: Int64, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    @inline(__always) mutating func encode(_ value: UInt, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    @inline(__always) mutating func encode(_ value: UInt8, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    @inline(__always) mutating func encode(_ value: UInt16, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    @inline(__always) mutating func encode(_ value: UInt32, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    @inline(__always) mutating func encode(_ value: UInt64, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
}

/// Unkeyed and single-value containers: their integer overloads have the same signatures.
protocol IntegerValueEncoding {
    mutating func encodeInteger<I: FixedWidthInteger>(_ value: I) throws
}

extension IntegerValueEncoding {
    @inline(__always) mutating func encode(_ value: Int) throws { try encodeInteger(value) }
    @inline(__always) mutating func encode(_ value: Int8) throws { try encodeInteger(value) }
    @inline(__always) mutating func encode(_ value: Int16) throws { try encodeInteger(value) }
    @inline(__always) mutating func encode(_ value: Int32) throws { try encodeInteger(value) }
    @inline(__always) mutating func encode(_ value: Int64) throws { try encodeInteger(value) }
    @inline(__always) mutating func encode(_ value: UInt) throws { try encodeInteger(value) }
    @inline(__always) mutating func encode(_ value: UInt8) throws { try encodeInteger(value) }
    @inline(__always) mutating func encode(_ value: UInt16) throws { try encodeInteger(value) }
    @inline(__always) mutating func encode(_ value: UInt32) throws { try encodeInteger(value) }
    @inline(__always) mutating func encode(_ value: UInt64) throws { try encodeInteger(value) }
}
