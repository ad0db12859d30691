import XCTest
@testable import Duet

final class DialectWriterTests: XCTestCase {
    func testCompactFormSortsKeysAtEveryLevelWithoutWhitespace() throws {
        let v = try CanonicalJSON.parse("{\"b\": {\"z\": 1, \"y\": [ {\"d\":1, \"c\":2} ]},\n \"a\": null}")
        XCTAssertEqual(v.canonicalString, #"{"a":null,"b":{"y":[{"c":2,"d":1}],"z":1}}"#)
        XCTAssertEqual(try CanonicalJSON.canonicalize(Array(#"{ "b" : 1 , "a" : 2 }"#.utf8)), Array(#"{"a":2,"b":1}"#.utf8))
    }

    func testShorthandEscapesAndControlCharactersAsLowercaseHex() {
        let s = JSONValue.string("q\" b\\ n\n r\r t\t nul\u{0} bs\u{8} ff\u{c} us\u{1f}")
        XCTAssertEqual(s.canonicalString, #""q\" b\\ n\n r\r t\t nul\u0000 bs\u0008 ff\u000c us\u001f""#)
    }

    func testSlashDeleteAndNonASCIIAreNotEscaped() throws {
        let raw = "a/b \u{7f} é 日本 😀"
        XCTAssertEqual(JSONValue.string(raw).canonicalString, "\"\(raw)\"")
        XCTAssertEqual(try CanonicalJSON.parse(#""\/\u00e9""#).canonicalString, "\"/é\"")
    }

    func testKeysOrderByScalarsNotByCanonicalEquivalence() throws {
        let o = try JSONObject([("\u{e9}", .int(1)), ("e\u{301}", .int(2)), ("f", .int(3)), ("Z", .int(4))])
        XCTAssertEqual(o.count, 2 + 2)
        // "Z" (0x5A) < "e" (0x65) < "f" (0x66) < "é" (0xC3 0xA9)
        XCTAssertEqual(JSONValue.object(o).canonicalString, "{\"Z\":4,\"e\u{301}\":2,\"f\":3,\"\u{e9}\":1}")
        XCTAssertNotEqual(JSONValue.string("\u{e9}"), JSONValue.string("e\u{301}"))
        XCTAssertNotEqual(Set([JSONValue.string("\u{e9}"), .string("e\u{301}")]).count, 1)
        XCTAssertThrowsError(try JSONObject([("\u{e9}", .int(1)), ("\u{e9}", .int(2))]))
    }

    func testUUIDShapedStringsAreLowercasedWhenWrittenKeysIncluded() throws {
        let upper = "3F2504E0-4F89-11D3-9A0C-0305E82C3301"
        XCTAssertEqual(JSONValue.string(upper).canonicalString, "\"\(upper.lowercased())\"")
        var o = JSONObject()
        o[upper] = .int(1)
        XCTAssertEqual(JSONValue.object(o).canonicalString, "{\"\(upper.lowercased())\":1}")
        XCTAssertEqual(o[upper.lowercased()], .int(1))
        XCTAssertEqual(JSONValue.string(upper), JSONValue.string(upper.lowercased()))
        XCTAssertEqual(JSONValue.string("ABC").canonicalString, "\"ABC\"")
    }

    func testLiteralNullAndIntegersAreWritten() {
        XCTAssertEqual(JSONValue.array([.null, .int(-9223372036854775808), .int(0), .int(42)]).canonicalString,
                       "[null,-9223372036854775808,0,42]")
    }

    func testObjectSubscriptKeepsOrderAndRemovesOnNil() {
        var o = JSONObject()
        o["b"] = .int(2); o["a"] = .int(1); o["c"] = .int(3)
        XCTAssertEqual(o.keys, ["a", "b", "c"])
        o["b"] = nil
        XCTAssertEqual(o.keys, ["a", "c"])
        o["a"] = .int(9)
        XCTAssertEqual(JSONValue.object(o).canonicalString, #"{"a":9,"c":3}"#)
    }
}
