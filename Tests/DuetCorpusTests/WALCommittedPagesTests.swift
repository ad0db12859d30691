import Foundation
import XCTest
import Duet
import DuetFixtures
@testable import DuetCorpus

/// The whole-file check reads the database file as SQLite would use it: a page with a committed
/// frame in the WAL is read from there (a checkpoint cut short by a full disk may have torn the
/// file's copy), and bytes past the last commit's page count are not pages of the database.
final class WALCommittedPagesTests: XCTestCase {
    private func fixtures(_ count: Int, tag: String) -> [Fixture] {
        (0..<count).map { index in
            try! navigationFixture(name: "nav.\(index)", steps: [
                (#"{"case":"open"}"#, #"{"path":[],"sheet":{"case":"camera"},"title":"\#(tag) \#(index)"}"#),
            ])
        }
    }

    private func flipByte(_ path: String, page: Int) throws {
        let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: path))
        defer { try? handle.close() }
        let position = UInt64((page - 1) * Database.pageSize + 200)
        try handle.seek(toOffset: position)
        var byte = try XCTUnwrap(handle.read(upToCount: 1))
        byte[0] ^= 0x10
        try handle.seek(toOffset: position)
        try handle.write(contentsOf: byte)
    }

    private func filePages(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0) / Database.pageSize
    }

    func testAPageTheWALHoldsIsNotReadFromTheFileAndTheRestStillIs() throws {
        let path = try makeTemporaryDirectory("wal-pages").appendingPathComponent("corpus.db").path
        do {
            let corpus = try Corpus.open(at: path)
            try corpus.setStructures(manifestStructures: ["nav": ["path": .path, "sheet": .slot]])
            try corpus.upsertFixtures(fixtures(30, tag: "first"))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-wal"), "the last close folded the WAL in")
        // A second write, kept in the WAL by the open connection: it rewrites pages the file holds.
        let corpus = try Corpus.open(at: path)
        try corpus.upsertFixtures(fixtures(30, tag: "second"))
        let wal = WALCommittedPages(walPath: path + "-wal", pageSize: Database.pageSize)
        let pages = try filePages(path)
        let inWAL = try XCTUnwrap(wal.pages.filter { $0 > 1 && $0 <= pages }.min(), "the WAL rewrites a page of the file")
        XCTAssertNotNil(wal.databasePages)
        XCTAssertNil(try WholeFileCheck.firstDamagedPage(path), "the file and its WAL are intact")

        try flipByte(path, page: inWAL)
        XCTAssertNil(try WholeFileCheck.firstDamagedPage(path), "page \(inWAL) is read from the WAL: its torn copy in the file is no damage")
        XCTAssertEqual(try corpus.fixtures().count, 30)

        // Negative control: a page only the file holds is still checked.
        let fileOnly = try XCTUnwrap((2...pages).first { !wal.pages.contains($0) }, "some page is not in the WAL")
        try flipByte(path, page: fileOnly)
        XCTAssertEqual(try WholeFileCheck.firstDamagedPage(path), fileOnly)
    }

    func testBytesPastTheHeadersPageCountAreNotPagesOfTheDatabase() throws {
        let path = try makeTemporaryDirectory("wal-pages").appendingPathComponent("corpus.db").path
        do {
            let corpus = try Corpus.open(at: path)
            try corpus.setStructures(manifestStructures: ["nav": ["path": .path, "sheet": .slot]])
            try corpus.upsertFixtures(fixtures(30, tag: "first"))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-wal"), "no WAL: the header's page count is current")
        let pages = try filePages(path)
        // The file extended by a page that was never committed (a write cut short), full of junk.
        let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: path))
        try handle.seek(toOffset: UInt64(pages * Database.pageSize))
        try handle.write(contentsOf: Data(repeating: 0xA5, count: Database.pageSize))
        try handle.close()
        XCTAssertNil(try WholeFileCheck.firstDamagedPage(path), "the junk page lies past the database's \(pages) pages")

        // Negative control: the database's own last page torn is damage.
        try flipByte(path, page: pages)
        XCTAssertEqual(try WholeFileCheck.firstDamagedPage(path), pages)
    }
}
