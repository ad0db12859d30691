import XCTest
@testable import Duet

private struct Profile: Codable, Equatable {
    var id: UUID
    var name: String
    var nickname: String?
    var age: Int = 30
    var flags: [Bool] = []
    var joined: Date
    var tags: [String: Int] = [:]
}

private struct Step: Codable { var amount: Double }
private struct Ledger: Codable { var steps: [Step] }
private struct Big: Codable { var n: UInt64 }
private struct Small: Codable { var n: UInt8 }

private struct Draft: Codable, Equatable {
    @Remembered var title: String?
    var body: String
}

private struct Moody: Codable, Equatable { var mood: Mood; var level: Int8 }

final class DialectEncoderTests: XCTestCase {
    private let id = UUID(uuidString: "3F2504E0-4F89-11D3-9A0C-0305E82C3301")!
    private let date = Date(timeIntervalSince1970: 1_782_984_600.123)   // 2026-07-02T09:30:00.123Z

    private func profile() -> Profile {
        Profile(id: id, name: "Zoë", nickname: nil, flags: [true], joined: date, tags: ["b": 2, "a": 1])
    }

    func testStructsEncodeSortedWithDefaultsAndWithoutNilOptionals() throws {
        let s = try CanonicalEncoder().canonicalString(profile())
        XCTAssertEqual(s, #"{"age":30,"flags":[true],"id":"3f2504e0-4f89-11d3-9a0c-0305e82c3301","joined":"2026-07-02T09:30:00.123Z","name":"Zoë","tags":{"a":1,"b":2}}"#)
        var named = profile()
        named.nickname = "z"
        XCTAssertTrue(try CanonicalEncoder().canonicalString(named).contains(#""nickname":"z""#))
    }

    func testDecoderReversesEveryRule() throws {
        var p = profile()
        p.nickname = "z"
        let bytes = try CanonicalEncoder().canonicalBytes(p)
        XCTAssertEqual(try CanonicalDecoder().decode(Profile.self, from: bytes), p)
        XCTAssertEqual(try CanonicalDecoder().decode(Profile.self, from: try CanonicalEncoder().encode(profile())), profile())
    }

    func testUUIDsDecodeFromEitherCase() throws {
        let upper = #"{"age":1,"flags":[],"id":"3F2504E0-4F89-11D3-9A0C-0305E82C3301","joined":"2026-07-02T09:30:00.123Z","name":"x","tags":{}}"#
        XCTAssertEqual(try CanonicalDecoder().decode(Profile.self, from: Array(upper.utf8)).id, id)
        let lower = upper.replacingOccurrences(of: id.uuidString, with: id.uuidString.lowercased())
        XCTAssertNotEqual(lower, upper)
        XCTAssertEqual(try CanonicalDecoder().decode(Profile.self, from: Array(lower.utf8)).id, id)
    }

    func testDatesUseTheExactMillisecondUTCForm() throws {
        XCTAssertEqual(try CanonicalEncoder().canonicalString(Date(timeIntervalSince1970: 0)), #""1970-01-01T00:00:00.000Z""#)
        XCTAssertEqual(try CanonicalEncoder().canonicalString(Date(timeIntervalSince1970: -1)), #""1969-12-31T23:59:59.000Z""#)
        XCTAssertEqual(try CanonicalEncoder().canonicalString(Date(timeIntervalSince1970: 951_782_400)), #""2000-02-29T00:00:00.000Z""#)
        let decoded = try CanonicalDecoder().decode(Date.self, from: .string("2026-07-02T09:30:00.123Z"))
        XCTAssertEqual(decoded.timeIntervalSince1970, date.timeIntervalSince1970, accuracy: 0.0005)
        for bad in ["2026-07-02T09:30:00Z", "2026-07-02T09:30:00.123+00:00", "2026-02-30T00:00:00.000Z", "2026-07-02 09:30:00.123Z"] {
            XCTAssertThrowsError(try CanonicalDecoder().decode(Date.self, from: .string(bad)), bad)
        }
    }

    func testFloatingPointIsRefusedWithTheCodingPath() {
        let ledger = Ledger(steps: [Step(amount: 1), Step(amount: 2), Step(amount: 3.5)])
        XCTAssertThrowsError(try CanonicalEncoder().encode(ledger)) { error in
            XCTAssertEqual((error as? CodingRefusal)?.codingPath, "steps[0].amount")
        }
        XCTAssertThrowsError(try CanonicalEncoder().encode([Float(1)])) { error in
            XCTAssertEqual((error as? CodingRefusal)?.codingPath, "[0]")
        }
        XCTAssertThrowsError(try CanonicalEncoder().encode(Decimal(1)))
        XCTAssertThrowsError(try CanonicalDecoder().decode(Ledger.self, from: try CanonicalJSON.parse(#"{"steps":[{"amount":1}]}"#))) { error in
            XCTAssertEqual((error as? CodingRefusal)?.codingPath, "steps[0].amount")
        }
    }

    func testUnsignedBeyondInt64IsRefusedAndSmallIntegersRangeChecked() throws {
        XCTAssertEqual(try CanonicalEncoder().canonicalString(Big(n: UInt64(Int64.max))), #"{"n":9223372036854775807}"#)
        XCTAssertThrowsError(try CanonicalEncoder().encode(Big(n: UInt64(Int64.max) + 1))) { error in
            XCTAssertEqual((error as? CodingRefusal)?.codingPath, "n")
        }
        XCTAssertEqual(try CanonicalDecoder().decode(Small.self, from: try CanonicalJSON.parse(#"{"n":255}"#)).n, 255)
        XCTAssertThrowsError(try CanonicalDecoder().decode(Small.self, from: try CanonicalJSON.parse(#"{"n":256}"#)))
        XCTAssertThrowsError(try CanonicalDecoder().decode(Small.self, from: try CanonicalJSON.parse(#"{"n":-1}"#)))
    }

    func testAWrapperEncodingNilDropsTheMember() throws {
        let draft = Draft(title: nil, body: "b")
        XCTAssertEqual(try CanonicalEncoder().canonicalString(draft), #"{"body":"b"}"#)
        XCTAssertEqual(try CanonicalDecoder().decode(Draft.self, from: try CanonicalEncoder().encode(draft)), draft)
        let titled = Draft(title: "t", body: "b")
        XCTAssertEqual(try CanonicalEncoder().canonicalString(titled), #"{"body":"b","title":"t"}"#)
        XCTAssertEqual(try CanonicalDecoder().decode(Draft.self, from: try CanonicalEncoder().encode(titled)), titled)
    }

    func testNilElementsOfArraysStayInPlaceAsNull() throws {
        let values: [Int?] = [1, nil, 3]
        XCTAssertEqual(try CanonicalEncoder().canonicalString(values), "[1,null,3]")
        XCTAssertEqual(try CanonicalDecoder().decode([Int?].self, from: try CanonicalEncoder().encode(values)), values)
        XCTAssertEqual(try CanonicalEncoder().encode(Optional<Int>.none), .null)
    }

    func testRawValueEnumsAndNestedContainers() throws {
        XCTAssertEqual(try CanonicalEncoder().canonicalString(Moody(mood: .busy, level: -3)), #"{"level":-3,"mood":"busy"}"#)
        XCTAssertEqual(try CanonicalEncoder().canonicalString(CustomNested(inner: 4)), #"{"outer":{"inner":4}}"#)
        XCTAssertEqual(try CanonicalDecoder().decode(CustomNested.self, from: try CanonicalEncoder().encode(CustomNested(inner: 4))), CustomNested(inner: 4))
    }

    func testIntKeyedDictionariesGetStringKeysSortedAsStrings() throws {
        XCTAssertEqual(try CanonicalEncoder().canonicalString([10: "ten", 9: "nine"]), #"{"10":"ten","9":"nine"}"#)
        XCTAssertEqual(try CanonicalDecoder().decode([Int: String].self, from: try CanonicalJSON.parse(#"{"10":"ten","9":"nine"}"#)), [10: "ten", 9: "nine"])
    }

    func testJSONValuesPassThroughIncludingLiteralNull() throws {
        struct Holder: Codable, Equatable { var tree: JSONValue }
        let h = Holder(tree: .array([.null, .object(try JSONObject([("b", .int(1)), ("a", .null)]))]))
        XCTAssertEqual(try CanonicalEncoder().canonicalString(h), #"{"tree":[null,{"a":null,"b":1}]}"#)
        XCTAssertEqual(try CanonicalDecoder().decode(Holder.self, from: try CanonicalEncoder().encode(h)), h)
    }

    func testDecodingErrorsNameThePathAndWhatWasExpected() {
        let json = try! CanonicalJSON.parse(#"{"age":"old","flags":[],"id":"3f2504e0-4f89-11d3-9a0c-0305e82c3301","joined":"2026-07-02T09:30:00.123Z","name":"x","tags":{}}"#)
        XCTAssertThrowsError(try CanonicalDecoder().decode(Profile.self, from: json)) { error in
            let refusal = error as? CodingRefusal
            XCTAssertEqual(refusal?.codingPath, "age")
            XCTAssert(refusal?.message.contains("expected an integer") == true, "\(error)")
        }
        let badID = try! CanonicalJSON.parse(#"{"age":1,"flags":[],"id":"x","joined":"2026-07-02T09:30:00.123Z","name":"x","tags":{}}"#)
        XCTAssertThrowsError(try CanonicalDecoder().decode(Profile.self, from: badID)) { error in
            XCTAssertEqual((error as? CodingRefusal)?.codingPath, "id")
        }
        let missing = try! CanonicalJSON.parse(#"{"flags":[]}"#)
        XCTAssertThrowsError(try CanonicalDecoder().decode(Profile.self, from: missing)) { error in
            XCTAssert((error as? CodingRefusal)?.message.contains("missing key") == true, "\(error)")
        }
        XCTAssertThrowsError(try CanonicalDecoder().decode([Int].self, from: try! CanonicalJSON.parse(#"[1,"2"]"#))) { error in
            XCTAssertEqual((error as? CodingRefusal)?.codingPath, "[1]")
        }
    }
}
