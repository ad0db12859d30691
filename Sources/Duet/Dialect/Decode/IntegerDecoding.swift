// The dialect has one number (Int64): every fixed-width integer overload a decoding
// container must offer funnels into one generic method, written once per container.

protocol IntegerKeyedDecoding: KeyedDecodingContainerProtocol {
    func decodeInteger<I: FixedWidthInteger>(_ type: I.Type, forKey key: Key) throws -> I
}

extension IntegerKeyedDecoding {
    @inline(__always) func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decodeInteger(type, forKey: key) }
    @inline(__always) func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decodeInteger(type, forKey: key) }
    @inline(__always) func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decodeInteger(type, forKey: key) }
    @inline(__always) func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decodeInteger(type, forKey: key) }
    @inline(__always) func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decodeInteger(type, forKey: key) }
    @inline(__always) func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decodeInteger(type, forKey: key) }
    @inline(__always) func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decodeInteger(type, forKey: key) }
    @inline(__always) func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decodeInteger(type, forKey: key) }
    @inline(__always) func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decodeInteger(type, forKey: key) }
    @inline(__always) func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decodeInteger(type, forKey: key) }
}

protocol IntegerUnkeyedDecoding: UnkeyedDecodingContainer {
    mutating func decodeInteger<I: FixedWidthInteger>(_ type: I.Type) throws -> I
}

extension IntegerUnkeyedDecoding {
    @inline(__always) mutating func decode(_ type: Int.Type) throws -> Int { try decodeInteger(type) }
    @inline(__always) mutating func decode(_ type: Int8.Type) throws -> Int8 { try decodeInteger(type) }
    @inline(__always) mutating func decode(_ type: Int16.Type) throws -> Int16 { try decodeInteger(type) }
    @inline(__always) mutating func decode(_ type: Int32.Type) throws -> Int32 { try decodeInteger(type) }
    @inline(__always) mutating func decode(_ type: Int64.Type) throws -> Int64 { try decodeInteger(type) }
    @inline(__always) mutating func decode(_ type: UInt.Type) throws -> UInt { try decodeInteger(type) }
    @inline(__always) mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeInteger(type) }
    @inline(__always) mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeInteger(type) }
    @inline(__always) mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeInteger(type) }
    @inline(__always) mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeInteger(type) }
}

protocol IntegerSingleValueDecoding: SingleValueDecodingContainer {
    func decodeInteger<I: FixedWidthInteger>(_ type: I.Type) throws -> I
}

extension IntegerSingleValueDecoding {
    @inline(__always) func decode(_ type: Int.Type) throws -> Int { try decodeInteger(type) }
    @inline(__always) func decode(_ type: Int8.Type) throws -> Int8 { try decodeInteger(type) }
    @inline(__always) func decode(_ type: Int16.Type) throws -> Int16 { try decodeInteger(type) }
    @inline(__always) func decode(_ type: Int32.Type) throws -> Int32 { try decodeInteger(type) }
    @inline(__always) func decode(_ type: Int64.Type) throws -> Int64 { try decodeInteger(type) }
    @inline(__always) func decode(_ type: UInt.Type) throws -> UInt { try decodeInteger(type) }
    @inline(__always) func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeInteger(type) }
    @inline(__always) func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeInteger(type) }
    @inline(__always) func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeInteger(type) }
    @inline(__always) func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeInteger(type) }
}
