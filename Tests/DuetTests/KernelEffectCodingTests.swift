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
