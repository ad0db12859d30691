import Foundation
import XCTest
@testable import DuetCorpus

/// The page checksum and the VFS that seals and verifies it.
final class PageChecksumTests: XCTestCase {
    private func randomPage(_ count: Int = 16_384) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    func testASealedPageVerifiesAndAnyFlippedBitOrZeroedPageDoesNot() {
        var page = randomPage()
        page.withUnsafeMutableBytes { PageChecksums.seal($0.baseAddress!, count: $0.count) }
        XCTAssertTrue(page.withUnsafeBytes { PageChecksums.verify($0.baseAddress!, count: $0.count) })
        for bit in stride(from: 0, to: (page.count - 8) * 8, by: 29) {
            var flipped = page
            flipped[bit / 8] ^= UInt8(1 << (bit % 8))
            XCTAssertFalse(flipped.withUnsafeBytes { PageChecksums.verify($0.baseAddress!, count: $0.count) }, "bit \(bit)")
        }
        var swapped = page
        swapped.swapAt(8, 16)
        if swapped != page { XCTAssertFalse(swapped.withUnsafeBytes { PageChecksums.verify($0.baseAddress!, count: $0.count) }) }
        let zeros = [UInt8](repeating: 0, count: 4_096)
        XCTAssertFalse(zeros.withUnsafeBytes { PageChecksums.verify($0.baseAddress!, count: $0.count) }, "a zeroed page is damage")
    }

    func testNewFilesCarryChecksumsAndOldOnesStillOpen() throws {
        let dir = try makeTemporaryDirectory("checksums")
        let sealed = try Corpus.open(at: dir.appendingPathComponent("new.db").path)
        XCTAssertTrue(sealed.database.carriesPageChecksums)
        XCTAssertTrue(try sealed.check().pageChecksums)
        // A file made without them (an older duet) opens, reads and writes; it is only not verified.
        let path = dir.appendingPathComponent("old.db").path
        try Corpus(database: Database(path: path, pageChecksums: false), migrator: Migrator(), migrate: true)
            .upsertFixtures([try navigationFixture(steps: [(#"{"case":"open"}"#, #"{"path":[]}"#)])])
        let old = try Corpus.open(at: path)
        XCTAssertFalse(old.database.carriesPageChecksums)
        try old.upsertFixtures([try navigationFixture(name: "nav.2", steps: [])])
        XCTAssertEqual(try old.fixtureNames(), ["nav", "nav.2"])
        XCTAssertFalse(try old.check().pageChecksums)
        XCTAssertTrue(try old.check().holds)
    }

    func testAPageInTheWALIsVerifiedToo() throws {
        let path = try makeTemporaryDirectory("wal").appendingPathComponent("corpus.db").path
        let writer = try Corpus.open(at: path)
        try writer.upsertFixtures([try navigationFixture(steps: [(#"{"case":"open"}"#, #"{"path":[],"title":"in the WAL"}"#)])])
        let wal = path + "-wal"
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int)
        XCTAssertGreaterThan(size, 32 + 24 + Database.pageSize, "the write is still in the WAL")
        // Negative control: a second connection reads the WAL's pages.
        XCTAssertEqual(try Corpus.open(at: path).fixtureNames(), ["nav"])
        // Damage the page of the last frame (the newest copy of its page): 32-byte WAL header, then frames
        // of a 24-byte header and a page.
        let frames = (size - 32) / (24 + Database.pageSize)
        let offset = UInt64(32 + (frames - 1) * (24 + Database.pageSize) + 24 + 5_000)
        let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: wal))
        try handle.seek(toOffset: offset)
        var byte = try XCTUnwrap(handle.read(upToCount: 1))
        byte[0] ^= 0x01
        try handle.seek(toOffset: offset)
        try handle.write(contentsOf: byte)
        try handle.close()
        let check = try Corpus.open(at: path).check()
        XCTAssertTrue(check.problems.contains { $0.contains("WAL frame \(frames) does not match its checksum") }, "\(check.problems)")
        withExtendedLifetime(writer) {}
    }
}
