import CSQLite
import Foundation

/// Sealed pages in the WAL (`ChecksumVFS`): after a frame's page is sealed, the frame's checksum
/// is computed again as SQLite computes it — the WAL's own format, not ours: two running 32-bit
/// sums over the frame header's first 8 bytes and the page, chained from the previous frame's sums
/// (the WAL header's for the first frame), in the byte order the WAL's magic number names.
///
/// ```swift
/// let frame = WALFrameSeal.Frame(pageOffset: 32 + 24, pageSize: 16_384)!   // frame 0's page
/// frame.headerOffset                                                        // 32
/// ```
///
/// A frame whose salt and checksum SQLite left zero (a page overwritten within its transaction) is
/// left zero: SQLite rewrites those frames' checksums at commit, reading the sealed pages back.
enum WALFrameSeal {
    static let headerBytes: Int64 = 32
    static let frameHeaderBytes: Int64 = 24

    /// Where one frame lies in the WAL.
    struct Frame {
        var index: Int64
        var headerOffset: Int64
        var pageSize: Int64

        /// The frame whose page starts at `pageOffset`; nil when no frame's page starts there.
        init?(pageOffset: Int64, pageSize: Int32) {
            let size = Int64(pageSize)
            guard size > 0 else { return nil }
            let relative = pageOffset - WALFrameSeal.headerBytes - WALFrameSeal.frameHeaderBytes
            let stride = size + WALFrameSeal.frameHeaderBytes
            guard relative >= 0, relative % stride == 0 else { return nil }
            index = relative / stride
            headerOffset = pageOffset - WALFrameSeal.frameHeaderBytes
            self.pageSize = size
        }

        /// Where the previous frame's checksum is (the WAL header's for frame 0).
        var previousChecksumOffset: Int64 {
            index == 0 ? 24 : headerOffset - (pageSize + WALFrameSeal.frameHeaderBytes) + 16
        }
    }

    /// The page size and checksum byte order a WAL's header declares.
    static func walHeader(_ wal: UnsafeMutablePointer<sqlite3_file>, _ methods: sqlite3_io_methods) -> (pageSize: Int32, bigEndian: Bool)? {
        guard let header = read(wal, methods, count: 32, at: 0) else { return nil }
        let magic = bigEndianWord(header, 0)
        guard magic & 0xFFFF_FFFE == 0x377F_0682 else { return nil }
        let pageSize = bigEndianWord(header, 8)
        guard pageSize >= 512, pageSize <= 65_536 else { return nil }
        return (Int32(pageSize), magic & 1 == 1)
    }

    static func pageNumber(_ frameHeader: [UInt8]) -> UInt32 { bigEndianWord(frameHeader, 0) }

    /// Recomputes the frame's checksum over its header and the (sealed) page and writes it.
    static func rewriteChecksum(_ wal: UnsafeMutablePointer<sqlite3_file>, _ methods: sqlite3_io_methods, frame: Frame,
                                frameHeader: [UInt8], page: UnsafeRawPointer, bigEndian: Bool) -> Int32 {
        // Salt and checksum left zero: SQLite rewrites this frame's checksum itself at commit.
        guard frameHeader[8..<24].contains(where: { $0 != 0 }) else { return SQLITE_OK }
        guard let previous = read(wal, methods, count: 8, at: frame.previousChecksumOffset) else { return SQLITE_IOERR | (1 << 8) }
        var sums = (bigEndianWord(previous, 0), bigEndianWord(previous, 4))
        frameHeader.withUnsafeBytes { add($0.baseAddress!, count: 8, to: &sums, bigEndian: bigEndian) }
        add(page, count: Int(frame.pageSize), to: &sums, bigEndian: bigEndian)
        var bytes = [UInt8](repeating: 0, count: 8)
        putBigEndianWord(sums.0, into: &bytes, at: 0)
        putBigEndianWord(sums.1, into: &bytes, at: 4)
        return bytes.withUnsafeBytes { methods.xWrite(wal, $0.baseAddress, 8, frame.headerOffset + 16) }
    }

    /// SQLite's WAL checksum step over `count` bytes (a multiple of 8).
    static func add(_ bytes: UnsafeRawPointer, count: Int, to sums: inout (UInt32, UInt32), bigEndian: Bool) {
        var (s1, s2) = sums
        var offset = 0
        while offset < count {
            var x0 = bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
            var x1 = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
            if bigEndian { x0 = UInt32(bigEndian: x0); x1 = UInt32(bigEndian: x1) } else { x0 = UInt32(littleEndian: x0); x1 = UInt32(littleEndian: x1) }
            s1 = s1 &+ x0 &+ s2
            s2 = s2 &+ x1 &+ s1
            offset += 8
        }
        sums = (s1, s2)
    }

    /// True when the database file beside the WAL at `walPath` declares page checksums.
    static func databaseDeclaresChecksums(walPath: String) -> Bool {
        guard walPath.hasSuffix("-wal") else { return false }
        var header = [UInt8](repeating: 0, count: 100)
        let read = UnlockingSafeReads.read(String(walPath.dropLast(4))) { descriptor in
            header.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, 100, 0) }
        }
        guard read == 100 else { return false }
        return header.withUnsafeBytes { PageChecksums.headerDeclaresChecksums($0.baseAddress!) }
    }

    static func read(_ file: UnsafeMutablePointer<sqlite3_file>, _ methods: sqlite3_io_methods, count: Int, at offset: Int64) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        let code = bytes.withUnsafeMutableBytes { methods.xRead(file, $0.baseAddress, Int32(count), offset) }
        return code == SQLITE_OK ? bytes : nil
    }

    private static func bigEndianWord(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
    }

    private static func putBigEndianWord(_ value: UInt32, into bytes: inout [UInt8], at: Int) {
        bytes[at] = UInt8(value >> 24); bytes[at + 1] = UInt8(value >> 16 & 0xFF)
        bytes[at + 2] = UInt8(value >> 8 & 0xFF); bytes[at + 3] = UInt8(value & 0xFF)
    }
}
