import Foundation
import Duet

/// Every page of a corpus file checked against its `PageChecksums` seal, read straight from the
/// file: what a connection does before its first write, so that damage anywhere in the file stops
/// the write before anything is written (the pages a write touches are verified as SQLite reads
/// them anyway; damage elsewhere would otherwise be found only after the write).
///
/// ```swift
/// try WholeFileCheck.verify(database)     // throws the damage (`DatabaseError.isDamage`), noted beside the file
/// ```
///
/// A page that fails is read again a few times first: a checkpoint of another connection may be
/// writing it at that moment (SQLite's readers never read such a page from the file; this check
/// reads the file as it is). Pages with a committed frame in the WAL are not read from the file:
/// SQLite reads them from the WAL (checking their seals as it does), and a checkpoint that failed
/// on a full disk may have left the file's copies torn (`WALCommittedPages`). Files made before
/// the checksums are not checked.
enum WholeFileCheck {
    /// Pages read per `pread`.
    private static let chunkPages = 64

    static func verify(_ database: Database) throws {
        let path = database.path
        guard path != ":memory:", database.carriesPageChecksums else { return }
        if let page = try firstDamagedPage(path) {
            let message = "page \(page) does not match its checksum: its bytes changed after duet wrote them "
                + "(damage, or another program wrote the file)"
            DamageRecord.note(message, file: path)
            throw DatabaseError(code: PageChecksums.mismatchCode, message: message, file: path)
        }
    }

    /// The number (from 1) of the first page whose seal does not hold, or nil.
    static func firstDamagedPage(_ path: String) throws -> Int? {
        UnlockingSafeReads.read(path) { firstDamagedPage(descriptor: $0, path: path) } ?? nil
    }

    private static func firstDamagedPage(descriptor: Int32, path: String) -> Int? {
        var header = [UInt8](repeating: 0, count: 100)
        guard header.withUnsafeMutableBytes({ pread(descriptor, $0.baseAddress!, 100, 0) }) == 100,
              header.withUnsafeBytes({ PageChecksums.headerDeclaresChecksums($0.baseAddress!) }) else { return nil }
        let declared = Int(header[16]) << 8 | Int(header[17])
        let pageSize = declared == 1 ? 65_536 : declared
        var info = stat()
        guard PageChecksums.isPage(Int32(pageSize)), fstat(descriptor, &info) == 0 else { return nil }
        // Pages the WAL holds are read from there, and the database ends where its last commit says.
        let wal = WALCommittedPages(walPath: path + "-wal", pageSize: pageSize)
        let pages = min(Int(info.st_size) / pageSize, wal.databasePages ?? declaredPages(header) ?? Int.max)
        let chunks = (pages + chunkPages - 1) / chunkPages
        let found = Locked(Int?.none)
        // Two threads: the sums are cheap, the copies out of the page cache are most of the cost.
        let lanes = min(2, max(1, chunks))
        DispatchQueue.concurrentPerform(iterations: lanes) { lane in
            var buffer = [UInt8](repeating: 0, count: chunkPages * pageSize)
            var chunk = lane
            while chunk < chunks {
                if let earlier = found.withLock({ $0 }), earlier <= chunk * chunkPages { return }
                let first = chunk * chunkPages
                let count = min(chunkPages, pages - first)
                let read = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, count * pageSize, off_t(first * pageSize)) }
                let whole = read < 0 ? 0 : read / pageSize
                for index in 0..<count where !wal.pages.contains(first + index + 1) {
                    let intact = index < whole && buffer.withUnsafeBytes {
                        PageChecksums.verify($0.baseAddress! + index * pageSize, count: pageSize)
                    }
                    if !intact && !pageHolds(descriptor, page: first + index, pageSize: pageSize) {
                        found.withLock { $0 = min($0 ?? Int.max, first + index + 1) }
                        return
                    }
                }
                chunk += lanes
            }
        }
        return found.withLock { $0 }
    }

    /// The database's size in pages as its header states it, when the header says that figure is
    /// current (its "version valid for" equals its change counter; SQLite's file format, §1.3.7).
    private static func declaredPages(_ header: [UInt8]) -> Int? {
        let word = { (at: Int) in Int(header[at]) << 24 | Int(header[at + 1]) << 16 | Int(header[at + 2]) << 8 | Int(header[at + 3]) }
        let pages = word(28)
        return pages > 0 && word(92) == word(24) ? pages : nil
    }

    /// Reads one page again, up to three times a few milliseconds apart; true once it holds.
    private static func pageHolds(_ descriptor: Int32, page: Int, pageSize: Int) -> Bool {
        var buffer = [UInt8](repeating: 0, count: pageSize)
        for attempt in 0..<3 {
            if attempt > 0 { usleep(5_000) }
            let read = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, pageSize, off_t(page * pageSize)) }
            if read == pageSize && PageChecksums.verify(buffer) { return true }
        }
        return false
    }
}
