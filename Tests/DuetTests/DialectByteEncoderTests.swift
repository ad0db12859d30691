import XCTest
@testable import Duet

private struct Inner: Codable { var b: Int; var a: String?; var when: Date; var id: UUID }
private enum Choice: SumType { case none, one(Int), two(x: Int, y: String?), box(Inner), pair(Int, Int) }
private struct Outer: Codable {
    var zeta: [Inner]
    var alpha: Choice?
    var choices: [Choice]
    var maybe: [Int?]
    var map: [String: Choice]
    var nested: [[String]]
    var byNumber: [Int: Choice] = [10: .none, 9: .one(9), -1: .none]
    var empty: [Int] = []
}

private struct Reversed: Codable {
    var value: Int
    enum Keys: String, CodingKey { case value, extra }
    init(value: Int) { self.value = value }
    init(from decoder: Decoder) throws { value = try decoder.container(keyedBy: Keys.self).decode(Int.self, forKey: .value) }
    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        var list = c.nestedUnkeyedContainer(forKey: .extra)   // not a one-pass shape: falls back to the tree
        try list.encode(value)
        try c.encode(value, forKey: .value)
    }
}

/// `canonicalBytes` writes in one pass; `encode` builds the tree. Both must give the same bytes.
final class DialectByteEncoderTests: XCTestCase {
    private func sample() -> Outer {
        let inner = Inner(b: 1, a: "é/\"\n", when: Date(timeIntervalSince1970: 1_782_984_600.5),
                          id: UUID(uuidString: "3F2504E0-4F89-11D3-9A0C-0305E82C3301")!)
        var quiet = inner
        quiet.a = nil
        return Outer(zeta: [inner, quiet], alpha: .two(x: 1, y: nil),
                     choices: [.none, .one(2), .two(x: 3, y: "t"), .box(inner), .pair(4, 5)],
                     maybe: [1, nil], map: ["b": .none, "a": .one(1), "3F2504E0-4F89-11D3-9A0C-0305E82C3301": .none],
                     nested: [["x"], []])
    }

    func testOnePassBytesEqualTheTreeBytes() throws {
        let value = sample()
        let onePass = try XCTUnwrap(try ByteEncoder().encodeDocument(value), "the sample should not need the tree")
        XCTAssertEqual(String(decoding: onePass, as: UTF8.self), try CanonicalEncoder().encode(value).canonicalString)
        XCTAssertEqual(try CanonicalEncoder().canonicalBytes(value), onePass)
        // And the bytes parse back to the same tree.
        XCTAssertEqual(try CanonicalJSON.parse(onePass), try CanonicalEncoder().encode(value))
    }

    func testScalarsAndOptionalsAtTheTop() throws {
        for (bytes, tree) in [
            (try CanonicalEncoder().canonicalBytes(Optional<Int>.none), try CanonicalEncoder().encode(Optional<Int>.none)),
            (try CanonicalEncoder().canonicalBytes("x"), try CanonicalEncoder().encode("x")),
            (try CanonicalEncoder().canonicalBytes(Choice.one(1)), try CanonicalEncoder().encode(Choice.one(1))),
            (try CanonicalEncoder().canonicalBytes([Choice]()), try CanonicalEncoder().encode([Choice]())),
            (try CanonicalEncoder().canonicalBytes(Optional<Choice>.none), try CanonicalEncoder().encode(Optional<Choice>.none)),
            (try CanonicalEncoder().canonicalBytes(Choice?.some(.none)), try CanonicalEncoder().encode(Choice?.some(.none))),
        ] {
            XCTAssertEqual(bytes, tree.canonicalBytes)
        }
    }

    func testUnsupportedShapesFallBackToTheTree() throws {
        XCTAssertNil(try ByteEncoder().encodeDocument(Reversed(value: 7)))
        XCTAssertEqual(try CanonicalEncoder().canonicalString(Reversed(value: 7)), #"{"extra":[7],"value":7}"#)
    }

    func testRefusalsCarryThePathInOnePassToo() {
        struct Priced: Codable { var items: [[String: Double]] }
        XCTAssertThrowsError(try CanonicalEncoder().canonicalBytes(Priced(items: [[:], ["amount": 1.5]]))) { error in
            XCTAssertEqual((error as? CodingRefusal)?.codingPath, "items[1].amount")
        }
    }
}
