import Foundation
import XCTest
@testable import Duet

/// Emits its keys in an order chosen per value, as hand-written `encode(to:)` may.
private struct Shuffled: Encodable {
    var order: [Keys]
    enum Keys: String, CodingKey, CaseIterable { case alpha, beta, gamma, delta }
    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        for (i, key) in order.enumerated() { try c.encode(i, forKey: key) }
    }
}

/// Writes `a`, then `b`, then `a` again: the last write of a key wins.
private struct Rewritten: Encodable {
    enum Keys: String, CodingKey { case a, b }
    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(1, forKey: .a)
        try c.encode(2, forKey: .b)
        try c.encode(3, forKey: .a)
    }
}

private struct Stamp: Codable { var at: Date; var id: UUID }
private struct Priced: Codable { var label: String; var items: [[String: Double]] }

/// The one-pass encoder is pooled and reused across calls: nothing one call learns or leaves
/// behind may change the bytes of the next.
final class DialectByteEncoderReuseTests: XCTestCase {
    func testKeysArrivingInAChangingOrderAreSortedEveryTime() throws {
        let orders: [[Shuffled.Keys]] = [[.alpha, .beta, .gamma, .delta], [.delta, .gamma, .beta, .alpha],
                                         [.gamma, .alpha, .delta, .beta], [.delta, .gamma, .beta, .alpha], [.beta, .delta]]
        for _ in 0..<3 {
            for order in orders {
                let value = Shuffled(order: order)
                let bytes = try CanonicalEncoder().canonicalString(value)
                XCTAssertEqual(bytes, try CanonicalEncoder().encode(value).canonicalString)
                let expected = order.enumerated().sorted { $0.element.rawValue < $1.element.rawValue }
                    .map { "\"\($0.element.rawValue)\":\($0.offset)" }.joined(separator: ",")
                XCTAssertEqual(bytes, "{\(expected)}")
            }
        }
        // Negative control: a different order gives different values under the same keys.
        XCTAssertNotEqual(try CanonicalEncoder().canonicalString(Shuffled(order: orders[0])),
                          try CanonicalEncoder().canonicalString(Shuffled(order: orders[1])))
    }

    func testAKeyWrittenTwiceApartKeepsTheLastWrite() throws {
        XCTAssertEqual(try CanonicalEncoder().canonicalString(Rewritten()), #"{"a":3,"b":2}"#)
        XCTAssertEqual(try CanonicalEncoder().canonicalString(Rewritten()), try CanonicalEncoder().encode(Rewritten()).canonicalString)
        // The one-pass encoder must hand this shape to the tree rather than write both.
        XCTAssertNil(try ByteEncoder().encodeDocument(Rewritten()))
    }

    func testAnEncodeAfterARefusalOrAFallbackStartsClean() throws {
        let good = Priced(label: "ok", items: [[:], [:]])
        let goodBytes = try CanonicalEncoder().encode(good).canonicalBytes
        for _ in 0..<3 {
            XCTAssertThrowsError(try CanonicalEncoder().canonicalBytes(Priced(label: "bad", items: [[:], ["amount": 1.5]]))) { error in
                XCTAssertEqual((error as? CodingRefusal)?.codingPath, "items[1].amount")
            }
            XCTAssertEqual(try CanonicalEncoder().canonicalBytes(good), goodBytes)
            XCTAssertEqual(try CanonicalEncoder().canonicalString(Rewritten()), #"{"a":3,"b":2}"#)
            XCTAssertEqual(try CanonicalEncoder().canonicalBytes(good), goodBytes)
        }
    }

    func testDatesAndUUIDsMatchFoundationsRendering() throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        let instants: [Double] = [0, 0.001, 951_782_400.999, 1_782_984_600.5, -86_400.25, 253_402_300_799.0, 1_709_164_800]
        for seconds in instants {
            let stamp = Stamp(at: Date(timeIntervalSince1970: seconds), id: UUID())
            let expected = #"{"at":"\#(formatter.string(from: stamp.at))","id":"\#(stamp.id.uuidString.lowercased())"}"#
            XCTAssertEqual(try CanonicalEncoder().canonicalString(stamp), expected, "at \(seconds)")
        }
        // Negative control: a different instant is not rendered the same.
        let a = try CanonicalEncoder().canonicalString(Stamp(at: Date(timeIntervalSince1970: 1), id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!))
        let b = try CanonicalEncoder().canonicalString(Stamp(at: Date(timeIntervalSince1970: 2), id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!))
        XCTAssertNotEqual(a, b)
    }

    func testConcurrentEncodesEachGetTheirOwnEncoder() throws {
        let values = (0..<8).map { i in Shuffled(order: i % 2 == 0 ? [.delta, .alpha] : [.beta, .gamma, .alpha]) }
        let expected = try values.map { try CanonicalEncoder().encode($0).canonicalBytes }
        let agreeing = Tally()
        DispatchQueue.concurrentPerform(iterations: 64) { i in
            var same = true
            for _ in 0..<50 where (try? CanonicalEncoder().canonicalBytes(values[i % 8])) != expected[i % 8] { same = false }
            if same { agreeing.add() }
        }
        XCTAssertEqual(agreeing.count, 64)
    }
}

private struct Tally: Sendable {
    private let value = Locked(0)
    func add() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}
