import XCTest
@testable import Duet

/// Whitespace is skipped eight bytes at a time; it must stop exactly where a byte-by-byte reading
/// stops, whatever follows (bytes one above a whitespace byte, controls, non-ASCII, the end).
final class DialectWhitespaceTests: XCTestCase {
    private static let alphabet: [UInt8] = [0x20, 0x20, 0x20, 0x0A, 0x0D, 0x09, 0x21, 0x0B, 0x0E, 0x0A + 1, 0x22, 0x00, 0x7F, 0x80, 0xA0, 0x5B, 0x7D]

    private func byteByByte(_ bytes: [UInt8], from start: Int) -> Int {
        var pos = start
        while pos < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[pos]) { pos += 1 }
        return pos
    }

    func testStopsWhereAByteByByteReadingStops() {
        var random = SystemRandomNumberGenerator()
        for trial in 0..<20_000 {
            let length = Int.random(in: 0...40, using: &random)
            // Mostly whitespace runs, so that runs longer than eight bytes are common.
            let bytes = (0..<length).map { _ in
                Bool.random(using: &random) ? UInt8(0x20) : Self.alphabet.randomElement(using: &random)!
            }
            let start = Int.random(in: 0...length, using: &random)
            let skipped = bytes.withUnsafeBufferPointer { buffer -> Int in
                var lexer = Lexer(buffer)
                lexer.pos = start
                lexer.skipWhitespace()
                return lexer.pos
            }
            XCTAssertEqual(skipped, byteByByte(bytes, from: start), "trial \(trial): \(bytes) from \(start)")
            if skipped != byteByByte(bytes, from: start) { return }
        }
    }

    func testAControlCharacterAfterIndentationIsReportedWhereItIs() {
        for indent in [0, 1, 7, 8, 9, 15, 16, 17] {
            let text = "{\n" + String(repeating: " ", count: indent) + "\u{0B}\"a\": 1\n}"
            XCTAssertThrowsError(try CanonicalJSON.parse(Array(text.utf8)), "indent \(indent)") { error in
                let description = "\(error)"
                XCTAssertTrue(description.contains("2:\(indent + 1)"), "indent \(indent): \(description)")
            }
        }
    }
}

/// Strings are scanned eight bytes at a time and jump to the first byte that needs a look; every
/// string must still read as a byte-by-byte reading of the rules does, at every alignment.
final class DialectStringScanTests: XCTestCase {
    private static let pieces: [[UInt8]] = [
        Array("a".utf8), Array("bcdefgh".utf8), Array("0123456789abcdef".utf8), [0x5C, 0x22], [0x5C, 0x5C], [0x5C, 0x6E],
        Array(#"\u00e9"#.utf8), [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80],
        [0xC3], [0xED, 0xA0, 0x80], [0xF8], [0x01], [0x1F], [0x7F], [0x5C, 0x71],
    ]

    /// The dialect's string rules, one byte at a time: nil when the content is not a valid string.
    private func reference(_ content: [UInt8]) -> String? {
        var out: [UInt8] = []
        var i = 0
        while i < content.count {
            let c = content[i]
            if c == 0x5C {
                guard i + 1 < content.count else { return nil }
                switch content[i + 1] {
                case 0x22: out.append(0x22); i += 2
                case 0x5C: out.append(0x5C); i += 2
                case 0x6E: out.append(0x0A); i += 2
                case 0x75:
                    guard i + 6 <= content.count, let scalar = UInt32(String(decoding: content[(i + 2)..<(i + 6)], as: UTF8.self), radix: 16),
                          let unicode = Unicode.Scalar(scalar) else { return nil }
                    out.append(contentsOf: Array(String(Character(unicode)).utf8)); i += 6
                default: return nil
                }
            } else if c < 0x20 || c == 0x22 {
                return nil
            } else {
                out.append(c); i += 1
            }
        }
        return String(validating: out, as: UTF8.self)
    }

    func testEveryStringReadsAsTheRulesSayAtEveryAlignment() {
        var random = SystemRandomNumberGenerator()
        for trial in 0..<3_000 {
            let content = (0..<Int.random(in: 0...6, using: &random)).flatMap { _ in Self.pieces.randomElement(using: &random)! }
            let expected = reference(content).map(JSONValue.string)
            for indent in 0..<16 {
                let document = Array(repeating: UInt8(0x20), count: indent) + [0x22] + content + [0x22]
                let parsed = try? CanonicalJSON.parse(document)
                XCTAssertEqual(parsed, expected, "trial \(trial), indent \(indent): \(content)")
                if parsed != expected { return }
            }
        }
    }
}
