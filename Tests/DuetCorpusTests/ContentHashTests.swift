import XCTest
@testable import DuetCorpus

final class ContentHashTests: XCTestCase {
    // Known answers from the reference MurmurHash3 x64-128 (Python mmh3.hash_bytes, seed 0).
    func testMatchesMurmurHash3KnownAnswers() {
        XCTAssertEqual(ContentHash(of: []).hex, "00000000000000000000000000000000")
        XCTAssertEqual(ContentHash(of: Array("hello".utf8)).hex, "029bbd41b3a7d8cb191dae486a901e5b")
        XCTAssertEqual(ContentHash(of: Array("The quick brown fox jumps over the lazy dog".utf8)).hex,
                       "6c1b07bc7bbc4be347939ac4a93c437a")
        XCTAssertEqual(ContentHash(of: (0..<31).map { UInt8($0) }).hex, "94d02ca3e1d33d05905400b4ef9ae59e")
    }

    func testOneChangedByteOrLengthChangesTheHash() {
        let base = Array(#"{"count":1,"isAutoIncrementing":false}"#.utf8)
        var flipped = base
        flipped[9] ^= 1
        XCTAssertNotEqual(ContentHash(of: base), ContentHash(of: flipped))
        XCTAssertNotEqual(ContentHash(of: base), ContentHash(of: base + [0]))
    }

    func testStoredBytesRoundTrip() {
        let hash = ContentHash(of: Array("hello".utf8))
        XCTAssertEqual(ContentHash(bytes: hash.bytes), hash)
        XCTAssertNil(ContentHash(bytes: [1, 2, 3]))
    }
}
