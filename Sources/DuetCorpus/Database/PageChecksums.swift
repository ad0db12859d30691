import CSQLite

/// Per-page checksums: every page of a corpus file made by this `duet` carries, in its last 8
/// bytes (SQLite's reserved space), a checksum of the rest of the page. The `duet-checksums` VFS
/// (`ChecksumVFS`) computes it on every page written and verifies it on every page read, so a
/// flipped byte in any page a verb reads fails that verb (`DatabaseError.isDamage`) instead of
/// answering from damaged bytes. `duet corpus check` reads every page.
///
/// ```swift
/// let db = try Database(path: "corpus.db")       // new files reserve the 8 bytes per page
/// db.carriesPageChecksums                        // false for a file made before checksums
/// ```
///
/// What it does not catch: damage in pages nothing reads, pages written by another program
/// (their checksums are stale, which reads as damage), and a whole file replaced by an older
/// but intact copy.
public enum PageChecksums {
    /// Bytes reserved at the end of every page.
    public static let reservedBytes: Int32 = 8

    /// The result code of a read that failed its checksum: SQLITE_IOERR_DATA.
    public static let mismatchCode: Int32 = SQLITE_IOERR | (32 << 8)

    /// True for a read or write of a whole page (pages are powers of two from 512 to 65536 bytes).
    @inline(__always)
    static func isPage(_ amount: Int32) -> Bool {
        amount >= 512 && amount <= 65_536 && amount & (amount - 1) == 0
    }

    /// The checksum of `page[0 ..< count - 8]`: two running sums over little-endian 64-bit words
    /// (Fletcher-style, modulo 2^64), the second weighting each word by its position, each then
    /// mixed through a bijective finalizer. A page whose sums both stay the same needs compensating
    /// changes in several words; any single changed word, a swap, or a zeroed page changes it.
    @inline(__always)
    static func checksum(_ page: UnsafeRawPointer, count: Int) -> UInt64 {
        var a: UInt64 = 0x9E37_79B9_7F4A_7C15
        var b: UInt64 = 0x2545_F491_4F6C_DD1D
        var offset = 0
        let end = count - Int(reservedBytes)
        while offset < end {
            a &+= UInt64(littleEndian: page.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            b &+= a
            offset += 8
        }
        return mix(a) &+ mix(b ^ 0xD6E8_FEB8_6659_FD93)
    }

    /// A bijection on 64-bit words whose every output bit depends on every input bit.
    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        var x = value
        x ^= x >> 30
        x &*= 0xBF58_476D_1CE4_E5B9
        x ^= x >> 27
        x &*= 0x94D0_49BB_1331_11EB
        return x ^ (x >> 31)
    }

    /// Writes the checksum into the page's last 8 bytes.
    static func seal(_ page: UnsafeMutableRawPointer, count: Int) {
        let sum = checksum(page, count: count)
        page.storeBytes(of: sum.littleEndian, toByteOffset: count - Int(reservedBytes), as: UInt64.self)
    }

    /// True when the page's last 8 bytes hold its checksum.
    static func verify(_ page: UnsafeRawPointer, count: Int) -> Bool {
        let stored = UInt64(littleEndian: page.loadUnaligned(fromByteOffset: count - Int(reservedBytes), as: UInt64.self))
        return stored == checksum(page, count: count)
    }

    /// True when `page` (a whole page) holds its checksum; for benchmarks and tests.
    public static func verify(_ page: [UInt8]) -> Bool {
        page.withUnsafeBytes { verify($0.baseAddress!, count: $0.count) }
    }

    /// True when a database header (the first 100 bytes of page 1) declares the reserved bytes.
    static func headerDeclaresChecksums(_ header: UnsafeRawPointer) -> Bool {
        let magic = "SQLite format 3"
        for (offset, byte) in magic.utf8.enumerated() where header.load(fromByteOffset: offset, as: UInt8.self) != byte { return false }
        return header.load(fromByteOffset: 20, as: UInt8.self) == UInt8(reservedBytes)
    }
}

extension Database {
    /// True when this file carries page checksums (made by a `duet` that writes them).
    var carriesPageChecksums: Bool {
        var file: UnsafeMutablePointer<sqlite3_file>?
        guard sqlite3_file_control(handle, "main", SQLITE_FCNTL_FILE_POINTER, &file) == SQLITE_OK, let file else { return false }
        return ChecksumVFS.verifies(file)
    }
}
