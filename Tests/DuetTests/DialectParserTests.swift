import XCTest
@testable import Duet

final class DialectParserTests: XCTestCase {
    private func rejects(_ text: String, line: Int? = nil, column: Int? = nil, mentioning word: String,
                         file: StaticString = #filePath, sourceLine: UInt = #line) {
        rejects(Array(text.utf8), line: line, column: column, mentioning: word, file: file, sourceLine: sourceLine)
    }

    private func rejects(_ bytes: [UInt8], line: Int? = nil, column: Int? = nil, mentioning word: String,
                         file: StaticString = #filePath, sourceLine: UInt = #line) {
        do {
            let value = try CanonicalJSON.parse(bytes)
            XCTFail("accepted \(value.canonicalString)", file: file, line: sourceLine)
        } catch {
            XCTAssert(error.message.localizedCaseInsensitiveContains(word), "\(error)", file: file, line: sourceLine)
            if let line { XCTAssertEqual(error.line, line, "\(error)", file: file, line: sourceLine) }
            if let column { XCTAssertEqual(error.column, column, "\(error)", file: file, line: sourceLine) }
            // The streaming canonicalizer applies the same rules with the same error.
            do {
                _ = try CanonicalJSON.canonicalize(bytes)
                XCTFail("canonicalize accepted what parse rejects: \(error)", file: file, line: sourceLine)
            } catch let streaming {
                XCTAssertEqual(streaming, error, file: file, line: sourceLine)
            }
        }
    }

    private func accepts(_ text: String, as expected: JSONValue, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(try CanonicalJSON.parse(text), expected, file: file, line: line)
    }

