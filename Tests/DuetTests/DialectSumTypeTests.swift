import XCTest
@testable import Duet

private struct Screen: Codable, Equatable {
    var sheet: SampleSheet?
    var stack: [SampleRoute]
}

final class DialectSumTypeTests: XCTestCase {
    private let memoryId = UUID(uuidString: "3F2504E0-4F89-11D3-9A0C-0305E82C3301")!

    private func roundTrip(_ sheet: SampleSheet, _ expected: String, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try CanonicalEncoder().canonicalString(sheet), expected, file: file, line: line)
        XCTAssertEqual(try CanonicalDecoder().decode(SampleSheet.self, from: Array(expected.utf8)), sheet, file: file, line: line)
    }

    func testCaseWithoutPayloadOmitsValue() throws {
        try roundTrip(.capture, #"{"case":"capture"}"#)
    }

    func testLabelledPayloadIsAnObjectWithNilOmitted() throws {
        try roundTrip(.inviteCode(prefilledCode: "AB12"), #"{"case":"inviteCode","value":{"prefilledCode":"AB12"}}"#)
        try roundTrip(.inviteCode(prefilledCode: nil), #"{"case":"inviteCode"}"#)
        try roundTrip(.sharePicker(memoryId: memoryId, config: SampleConfig(audience: "all", limit: nil)),
                      #"{"case":"sharePicker","value":{"config":{"audience":"all"},"memoryId":"3f2504e0-4f89-11d3-9a0c-0305e82c3301"}}"#)
    }

    func testSingleUnlabelledPayloadIsTheValueItself() throws {
        try roundTrip(.count(3), #"{"case":"count","value":3}"#)
        try roundTrip(.detail(SampleConfig(audience: "me", limit: 2)), #"{"case":"detail","value":{"audience":"me","limit":2}}"#)
    }

    func testSeveralUnlabelledPayloadsKeepPositionalKeys() throws {
        try roundTrip(.pair(1, "x"), #"{"case":"pair","value":{"_0":1,"_1":"x"}}"#)
    }

    func testNestedSumTypesAndArraysOfThem() throws {
        try roundTrip(.nested(.memory(id: "m1")), #"{"case":"nested","value":{"case":"memory","value":{"id":"m1"}}}"#)
        let screen = Screen(sheet: .nested(.home), stack: [.home, .memory(id: "m2")])
        let expected = #"{"sheet":{"case":"nested","value":{"case":"home"}},"stack":[{"case":"home"},{"case":"memory","value":{"id":"m2"}}]}"#
        XCTAssertEqual(try CanonicalEncoder().canonicalString(screen), expected)
        XCTAssertEqual(try CanonicalDecoder().decode(Screen.self, from: Array(expected.utf8)), screen)
        let closed = Screen(sheet: nil, stack: [])
        XCTAssertEqual(try CanonicalEncoder().canonicalString(closed), #"{"stack":[]}"#)
        XCTAssertEqual(try CanonicalDecoder().decode(Screen.self, from: Array(#"{"stack":[]}"#.utf8)), closed)
    }

    func testMalformedSumTypesAreRefusedWithThePath() {
        for (json, word) in [(#"{"sheet":{"kind":"capture"},"stack":[]}"#, "\"case\""),
                             (#"{"sheet":{"case":"capture","extra":1},"stack":[]}"#, "extra"),
                             (#"{"sheet":{"case":"nope"},"stack":[]}"#, ""),
                             (#"{"sheet":"capture","stack":[]}"#, "object")] {
            XCTAssertThrowsError(try CanonicalDecoder().decode(Screen.self, from: Array(json.utf8)), json) { error in
                if let refusal = error as? CodingRefusal {
                    XCTAssert(refusal.codingPath.hasPrefix("sheet"), "\(refusal)")
                    XCTAssert(refusal.message.contains(word), "\(refusal)")
                }
            }
        }
    }
}
