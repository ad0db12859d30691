import Foundation
import XCTest
@testable import Duet

final class DialectUUIDParsingTests: XCTestCase {
    func testParsesEveryCaseLikeFoundation() {
        for _ in 0..<200 {
            let uuid = UUID()
            XCTAssertEqual(UUIDText.parse(uuid.uuidString), uuid)
            XCTAssertEqual(UUIDText.parse(uuid.uuidString.lowercased()), uuid)
        }
        XCTAssertEqual(UUIDText.parse("00000000-0000-4000-8000-00000000000A"), UUID(uuidString: "00000000-0000-4000-8000-00000000000a"))
    }

    func testRefusesWhatIsNotUUIDShaped() {
        for text in ["", "00000000-0000-4000-8000-00000000000", "00000000-0000-4000-8000-00000000000g",
                     "000000000-000-4000-8000-000000000000", "00000000_0000_4000_8000_000000000000",
                     "00000000-0000-4000-8000-0000000000001", "{0000000-0000-4000-8000-000000000000}"] {
            XCTAssertNil(UUIDText.parse(text), text)
            XCTAssertNil(UUID(uuidString: text), "Foundation agrees: \(text)")
        }
    }

    func testTheDecoderUsesItAndNamesTheFieldWhenItFails() throws {
        struct Holder: Codable, Equatable { var id: UUID }
        let id = UUID()
        let decoded = try CanonicalDecoder().decode(Holder.self, from: try CanonicalJSON.parse(#"{"id":"\#(id.uuidString.lowercased())"}"#))
        XCTAssertEqual(decoded, Holder(id: id))
        XCTAssertThrowsError(try CanonicalDecoder().decode(Holder.self, from: try CanonicalJSON.parse(#"{"id":"nope"}"#))) { error in
            XCTAssertEqual((error as? CodingRefusal)?.codingPath, "id")
        }
    }
}
