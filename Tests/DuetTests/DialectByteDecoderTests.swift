import XCTest
@testable import Duet
import DuetFixtures

/// Everything the dialect carries, in one value.
private struct Sample: Codable, Equatable {
    var id: UUID
    var name: String
    var nickname: String?
    var age: Int = 30
    var small: Int8 = -3
    var big: UInt32 = 4_000_000
    var flags: [Bool] = []
    var joined: Date
    var tags: [String: Int] = [:]
    var byNumber: [Int: String] = [:]
    var mood: Mood = .calm
    var sheet: SampleSheet?
    var stack: [SampleRoute] = []
    var holes: [Int?] = []
    var grid: [[Int]] = []
    var tree: JSONValue = .null
    var object: JSONObject = JSONObject()
    var link: URL?
    var blob: Data?
    @Remembered var remembered: String?
    var custom = CustomNested(inner: 1)
}

/// The byte path (`ByteDocument`, no tree) decodes what the tree decoder decodes, refuses
/// what it refuses with the same path and message, and keeps every strict rule.
final class DialectByteDecoderTests: XCTestCase {
    private let id = UUID(uuidString: "3F2504E0-4F89-11D3-9A0C-0305E82C3301")!
    private let date = Date(timeIntervalSince1970: 1_782_984_600.123)

