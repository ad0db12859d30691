import XCTest
@testable import DuetCorpus

/// Names are ordered as SQLite orders text (BINARY: by UTF-8 bytes), not by `String`'s Unicode order.
final class ByteOrderTests: XCTestCase {
    func testTextIsOrderedByItsUTF8Bytes() throws {
        XCTAssertTrue("Zed".precedesByBytes("apple"))
        XCTAssertTrue("shared".precedesByBytes("shared.again"))
        XCTAssertFalse("shared.again".precedesByBytes("shared"))
        XCTAssertTrue("".precedesByBytes("a"))
        XCTAssertFalse("a".precedesByBytes(""))
        // Canonically equal to `String`, yet different bytes: "e" + U+0301 (65 CC 81) before "é" (C3 A9).
        let decomposed = "e\u{301}", composed = "\u{E9}"
        XCTAssertEqual(decomposed, composed)
        XCTAssertTrue(decomposed.precedesByBytes(composed))
        // Negative control: nothing precedes itself.
        XCTAssertFalse("capture.camera".precedesByBytes("capture.camera"))
        // The same order as SQLite's.
        let db = try Database(path: ":memory:")
        let names = ["b", "Zed", "e\u{301}", "\u{E9}", "shared.again", "shared", "", "a"]
        let sqlite = try db.rows("SELECT value FROM json_each(?) ORDER BY value", [.text("[" + names.map { "\"\($0)\"" }.joined(separator: ",") + "]")]).map { $0[0].text ?? "" }
        XCTAssertEqual(names.sorted { $0.precedesByBytes($1) }.map { Array($0.utf8) }, sqlite.map { Array($0.utf8) })
    }
}
