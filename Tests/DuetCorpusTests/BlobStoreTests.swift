import XCTest
import Duet
@testable import DuetCorpus

final class BlobStoreTests: XCTestCase {
    func testEqualBytesShareOneBlobAndDifferentBytesDoNot() throws {
        let corpus = try Corpus.inMemory()
        let a = try corpus.blobs.intern(Array(#"{"a":1}"#.utf8))
        XCTAssertEqual(try corpus.blobs.intern(Array(#"{"a":1}"#.utf8)), a)
        corpus.blobs.forgetCache()
        XCTAssertEqual(try corpus.blobs.intern(Array(#"{"a":1}"#.utf8)), a, "found again through the database, not only the cache")
        XCTAssertNotEqual(try corpus.blobs.intern(Array(#"{"a":2}"#.utf8)), a)
        XCTAssertEqual(try corpus.blobs.bytes(id: a), Array(#"{"a":1}"#.utf8))
    }

    func testAHashCollisionIsRefusedNotMerged() throws {
        let corpus = try Corpus.inMemory()
        // A degenerate hash makes every input collide: the byte comparison must catch it.
        let colliding = BlobStore(database: corpus.database, hash: { _ in ContentHash(h1: 7, h2: 7) })
        _ = try colliding.intern(Array("first".utf8))
        XCTAssertThrowsError(try colliding.intern(Array("second".utf8))) { XCTAssertTrue($0 is ContentHashCollision) }
        colliding.forgetCache()
        XCTAssertThrowsError(try colliding.intern(Array("second".utf8)), "the database path compares bytes too") {
            XCTAssertTrue($0 is ContentHashCollision)
        }
        XCTAssertNoThrow(try colliding.intern(Array("first".utf8)), "the same bytes are still found")
    }

    func testTheCacheStaysWithinItsBudget() throws {
        let corpus = try Corpus.inMemory()
        let small = BlobStore(database: corpus.database, cacheBudgetBytes: 1_000)
        var ids: [Int64] = []
        for i in 0..<200 { ids.append(try small.intern(Array("{\"n\":\(i)}".utf8))) }
        for i in 0..<200 { XCTAssertEqual(try small.intern(Array("{\"n\":\(i)}".utf8)), ids[i]) }
        XCTAssertEqual(small.inserted, 200)
    }
}
