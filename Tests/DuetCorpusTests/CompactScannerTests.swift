import XCTest
import Duet
@testable import DuetCorpus

/// The scanner finds where canonical values end, whatever their strings hold and wherever in an
/// eight-byte word they start.
final class CompactScannerTests: XCTestCase {
    private static let pieces = ["a", "bcdefgh", "\"", "\\", "\\\"", "\"\\", "\n", "\u{01}", "é", "€😀", "}", "]", ",", "0123456789"]

    func testEveryStringEndsAtItsClosingQuoteAtEveryOffset() {
        var random = SystemRandomNumberGenerator()
        for trial in 0..<2_000 {
            let text = (0..<Int.random(in: 0...8, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
            let string = JSONValue.string(text).canonicalBytes
            for offset in 0..<9 {
                // A string inside an array after `offset` bytes of other values, then more after it.
                let document = Array("[".utf8) + Array(repeating: UInt8(ascii: "1"), count: offset) + Array((offset > 0 ? "," : "").utf8)
                let start = document.count
                let bytes = document + string + Array(",\"x\"]".utf8)
                let end = bytes.withUnsafeBufferPointer { CompactScanner($0).end(ofStringAt: start) }
                XCTAssertEqual(end, start + string.count, "trial \(trial), offset \(offset): \(String(decoding: string, as: UTF8.self))")
                if end != start + string.count { return }
            }
        }
    }

    func testAnObjectsMembersAndEndComeFromOnePass() throws {
        let value: JSONValue = try CanonicalJSON.parse(Array(#"{"b":{"c":["}","\\\""]},"a":"x\"y","d":[1,{"e":null}]}"#.utf8))
        let bytes = Array("[".utf8) + value.canonicalBytes + Array(",2]".utf8)
        bytes.withUnsafeBufferPointer { p in
            let scanner = CompactScanner(p)
            let (members, end) = scanner.members(ofObjectAt: 1)
            XCTAssertEqual(end, 1 + value.canonicalBytes.count)
            XCTAssertEqual(members.map { String(decoding: p[$0.key], as: UTF8.self) }, ["a", "b", "d"])
            XCTAssertEqual(members.map { String(decoding: p[$0.value], as: UTF8.self) },
                           [#""x\"y""#, #"{"c":["}","\\\""]}"#, #"[1,{"e":null}]"#])
        }
    }
}
