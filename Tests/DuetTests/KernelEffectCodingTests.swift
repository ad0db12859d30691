import Duet
import XCTest

final class KernelEffectCodingTests: XCTestCase {
    private enum Payload: SumType, Sendable, Equatable { case startTicker, notify(count: Int) }

    func testEffectsEncodeAsTheDialectSays() throws {
        let encoder = CanonicalEncoder()
        XCTAssertEqual(try encoder.canonicalString(Effect<Payload>.run(.startTicker, id: "counter.ticker")),
                       #"{"id":"counter.ticker","kind":"run","payload":{"case":"startTicker"}}"#)
        XCTAssertEqual(try encoder.canonicalString(Effect<Payload>.run(.notify(count: 1))),
                       #"{"kind":"run","payload":{"case":"notify","value":{"count":1}}}"#)
        XCTAssertEqual(try encoder.canonicalString(Effect<Payload>.cancel(id: "counter.ticker")),
                       #"{"id":"counter.ticker","kind":"cancel"}"#)
    }

    private enum WritingPayload: String, Codable, CanonicalEncodable { case flush, reload }

    func testEffectsOfAWritingPayloadWriteThemselvesInTheCodableShape() throws {
        // Asked at run time, as the encoder asks: the conformance is conditional on the payload.
        let writing: Any.Type = Effect<WritingPayload>.self, codableOnly: Any.Type = Effect<Payload>.self
        XCTAssertTrue(writing is any CanonicalEncodable.Type)
        XCTAssertFalse(codableOnly is any CanonicalEncodable.Type, "a Codable-only payload keeps the Codable path")
        let effects: [Effect<WritingPayload>] = [.run(.flush, id: "a"), .run(.reload), .cancel(id: "a")]
        XCTAssertNil(try CanonicalConformanceCheck.firstDivergence(effects))
        XCTAssertEqual(try CanonicalEncoder().canonicalString(effects),
                       #"[{"id":"a","kind":"run","payload":"flush"},{"kind":"run","payload":"reload"},{"id":"a","kind":"cancel"}]"#)
    }

    func testEffectsDecodeBackAndAnUnknownKindIsRefused() throws {
        let decoder = CanonicalDecoder()
        for effect in [Effect<Payload>.run(.notify(count: 2), id: "x"), .run(.startTicker), .cancel(id: "x")] {
            let tree = try CanonicalEncoder().encode(effect)
            XCTAssertEqual(try decoder.decode(Effect<Payload>.self, from: tree), effect)
        }
        let unknown = try CanonicalJSON.parse(#"{"id":"x","kind":"pause"}"#)
        XCTAssertThrowsError(try decoder.decode(Effect<Payload>.self, from: unknown))
    }
}
