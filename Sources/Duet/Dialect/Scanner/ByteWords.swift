/// Eight bytes at a time: tests for special bytes in a 64-bit word, for the scanners' hot loops.
/// Words are loaded little-endian, so byte `k` of a word is the `k`-th byte in memory and
/// `firstFlagged` of a mask is the offset of the first byte it flags.
enum ByteWords {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    /// The high bit of every byte: the bit the masks below set.
    static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The eight bytes at `offset` (at least eight must remain).
    @inline(__always)
    static func load(_ p: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(p.baseAddress! + offset).loadUnaligned(as: UInt64.self))
    }

    /// 0x80 in each byte of `w` equal to `b`, 0 in the others: exact for every byte (no borrow
    /// crosses bytes).
    @inline(__always)
    static func equal(_ w: UInt64, _ b: UInt8) -> UInt64 {
        let x = w ^ (ones &* UInt64(b))
        return ~(((x & ~highs) &+ ~highs) | x) & highs
    }

    /// Non-zero when some byte of `w` equals `b`. Cheaper than `equal`, but only its first flagged
    /// byte is sure to match: a borrow can flag bytes above a true match.
    @inline(__always)
    static func some(_ w: UInt64, _ b: UInt8) -> UInt64 {
        let x = w ^ (ones &* UInt64(b))
        return (x &- ones) & ~x & highs
    }

    /// Non-zero when some byte of `w` is below `b` (b ≤ 128); as with `some`, only the first flagged byte is sure.
    @inline(__always)
    static func someBelow(_ w: UInt64, _ b: UInt8) -> UInt64 {
        (w &- ones &* UInt64(b)) & ~w & highs
    }

    /// The high bit of every byte of `w` that is not ASCII.
    @inline(__always)
    static func nonASCII(_ w: UInt64) -> UInt64 { w & highs }

    /// The high bit of every byte not flagged in `mask`.
    @inline(__always)
    static func unflagged(_ mask: UInt64) -> UInt64 { ~mask & highs }

    /// The offset of the first byte `mask` flags (`mask` ≠ 0).
    @inline(__always)
    static func firstFlagged(_ mask: UInt64) -> Int { mask.trailingZeroBitCount >> 3 }
}
