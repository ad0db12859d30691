import Foundation

/// What a WAL beside a database file holds for it, read straight from the file by SQLite's own
/// rules (the WAL format): the frames of its valid prefix — salts equal to the header's, the
/// running checksum unbroken — up to the last commit frame. SQLite reads those pages from the WAL,
/// never from the database file, so the file's copies may be torn (a checkpoint that hit a full
/// disk) without the database being damaged; and the last commit frame says how many pages the
/// database has, so bytes past them (a file extended and then not used) are not pages of it.
struct WALCommittedPages {
    /// Page numbers (from 1) with a committed frame in the WAL.
    var pages: Set<Int> = []
    /// The database's size in pages after the WAL's last commit; nil when it has none.
    var databasePages: Int?

    /// Reads the WAL at `walPath`; an absent, empty or foreign WAL holds nothing.
    init(walPath: String, pageSize: Int) {
        UnlockingSafeReads.read(walPath) { scan($0, pageSize: pageSize) }
    }

    private mutating func scan(_ descriptor: Int32, pageSize: Int) {
        let headerBytes = Int(WALFrameSeal.headerBytes)
        var header = [UInt8](repeating: 0, count: headerBytes)
        guard header.withUnsafeMutableBytes({ pread(descriptor, $0.baseAddress!, headerBytes, 0) }) == headerBytes else { return }
        let magic = Self.word(header, 0)
        guard magic & 0xFFFF_FFFE == 0x377F_0682, Int(Self.word(header, 8)) == pageSize else { return }
        let bigEndian = magic & 1 == 1
        var sums = (Self.word(header, 24), Self.word(header, 28))
        let salts = header[16..<24]
        let frameBytes = Int(WALFrameSeal.frameHeaderBytes) + pageSize
        var frame = [UInt8](repeating: 0, count: frameBytes)
        var offset = off_t(WALFrameSeal.headerBytes)
        var uncommitted: [Int] = []
        while frame.withUnsafeMutableBytes({ pread(descriptor, $0.baseAddress!, frameBytes, offset) }) == frameBytes {
            guard frame[8..<16].elementsEqual(salts) else { break }
            frame.withUnsafeBytes {
                WALFrameSeal.add($0.baseAddress!, count: 8, to: &sums, bigEndian: bigEndian)
                WALFrameSeal.add($0.baseAddress! + Int(WALFrameSeal.frameHeaderBytes), count: pageSize, to: &sums, bigEndian: bigEndian)
            }
            guard sums.0 == Self.word(frame, 16), sums.1 == Self.word(frame, 20) else { break }
            uncommitted.append(Int(Self.word(frame, 0)))
            let sizeAfterCommit = Int(Self.word(frame, 4))
            if sizeAfterCommit > 0 {
                pages.formUnion(uncommitted)
                uncommitted.removeAll()
                databasePages = sizeAfterCommit
            }
            offset += off_t(frameBytes)
        }
    }

    private static func word(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
    }
}
