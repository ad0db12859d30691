import XCTest
import Duet

private typealias Scalars = CanonicalWriterSamples.Scalars
private typealias Sheet = CanonicalWriterSamples.Sheet
private typealias Unordered = CanonicalWriterSamples.Unordered
private typealias Twice = CanonicalWriterSamples.Twice
private typealias Escapes = CanonicalWriterSamples.Escapes
private typealias CodableOnly = CanonicalWriterSamples.CodableOnly
private typealias Marked = CanonicalWriterSamples.Marked
private typealias HoldsCodable = CanonicalWriterSamples.HoldsCodable

final class DialectCanonicalEncodableTests: XCTestCase {
    private let codableOnly = CanonicalEncoder(usesCanonicalEncodable: false)

    private func fast<T: Encodable>(_ value: T) throws -> String { try CanonicalEncoder().canonicalString(value) }
    private func codable<T: Encodable>(_ value: T) throws -> String { try codableOnly.canonicalString(value) }

    func testEveryWritableTypeWritesTheCodableBytes() throws {
        let value = Scalars()
        XCTAssertEqual(try fast(value), try codable(value))
        XCTAssertEqual(try fast(value), try CanonicalEncoder().encode(value).canonicalString)   // and the tree's
        let parsed = try CanonicalJSON.parse(try fast(value))
        guard case .object(let o) = parsed else { return XCTFail("expected an object") }
        XCTAssertEqual(o["id"], .string("3f2504e0-4f89-11d3-9a0c-0305e82c3301"))
        XCTAssertEqual(o["when"], .string("2026-07-02T09:30:00.250Z"))
        XCTAssertEqual(o["mood"], .string("loud"))
        XCTAssertEqual(o["level"], .int(7))
        XCTAssertEqual(o["uint64"], .int(Int64.max))
        XCTAssertEqual(o["holes"], .array([.int(1), .null, .int(3)]))
        XCTAssertEqual(o["map"], .object(try JSONObject([("a", .int(1)), ("b", .int(2))])))
    }

    func testNilMemberIsOmittedAndNilElementIsNull() throws {
        var value = Scalars()
        XCTAssertFalse(try fast(value).contains("\"none\""))
        XCTAssertTrue(try fast(value).contains("\"some\":5"))
        value.some = nil
        value.none = "here"
        XCTAssertFalse(try fast(value).contains("\"some\""))
        XCTAssertTrue(try fast(value).contains("\"none\":\"here\""))
        XCTAssertEqual(try fast(value), try codable(value))
        XCTAssertEqual(try fast([Int?.none, 1]), "[null,1]")
        XCTAssertEqual(try fast(Optional<Sheet>.none), "null")
    }

