import CSQLite
/// The address of a blob: MurmurHash3 x64-128 (seed 0) of its canonical bytes.
///
/// ```swift
/// let hash = ContentHash(of: Array("hello".utf8))
/// hash.hex    // "029bbd41b3a7d8cb191dae486a901e5b" (same as Python's mmh3.hash_bytes)
/// ```
///
/// A fast non-cryptographic hash: the corpus never trusts it alone. A hash hit is confirmed by
/// comparing the stored bytes (`BlobStore`), so a collision is detected, never silently merged.
public struct ContentHash: Hashable, Sendable, CustomStringConvertible {
    public var h1: UInt64
    public var h2: UInt64

    public init(h1: UInt64, h2: UInt64) { self.h1 = h1; self.h2 = h2 }

    public init(of bytes: [UInt8]) {
        self = bytes.withUnsafeBytes { ContentHash(of: $0) }
    }

    public init(of buffer: UnsafeRawBufferPointer) {
        var h1: UInt64 = 0, h2: UInt64 = 0
        let count = buffer.count
        var offset = 0
        while offset + 16 <= count {
            Murmur3.mix(&h1, &h2, UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self)),
                        UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)))
            offset += 16
        }
        self = Murmur3.finish(h1, h2, tail: UnsafeRawBufferPointer(rebasing: buffer[offset...]), count: count)
    }

    /// 16 bytes: h1 then h2, each little-endian (how the corpus stores it).
    public var bytes: [UInt8] {
        var result = [UInt8](repeating: 0, count: 16)
        for i in 0..<8 {
            result[i] = UInt8(truncatingIfNeeded: h1 >> UInt64(i * 8))
            result[8 + i] = UInt8(truncatingIfNeeded: h2 >> UInt64(i * 8))
        }
        return result
    }

    public init?(bytes: [UInt8]) {
        guard bytes.count == 16 else { return nil }
        var a: UInt64 = 0, b: UInt64 = 0
        for i in 0..<8 { a |= UInt64(bytes[i]) << UInt64(i * 8); b |= UInt64(bytes[8 + i]) << UInt64(i * 8) }
        self.init(h1: a, h2: b)
    }

    public var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(32)
        for byte in bytes { out.append(digits[Int(byte >> 4)]); out.append(digits[Int(byte & 15)]) }
        return String(decoding: out, as: UTF8.self)
    }

    /// The hash `hex` spells (32 lowercase hex digits); nil for anything else.
    public init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.count == 32 else { return nil }
        var bytes: [UInt8] = []
        for pair in stride(from: 0, to: 32, by: 2) {
            guard let high = Self.nibble(digits[pair]), let low = Self.nibble(digits[pair + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        self.init(bytes: bytes)
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
        default: return nil
        }
    }

    public var description: String { hex }
}

/// MurmurHash3 x64-128's block step and finalisation, shared by the one-shot hash and `ContentHasher`.
enum Murmur3 {
    static let c1: UInt64 = 0x87c3_7b91_1142_53d5
    static let c2: UInt64 = 0x4cf5_ad43_2745_937f

    @inline(__always) static func mix(_ h1: inout UInt64, _ h2: inout UInt64, _ k1: UInt64, _ k2: UInt64) {
        var k1 = k1, k2 = k2
        k1 &*= c1; k1 = rotl(k1, 31); k1 &*= c2; h1 ^= k1
        h1 = rotl(h1, 27); h1 &+= h2; h1 = h1 &* 5 &+ 0x52dc_e729
        k2 &*= c2; k2 = rotl(k2, 33); k2 &*= c1; h2 ^= k2
        h2 = rotl(h2, 31); h2 &+= h1; h2 = h2 &* 5 &+ 0x3849_5ab5
    }

    /// `tail`: the last `count % 16` bytes; `count`: every byte hashed.
    static func finish(_ h1: UInt64, _ h2: UInt64, tail: UnsafeRawBufferPointer, count: Int) -> ContentHash {
        var h1 = h1, h2 = h2
        if !tail.isEmpty {
            var k1: UInt64 = 0
            var k2: UInt64 = 0
            for i in stride(from: tail.count - 1, through: 0, by: -1) {
                let byte = UInt64(tail[i])
                if i >= 8 { k2 |= byte << UInt64((i - 8) * 8) } else { k1 |= byte << UInt64(i * 8) }
            }
            if tail.count > 8 { k2 &*= c2; k2 = rotl(k2, 33); k2 &*= c1; h2 ^= k2 }
            k1 &*= c1; k1 = rotl(k1, 31); k1 &*= c2; h1 ^= k1
        }
        h1 ^= UInt64(count); h2 ^= UInt64(count)
        h1 &+= h2; h2 &+= h1
        h1 = fmix(h1); h2 = fmix(h2)
        h1 &+= h2; h2 &+= h1
        return ContentHash(h1: h1, h2: h2)
    }
}

/// `ContentHash` of bytes fed a piece at a time: the same value as hashing them joined, without
/// holding them joined (a million fixtures' fingerprints hash in a few bytes of memory).
///
/// ```swift
/// var hasher = ContentHasher()
/// hasher.update(Array("hel".utf8)); hasher.update(Array("lo".utf8))
/// hasher.finalize() == ContentHash(of: Array("hello".utf8))   // true
/// ```
public struct ContentHasher: Sendable {
    private var h1: UInt64 = 0, h2: UInt64 = 0
    private var pending: [UInt8] = []
    private var count = 0

    public init() { pending.reserveCapacity(16) }

    public mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes {
            count += 1
            pending.append(byte)
            if pending.count == 16 {
                pending.withUnsafeBytes {
                    Murmur3.mix(&h1, &h2, UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)),
                                UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
                }
                pending.removeAll(keepingCapacity: true)
            }
        }
    }

    public func finalize() -> ContentHash {
        pending.withUnsafeBytes { Murmur3.finish(h1, h2, tail: $0, count: count) }
    }
}

@inline(__always) private func rotl(_ x: UInt64, _ r: UInt64) -> UInt64 { (x << r) | (x >> (64 - r)) }

@inline(__always) private func fmix(_ value: UInt64) -> UInt64 {
    var k = value
    k ^= k >> 33; k &*= 0xff51_afd7_ed55_8ccd
    k ^= k >> 33; k &*= 0xc4ce_b9fe_1a85_ec53
    k ^= k >> 33
    return k
}

extension Statement {
    /// The column's 16 stored bytes as a hash, read in place; nil when it holds no hash.
    func contentHash(at index: Int32) -> ContentHash? {
        guard sqlite3_column_bytes(handle, index) == 16, let pointer = sqlite3_column_blob(handle, index) else { return nil }
        let raw = UnsafeRawPointer(pointer)
        return ContentHash(h1: UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)),
                           h2: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
    }

    /// Binds the 16 stored bytes of `hash` (`ContentHash.bytes`) without building an array.
    func bind(_ hash: ContentHash, at index: Int32) throws {
        var words = (hash.h1.littleEndian, hash.h2.littleEndian)
        try withUnsafeBytes(of: &words) { try bind(bytes: $0, at: index) }
    }
}
