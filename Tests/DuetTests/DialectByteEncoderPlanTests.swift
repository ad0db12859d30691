import Foundation
import XCTest
@testable import Duet

/// A tree of one type: every level asks for a container of the same key type.
private struct Node: Codable { var name: String; var children: [Node] }

/// Two keys of one type that share a name: written apart, the tree keeps the last.
private struct SharedName: Encodable {
    struct Key: CodingKey {
        var which: UInt8
        init(_ which: UInt8) { self.which = which }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { nil }
        var stringValue: String { which == 2 ? "y" : "x" }
        var intValue: Int? { nil }
    }
    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(1, forKey: Key(0))
        try c.encode(2, forKey: Key(2))
        try c.encode(3, forKey: Key(1))
    }
}

/// Members that only appear in later values: names learned mid-way must still sort right.
private struct Sparse: Codable { var zulu: Int; var mike: String?; var alpha: Int?; var kilo: [Sparse]? }

/// Records the coding path it is encoded at.
private final class PathProbe: Encodable {
    var seen: [String] = []
    func encode(to encoder: Encoder) throws {
        seen = encoder.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
        var c = encoder.singleValueContainer()
        try c.encode(seen.joined())
    }
}
private struct Holder: Encodable { var items: [Inner]; struct Inner: Encodable { var probe: PathProbe } }

/// Containers and key names are made once per key type and reused (`KeyedTypePlan`): reuse
/// must not change a byte of what the tree encoder writes.
final class DialectByteEncoderPlanTests: XCTestCase {
    func testNestedValuesOfOneKeyTypeShareTheContainerAndStillNest() throws {
        let tree = Node(name: "root", children: [Node(name: "b", children: [Node(name: "c", children: [])]), Node(name: "a", children: [])])
        let encoder = ByteEncoder()
        defer { encoder.tearDown() }
        let onePass = try XCTUnwrap(try encoder.encodeDocument(tree), "a recursive type is a one-pass shape")
        XCTAssertEqual(String(decoding: onePass, as: UTF8.self), try CanonicalEncoder().encode(tree).canonicalString)
        XCTAssertEqual(String(decoding: onePass, as: UTF8.self),
                       #"{"children":[{"children":[{"children":[],"name":"c"}],"name":"b"},{"children":[],"name":"a"}],"name":"root"}"#)
    }

    func testKeysSharingANameAreLeftToTheTree() throws {
        let encoder = ByteEncoder()
        defer { encoder.tearDown() }
        XCTAssertNil(try encoder.encodeDocument(SharedName()), "two keys named x must not both be written")
        XCTAssertEqual(try CanonicalEncoder().canonicalString(SharedName()), #"{"x":3,"y":2}"#)
    }

    func testNamesLearnedLaterSortAmongThoseLearnedBefore() throws {
        let values = [
            Sparse(zulu: 1, mike: nil, alpha: nil, kilo: nil),
            Sparse(zulu: 2, mike: "m", alpha: nil, kilo: [Sparse(zulu: 3, mike: nil, alpha: 4, kilo: nil)]),
            Sparse(zulu: 5, mike: "n", alpha: 6, kilo: []),
        ]
        let encoder = ByteEncoderPool.shared.take()
        defer { ByteEncoderPool.shared.give(encoder) }
        for value in values {
            let onePass = try XCTUnwrap(try encoder.encodeDocument(value))
            XCTAssertEqual(String(decoding: onePass, as: UTF8.self), try CanonicalEncoder().encode(value).canonicalString)
            encoder.reset()
        }
        XCTAssertEqual(try CanonicalEncoder().canonicalString(values[1]), #"{"kilo":[{"alpha":4,"zulu":3}],"mike":"m","zulu":2}"#)
    }

    func testTheCodingPathIsReadFromTheFramesWhenAsked() throws {
        let probe = PathProbe()
        let value = Holder(items: [Holder.Inner(probe: PathProbe()), Holder.Inner(probe: probe)])
        XCTAssertEqual(try CanonicalEncoder().canonicalString(value), #"{"items":[{"probe":"items[0]probe"},{"probe":"items[1]probe"}]}"#)
        XCTAssertEqual(probe.seen, ["items", "[1]", "probe"])
        // The tree encoder reports the same path.
        _ = try CanonicalEncoder().encode(value)
        XCTAssertEqual(probe.seen, ["items", "[1]", "probe"])
    }

    func testATornDownEncoderIsFreed() throws {
        weak var released: ByteEncoder?
        do {
            let encoder = ByteEncoder()
            _ = try encoder.encodeDocument(Node(name: "x", children: []))
            released = encoder
            encoder.tearDown()
        }
        XCTAssertNil(released, "tearDown must break the cycle between the encoder and its kept containers")
    }
}