    func testAcceptsEveryKindOfValue() throws {
        let v = try CanonicalJSON.parse(#" { "b" : [1, -2, true, false, null, "x"], "a": {} } "#)
        XCTAssertEqual(v.canonicalString, #"{"a":{},"b":[1,-2,true,false,null,"x"]}"#)
        accepts("0", as: .int(0))
        accepts("-0", as: .int(0))
        accepts("\"\"", as: .string(""))
    }

    func testDuplicateKeysAreRejectedWithTheSecondKeysPosition() {
        rejects("{\"a\":1,\n \"a\":2}", line: 2, column: 2, mentioning: "duplicate key")
        rejects(#"{"b":1,"a":2,"b":3}"#, line: 1, column: 14, mentioning: "duplicate key")
        accepts(#"{"a":1,"b":2}"#, as: .object(try! JSONObject([("a", .int(1)), ("b", .int(2))])))
    }

    func testKeysDifferingOnlyByNormalizationAreDistinct() throws {
        let v = try CanonicalJSON.parse("{\"e\u{301}\":2,\"\u{e9}\":1}")
        XCTAssertEqual(v.objectValue?.count, 2)
        XCTAssertEqual(v.objectValue?.keys.map { Array($0.unicodeScalars) }, [["e", "\u{301}"], ["\u{e9}"]])
        XCTAssertEqual(v["\u{e9}"], .int(1))
        XCTAssertEqual(v["e\u{301}"], .int(2))
    }

    func testFractionsAndExponentsAreRejected() {
        rejects(#"{"amount": 1.5}"#, line: 1, column: 12, mentioning: "fraction")
        rejects("1e3", mentioning: "exponent")
        rejects("1E3", mentioning: "exponent")
        rejects("[0.0]", mentioning: "fraction")
        accepts("15", as: .int(15))
    }

    func testIntegersOutsideInt64AreRejected() {
        accepts("9223372036854775807", as: .int(.max))
        accepts("-9223372036854775808", as: .int(.min))
        rejects("9223372036854775808", mentioning: "64-bit")
        rejects("-9223372036854775809", mentioning: "64-bit")
        rejects("123456789012345678901234567890", mentioning: "64-bit")
    }

    func testLeadingZerosAndBareMinusAreRejected() {
        rejects("01", column: 1, mentioning: "leading zero")
        rejects("-01", mentioning: "leading zero")
        rejects("[1, -]", column: 5, mentioning: "'-' without digits")
        rejects("-", mentioning: "without digits")
        accepts("10", as: .int(10))
    }

    func testLoneSurrogatesAreRejectedAndPairsDecodeToOneScalar() throws {
        rejects(#""\ud800""#, column: 2, mentioning: "lone high surrogate")
        rejects(#""\udc00""#, mentioning: "lone low surrogate")
        rejects(#""\ud800\u0041""#, mentioning: "not followed by a low surrogate")
        let v = try CanonicalJSON.parse(#""\ud83d\ude00""#)
        XCTAssertEqual(v.stringValue.map { Array($0.unicodeScalars) }, ["\u{1F600}"])
    }

    func testInvalidUTF8IsRejected() {
        rejects([0x22, 0xFF, 0x22], mentioning: "UTF-8")
        rejects([0x22, 0xC0, 0xAF, 0x22], mentioning: "UTF-8")              // overlong '/'
        rejects([0x22, 0xED, 0xA0, 0x80, 0x22], mentioning: "UTF-8")        // encoded surrogate
        rejects([0x22, 0xE2, 0x82, 0x22], mentioning: "UTF-8")              // truncated
        rejects([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], mentioning: "UTF-8")  // above U+10FFFF
        XCTAssertEqual(try CanonicalJSON.parse([0x22, 0xE2, 0x82, 0xAC, 0x22]).stringValue, "€")
    }

    func testByteOrderMarkIsRejected() {
        rejects([0xEF, 0xBB, 0xBF] + Array("{}".utf8), line: 1, column: 1, mentioning: "byte order mark")
    }

    func testCommentsTrailingCommasAndGarbageAreRejected() {
        rejects("{} // note", mentioning: "after the end")
        rejects("// note\n{}", mentioning: "comment")
        rejects("[1, /* x */ 2]", mentioning: "comment")
        rejects("[1,2,]", column: 6, mentioning: "trailing comma")
        rejects("{\"a\":1,}", column: 8, mentioning: "trailing comma")
        rejects("{} x", line: 1, column: 4, mentioning: "after the end")
        rejects("{}\n\n  ]", line: 3, column: 3, mentioning: "after the end")
        rejects("1 2", mentioning: "after the end")
    }

    func testRawControlCharactersInStringsAreRejected() {
        rejects("\"a\tb\"", column: 3, mentioning: "control character")
        rejects("\"a\nb\"", mentioning: "control character")
        XCTAssertEqual(try CanonicalJSON.parse(#""a\tb""#).stringValue, "a\tb")
    }

    func testSingleQuotesNaNAndInfinityAreRejected() {
        rejects("'a'", mentioning: "single quote")
        rejects("{'a': 1}", mentioning: "single quote")
        rejects("NaN", mentioning: "NaN")
        rejects("[Infinity]", mentioning: "Infinity")
        rejects("-Infinity", mentioning: "without digits")
    }

    func testStructuralErrorsSayWhatWasExpected() {
        rejects("", mentioning: "expected a value")
        rejects("{\"a\" 1}", column: 6, mentioning: "expected ':'")
        rejects("[1 2]", column: 4, mentioning: "expected ',' or ']'")
        rejects("{\"a\":1 \"b\":2}", mentioning: "expected ',' or '}'")
        rejects("{1:2}", mentioning: "expected a key")
        rejects("\"abc", mentioning: "unterminated string")
        rejects("tru", mentioning: "did you mean true")
        rejects(#""\x""#, mentioning: "invalid escape")
        rejects(#""\u12G4""#, mentioning: "4 hex digits")
    }

    func testNestingDeeperThanTheLimitIsAClearError() {
        let limit = CanonicalJSON.maximumDepth
        let ok = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        XCTAssertNoThrow(try CanonicalJSON.parse(ok))
        let tooDeep = String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
        rejects(tooDeep, column: limit + 1, mentioning: "nesting deeper than 512")
        rejects(String(repeating: "[", count: 100_000), mentioning: "nesting deeper")
        rejects(String(repeating: "{\"a\":", count: 100_000), mentioning: "nesting deeper")
    }

    func testUUIDShapedStringsAndKeysAreLowercased() throws {
        let upper = "3F2504E0-4F89-11D3-9A0C-0305E82C3301"
        let v = try CanonicalJSON.parse("{\"\(upper)\":\"\(upper)\"}")
        XCTAssertEqual(v.canonicalString, "{\"\(upper.lowercased())\":\"\(upper.lowercased())\"}")
        // A key that differs from another only by UUID case is the same key.
        rejects("{\"\(upper)\":1,\"\(upper.lowercased())\":2}", mentioning: "duplicate key")
        // Not UUID-shaped: left alone.
        XCTAssertEqual(try CanonicalJSON.parse("\"3F2504E0-4F89-11D3-9A0C-0305E82C330\"").canonicalString,
                       "\"3F2504E0-4F89-11D3-9A0C-0305E82C330\"")
        XCTAssertEqual(try CanonicalJSON.parse("\"3F2504E0-4F89-11D3-9A0C-0305E82C330G\"").canonicalString,
                       "\"3F2504E0-4F89-11D3-9A0C-0305E82C330G\"")
    }

    func testParsesFromStringAndData() throws {
        XCTAssertEqual(try CanonicalJSON.parse(Data("[1]".utf8)), .array([.int(1)]))
        XCTAssertEqual(try CanonicalJSON.parse("[1]"), .array([.int(1)]))
    }
}
