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

    /// SQLite checksums each WAL frame over its page before the VFS sees it; the VFS must leave
    /// frames as they are, or recovery after a crash drops the committed transactions they hold.
    func testACommitStillInTheWALSurvivesACrash() throws {
        let dir = try makeTemporaryDirectory("wal")
        let path = dir.appendingPathComponent("corpus.db").path
        let writer = try Corpus.open(at: path)
        try writer.upsertFixtures([try navigationFixture(steps: [(#"{"case":"open"}"#, #"{"path":[],"title":"in the WAL"}"#)])])
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int)
        XCTAssertGreaterThan(size, 32 + 24 + Database.pageSize, "the commit is still in the WAL")
        // A crash: the files as they are on disk, without the shared memory index, which recovery rebuilds.
        let crashed = dir.appendingPathComponent("crashed")
        try FileManager.default.createDirectory(at: crashed, withIntermediateDirectories: true)
        for suffix in ["", "-wal"] {
            try FileManager.default.copyItem(atPath: path + suffix, toPath: crashed.appendingPathComponent("corpus.db").path + suffix)
        }
        withExtendedLifetime(writer) {}
        let recovered = try Corpus.open(at: crashed.appendingPathComponent("corpus.db").path)
        XCTAssertEqual(try recovered.fixtureNames(), ["nav"], "recovery kept the committed transaction")
        XCTAssertTrue(try recovered.check().holds)
    }

    func testPagesAreSealedWhenACheckpointCopiesThemIntoTheFile() throws {
        let path = try makeTemporaryDirectory("checkpoint").appendingPathComponent("corpus.db").path
        let corpus = try Corpus.open(at: path)
        try corpus.upsertFixtures([try navigationFixture(steps: [(#"{"case":"open"}"#, #"{"path":[],"title":"checkpointed"}"#)])])
        try corpus.database.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let pages = bytes.count / Database.pageSize
        XCTAssertGreaterThan(pages, 30)
        for page in 0..<pages {
            let slice = Array(bytes[(page * Database.pageSize)..<((page + 1) * Database.pageSize)])
            XCTAssertTrue(PageChecksums.verify(slice), "page \(page + 1) is not sealed")
        }
    }
}