    private func samples() throws -> [Sample] {
        let tree = try CanonicalJSON.parse(#"{"list":[1,null,"x\n\"y\"",{"z":[]}],"ok":true}"#)
        let object = try JSONObject([("b", .int(2)), ("a", .string("é"))])
        return [
            Sample(id: id, name: "Zoë", joined: date),
            Sample(id: id, name: "tab\there \"quoted\" \\ \u{1} \u{1F600}", nickname: "nick", age: -9_223_372_036_854_775_807,
                   small: 127, big: 0, flags: [true, false], joined: Date(timeIntervalSince1970: 0), tags: ["b": 2, "a": 1, "é": 3],
                   byNumber: [10: "ten", 2: "two"], mood: .busy, sheet: .sharePicker(memoryId: id, config: SampleConfig(audience: "all", limit: nil)),
                   stack: [.home, .memory(id: "m2")], holes: [1, nil, 3], grid: [[], [1, 2]], tree: tree, object: object,
                   link: URL(string: "https://example.com/a?b=c"), blob: Data([0, 1, 2, 255]), remembered: "kept", custom: CustomNested(inner: 7)),
            Sample(id: id, name: "", joined: date, sheet: .capture),
            Sample(id: id, name: "n", joined: date, sheet: .inviteCode(prefilledCode: nil)),
            Sample(id: id, name: "n", joined: date, sheet: .inviteCode(prefilledCode: "AB12")),
            Sample(id: id, name: "n", joined: date, sheet: .detail(SampleConfig(audience: "me", limit: 2))),
            Sample(id: id, name: "n", joined: date, sheet: .count(3)),
            Sample(id: id, name: "n", joined: date, sheet: .pair(1, "x")),
            Sample(id: id, name: "n", joined: date, sheet: .nested(.memory(id: "m1"))),
            Sample(id: id, name: "n", joined: date, sheet: .many([.home, .memory(id: "q")])),
        ]
    }

    /// Decodes through the byte path only (no tree fallback); nil when the scan declined.
    private func byteDecode<T: Decodable>(_ type: T.Type, _ bytes: [UInt8]) throws -> T? {
        let document = ByteDocument()
        return try document.read(bytes) { root in try root.map { try document.decode(type, from: $0) } }
    }

    private func treeDecode<T: Decodable>(_ type: T.Type, _ bytes: [UInt8]) throws -> T {
        try CanonicalDecoder().decode(type, from: try CanonicalJSON.parse(bytes))
    }

    private func sameError<T: Decodable>(_ type: T.Type, _ text: String, file: StaticString = #filePath, line: UInt = #line) {
        let bytes = Array(text.utf8)
        var treeError = "", byteError = ""
        XCTAssertThrowsError(try treeDecode(type, bytes), text, file: file, line: line) { treeError = "\($0)" }
        XCTAssertThrowsError(try byteDecode(type, bytes), text, file: file, line: line) { byteError = "\($0)" }
        XCTAssertFalse(treeError.isEmpty, file: file, line: line)
        XCTAssertEqual(byteError, treeError, text, file: file, line: line)
    }

    // MARK: - Same results

    func testEverySampleDecodesFromBytesAsFromTheTree() throws {
        for sample in try samples() {
            let bytes = try CanonicalEncoder().canonicalBytes(sample)
            let fromBytes = try XCTUnwrap(try byteDecode(Sample.self, bytes), "the scan declined \(String(decoding: bytes, as: UTF8.self))")
            let fromTree = try treeDecode(Sample.self, bytes)
            XCTAssertEqual(fromBytes, sample)
            XCTAssertEqual(try CanonicalEncoder().canonicalBytes(fromBytes), try CanonicalEncoder().canonicalBytes(fromTree))
            XCTAssertEqual(try CanonicalDecoder().decode(Sample.self, from: bytes), sample)
        }
    }

    func testNonCanonicalInputDecodesTheSameWithoutTheTree() throws {
        let canonical = try CanonicalEncoder().canonicalBytes(try samples()[1])
        let pretty = try CanonicalJSON.prettify(canonical)
        // Members in reverse order, spaced out, the UUID in uppercase.
        let members = try CanonicalJSON.parse(canonical).objectValue!.members.reversed().map { member in
            let value = member.key == "id" ? #""\#(id.uuidString)""# : member.value.canonicalString
            return " \(JSONValue.string(member.key).canonicalString) :\t\(value)"
        }
        let reordered = Array(("{" + members.joined(separator: " ,\n") + " }").utf8)
        for bytes in [pretty, reordered] {
            let fromBytes = try XCTUnwrap(try byteDecode(Sample.self, bytes), String(decoding: bytes, as: UTF8.self))
            XCTAssertEqual(fromBytes, try treeDecode(Sample.self, bytes))
            XCTAssertEqual(fromBytes, try samples()[1])
        }
    }

    func testTopLevelScalarsAndOptionalsDecodeThroughThePublicEntryPoint() throws {
        let decoder = CanonicalDecoder()
        let absent: Int? = try decoder.decode(Int?.self, from: Array("null".utf8))
        XCTAssertNil(absent)
        XCTAssertEqual(try decoder.decode(Int?.self, from: Array("5".utf8)), 5)
        XCTAssertEqual(try decoder.decode(String.self, from: Array(#""a\nb \u00e9""#.utf8)), "a\nb é")
        XCTAssertEqual(try decoder.decode(UUID.self, from: Array(#""\#(id.uuidString)""#.utf8)), id)
        XCTAssertThrowsError(try decoder.decode(Int.self, from: Array("null".utf8))) { error in
            XCTAssertEqual((error as? CodingRefusal)?.message, "expected an integer, found null")
        }
    }

    func testKeysTheTreeNormalizesAreLeftToTheTree() throws {
        // An escaped key and an uppercase UUID-shaped key: the scan declines, the public decoder still answers.
        for text in [#"{"\u0061":1}"#, #"{"3F2504E0-4F89-11D3-9A0C-0305E82C3301":1}"#] {
            XCTAssertNil(try byteDecode([String: Int].self, Array(text.utf8)), text)
            XCTAssertEqual(try CanonicalDecoder().decode([String: Int].self, from: Array(text.utf8)),
                           try treeDecode([String: Int].self, Array(text.utf8)))
        }
        // Negative control: a lowercase UUID key is read in place.
        XCTAssertEqual(try byteDecode([String: Int].self, Array(#"{"3f2504e0-4f89-11d3-9a0c-0305e82c3301":1}"#.utf8))?.count, 1)
    }

    // MARK: - Same refusals

    /// The canonical text of the first sample with some members replaced (nil removes one).
    private func variant(_ changes: [String: String?]) throws -> String {
        var object = try CanonicalEncoder().encode(try samples()[0]).objectValue!
        for (key, value) in changes { object[key] = try value.map { try CanonicalJSON.parse($0) } }
        return JSONValue.object(object).canonicalString
    }

    func testDecodingErrorsCarryTheTreesPathAndMessage() throws {
        let changes: [[String: String?]] = [
            ["age": #""old""#], ["id": #""x""#], ["joined": #""2026-13-02T09:30:00.123Z""#], ["name": nil], ["small": "300"],
            ["flags": "[true,1]"], ["stack": #"[{"case":"home"},{"case":"memory","value":{"id":5}}]"#],
            ["sheet": #"{"kind":"capture"}"#], ["sheet": #"{"case":"capture","extra":1}"#], ["sheet": #"{"case":7}"#],
            ["sheet": #"{"case":"nope"}"#], ["sheet": #""capture""#], ["sheet": #"{"case":"pair","value":{"_0":1}}"#],
            ["sheet": #"{"case":"count","value":"3"}"#], ["object": "[]"], ["grid": #"[[1],["a"]]"#], ["remembered": "3"],
            ["custom": #"{"outer":{}}"#], ["mood": #""angry""#], ["holes": #"[1,"x"]"#], ["byNumber": #"{"x":"y"}"#],
        ]
        for change in changes { sameError(Sample.self, try variant(change)) }
        sameError([Double].self, "[1]")
        sameError([Int].self, #"[1,"2"]"#)
        // Negative control: the unchanged document decodes.
        XCTAssertNotNil(try byteDecode(Sample.self, Array(try variant([:]).utf8)))
    }

    func testAnErrorNamesTheFullPath() throws {
        let text = try variant(["sheet": #"{"case":"nested","value":{"case":"memory","value":{"id":5}}}"#])
        XCTAssertThrowsError(try byteDecode(Sample.self, Array(text.utf8))) { error in
            XCTAssertEqual((error as? CodingRefusal)?.codingPath, "sheet.nested._0.memory.id", "\(error)")
        }
        // Negative control: the same document with a string id decodes.
        XCTAssertNoThrow(try byteDecode(Sample.self, Array(text.replacingOccurrences(of: #""id":5"#, with: #""id":"5""#).utf8)))
    }

    // MARK: - Strictness

    /// Each rule: a document that breaks it (declined by the scan, refused by the public decoder
    /// with the parser's error) and the same document mended (read in place).
    private let rules: [(rule: String, bad: String, good: String)] = [
        ("duplicate key", #"{"a":1,"a":2}"#, #"{"a":1,"b":2}"#),
        ("duplicate key out of order", #"{"b":1,"a":2,"b":3}"#, #"{"b":1,"a":2,"c":3}"#),
        ("fraction", #"{"a":1.5}"#, #"{"a":15}"#),
        ("exponent", #"{"a":1e3}"#, #"{"a":1000}"#),
        ("leading zero", #"{"a":01}"#, #"{"a":1}"#),
        ("integer overflow", #"{"a":9223372036854775808}"#, #"{"a":9223372036854775807}"#),
        ("lone high surrogate", #"{"a":"\ud800"}"#, #"{"a":"\ud83d\ude00"}"#),
        ("lone low surrogate", #"{"a":"\udc00"}"#, #"{"a":"\u00e9"}"#),
        ("raw control character", "{\"a\":\"x\u{1}\"}", #"{"a":"x\u0001"}"#),
        ("invalid escape", #"{"a":"\x"}"#, #"{"a":"\n"}"#),
        ("trailing comma in an array", #"{"a":[1,]}"#, #"{"a":[1]}"#),
        ("trailing comma in an object", #"{"a":1,}"#, #"{"a":1}"#),
        ("content after the document", #"{"a":1} x"#, #"{"a":1} "#),
        ("single quotes", #"{'a':1}"#, #"{"a":1}"#),
        ("NaN", #"{"a":NaN}"#, #"{"a":null}"#),
        ("unterminated string", #"{"a":"x}"#, #"{"a":"x"}"#),
        ("bad literal", #"{"a":tru}"#, #"{"a":true}"#),
    ]

    func testEveryStrictRuleStillRejectsThroughTheBytePath() throws {
        for (rule, bad, good) in rules {
            try assertRejected(Array(bad.utf8), rule)
            XCTAssertNotNil(try byteDecode(JSONValue.self, Array(good.utf8)), "\(rule): the mended document is read in place")
        }
    }

    func testInvalidUTF8AndByteOrderMarksAreRejected() throws {
        let quoted: ([UInt8]) -> [UInt8] = { Array(#"{"a":""#.utf8) + $0 + Array(#""}"#.utf8) }
        try assertRejected(quoted([0xC3]), "truncated sequence")
        try assertRejected(quoted([0xC0, 0xAF]), "overlong")
        try assertRejected(quoted([0xED, 0xA0, 0x80]), "encoded surrogate")
        try assertRejected(quoted([0xFF]), "invalid byte")
        try assertRejected([0xEF, 0xBB, 0xBF] + Array("{}".utf8), "byte order mark")
        XCTAssertNotNil(try byteDecode(JSONValue.self, quoted([0xC3, 0xA9])), "negative control: valid UTF-8 is read in place")
    }

    func testTheDepthLimitHolds() throws {
        let limit = CanonicalJSON.maximumDepth
        let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        XCTAssertNotNil(try byteDecode(JSONValue.self, Array(deepest.utf8)), "\(limit) levels are allowed")
        try assertRejected(Array(("[" + deepest + "]").utf8), "one level too deep")
    }

    private func assertRejected(_ bytes: [UInt8], _ rule: String, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertNil(try byteDecode(JSONValue.self, bytes), "\(rule): the scan must decline", file: file, line: line)
        var parseError: DialectError?
        XCTAssertThrowsError(try CanonicalJSON.parse(bytes), rule, file: file, line: line) { parseError = $0 as? DialectError }
        XCTAssertThrowsError(try CanonicalDecoder().decode(JSONValue.self, from: bytes), rule, file: file, line: line) { error in
            XCTAssertEqual(error as? DialectError, parseError, rule, file: file, line: line)
        }
    }
}
