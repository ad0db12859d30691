import XCTest
@testable import Duet

/// What the corpus's compact reader borrows from the dialect: its string and UUID rules.
final class DialectCompactStringsTests: XCTestCase {
    private func decoded(_ quoted: String) -> String? {
        Array(quoted.utf8).withUnsafeBufferPointer { CanonicalJSON.decodedString(quoted: $0) }
    }

    func testQuotedStringsDecodeAsTheParserDecodesThem() throws {
        for text in ["plain", "tab\there", "quote \" and \\ slash", "\u{01}", "é€😀", ""] {
            let quoted = JSONValue.string(text).canonicalString
            XCTAssertEqual(decoded(quoted), text, quoted)
            XCTAssertEqual(try CanonicalJSON.parse(quoted), .string(text))
        }
        XCTAssertEqual(decoded(#""\u00e9\/""#), "é/")
    }

    func testWhatIsNotOneQuotedStringIsRefused() {
        XCTAssertNil(decoded(#""open"#))
        XCTAssertNil(decoded(#""a" "b""#))
        XCTAssertNil(decoded(#""bad \q escape""#))
        XCTAssertNil(decoded("plain"))
        XCTAssertNil(decoded(""))
    }

    func testTheUUIDShapeIsTheWritersRule() {
        let shaped = "3F2504E0-4F89-11D3-9A0C-0305E82C3301"
        for (text, expected) in [(shaped, true), (shaped.lowercased(), true), (String(shaped.dropLast()), false),
                                 (shaped.replacingOccurrences(of: "-", with: "_"), false), (String(shaped.dropLast()) + "g", false)] {
            XCTAssertEqual(Array(text.utf8).withUnsafeBufferPointer { CanonicalJSON.isUUIDShaped($0) }, expected, text)
            // Negative control through the writer: exactly the shaped strings are lowercased.
            XCTAssertEqual(JSONValue.string(text).canonicalString == "\"\(text.lowercased())\"", expected || text == text.lowercased(), text)
        }
    }
}