    func testSumShapesAreTheCodableSumTypeShapes() throws {
        let id = UUID(uuidString: "3F2504E0-4F89-11D3-9A0C-0305E82C3301")!
        let cases: [Sheet] = [.capture, .inviteCode(prefilledCode: nil), .inviteCode(prefilledCode: "ABC"),
                              .selected(id), .maybe(nil), .maybe(4), .share(memoryId: id, config: nil), .share(memoryId: id, config: Scalars())]
        for sheet in cases {
            XCTAssertEqual(try fast(sheet), try codable(sheet), "\(sheet)")
        }
        XCTAssertEqual(try fast(Sheet.capture), #"{"case":"capture"}"#)
        XCTAssertEqual(try fast(Sheet.inviteCode(prefilledCode: nil)), #"{"case":"inviteCode"}"#)
        XCTAssertEqual(try fast(Sheet.inviteCode(prefilledCode: "ABC")), #"{"case":"inviteCode","value":{"prefilledCode":"ABC"}}"#)
        XCTAssertEqual(try fast(Sheet.selected(id)), #"{"case":"selected","value":"3f2504e0-4f89-11d3-9a0c-0305e82c3301"}"#)
        XCTAssertEqual(try fast(Sheet.maybe(nil)), #"{"case":"maybe"}"#)
        XCTAssertEqual(try fast([Sheet.capture, .maybe(4)]), try codable([Sheet.capture, .maybe(4)]))
    }

    func testKeysOutOfOrderAreRefusedWithTheCodingPath() throws {
        struct Holder: Codable { var items: [Unordered?] }
        XCTAssertThrowsError(try fast(Holder(items: [nil, Unordered()]))) { error in
            let refusal = error as? CodingRefusal
            XCTAssertEqual(refusal?.codingPath, "items[1].a")
            XCTAssertTrue(refusal?.message.contains("after \"b\"") == true, "\(error)")
        }
        // Negative control: the same value through Codable is fine (the synthesized order is not the point there).
        XCTAssertNoThrow(try codable(Holder(items: [nil, Unordered()])))
    }

    func testAKeyWrittenTwiceIsRefusedWithTheCodingPath() throws {
        struct Holder: Codable { var twice: Twice }
        XCTAssertThrowsError(try fast(Holder(twice: Twice()))) { error in
            XCTAssertEqual((error as? CodingRefusal)?.codingPath, "twice.a")
            XCTAssertTrue((error as? CodingRefusal)?.message.contains("twice") == true, "\(error)")
        }
        XCTAssertNoThrow(try codable(Holder(twice: Twice())))
    }

    func testKeysAndStringsAreEscapedAndOrderedByBytes() throws {
        let bytes = try fast(Escapes())
        XCTAssertEqual(bytes, try codable(Escapes()))
        XCTAssertEqual(bytes, #"{"\u0001x":3,"Z":4,"a\"b":1,"l\nm":2,"text":"quote \" backslash \\ newline \n tab \t bell \u0007 del "#
                       + "\u{7F}" + #" slash / é 李","é":5}"#)
        XCTAssertEqual(try CanonicalJSON.parse(bytes), try CanonicalEncoder().encode(Escapes()))
    }

    func testConformersNestedInCodableOnlyTypesWriteThemselves() throws {
        let value = CodableOnly()
        let fastBytes = try fast(value)
        XCTAssertTrue(fastBytes.contains(#""marked":["written by writeCanonical","written by writeCanonical"]"#), fastBytes)
        XCTAssertTrue(fastBytes.contains(#""sheet":{"case":"selected","value":"00000000-0000-0000-0000-00000000000a"}"#), fastBytes)
        // Negative control: with conformances ignored, Codable's shape comes back.
        XCTAssertTrue(try codable(value).contains(#""marked":[{"n":1},{"n":1}]"#))
        XCTAssertEqual(try fast(Marked()), #""written by writeCanonical""#)
    }

    func testCodableOnlyValuesNestedInConformersGoThroughCodable() throws {
        var value = HoldsCodable()
        XCTAssertEqual(try fast(value), "{\"inner\":" + (try fast(value.inner)) + "}")
        value.tail = [CodableOnly(), CodableOnly()]
        XCTAssertEqual(try fast(value), "{\"inner\":\(try fast(value.inner)),\"tail\":[\(try fast(value.inner)),\(try fast(value.inner))]}")
    }

    func testTheConformanceCheckHoldsForCorrectConformances() throws {
        XCTAssertNil(try CanonicalConformanceCheck.firstDivergence(Scalars()))
        XCTAssertNil(try CanonicalConformanceCheck.firstDivergence(Escapes()))
        XCTAssertNil(try CanonicalConformanceCheck.firstDivergence(Sheet.share(memoryId: UUID(), config: Scalars())))
        XCTAssertNoThrow(try CanonicalConformanceCheck.verify(Sheet.inviteCode(prefilledCode: nil)))
    }

    func testTheConformanceCheckCatchesAWrongConformance() throws {
        let divergence = try XCTUnwrap(try CanonicalConformanceCheck.firstDivergence([Marked()]))
        XCTAssertEqual(divergence.path, "[0]")
        XCTAssertEqual(divergence.expected, #"{"n":1}"#)
        XCTAssertEqual(divergence.actual, #""written by writeCanonical""#)
        XCTAssertThrowsError(try CanonicalConformanceCheck.verify(CodableOnly())) { error in
            let mismatch = error as? CanonicalConformanceCheck.Mismatch
            XCTAssertEqual(mismatch?.divergence.path, "marked[0]")
            XCTAssertTrue("\(error)".contains("CodableOnly"), "\(error)")
        }
    }

    func testWritingTwoValuesOrNoneIsRefused() throws {
        struct TwoValues: Codable, CanonicalEncodable {
            func writeCanonical(to writer: inout CanonicalWriter) throws {
                try writer.write(1)
                try writer.write(2)
            }
        }
        struct NoValue: Codable, CanonicalEncodable {
            func writeCanonical(to writer: inout CanonicalWriter) throws {}
        }
        struct Holder: Codable { var two: [TwoValues] = [TwoValues()]; var none: NoValue? = nil }
        XCTAssertThrowsError(try fast(Holder())) { error in
            XCTAssertEqual((error as? CodingRefusal)?.codingPath, "two[0]")
            XCTAssertTrue("\(error)".contains("second value"), "\(error)")
        }
        XCTAssertThrowsError(try fast(Holder(two: [], none: NoValue()))) { error in
            XCTAssertEqual((error as? CodingRefusal)?.codingPath, "none")
        }
        XCTAssertEqual(try fast(Holder(two: [], none: nil)), #"{"two":[]}"#)   // negative control
    }

    func testUnsignedIntegersAboveInt64AreRefusedWithThePath() throws {
        var value = Scalars()
        value.uint64 = UInt64(Int64.max) + 1
        XCTAssertThrowsError(try fast([value])) { error in
            XCTAssertEqual((error as? CodingRefusal)?.codingPath, "[0].uint64")
        }
        XCTAssertThrowsError(try codable([value]))   // the Codable path refuses it too
    }
}
