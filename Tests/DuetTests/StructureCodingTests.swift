import Duet
import Foundation
import XCTest

/// Marking a field with an L0 wrapper must not change a single byte of any fixture.
final class StructureCodingTests: XCTestCase {
    private let memory = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!

    private func twins() -> [(Gallery.State, Gallery.PlainState)] {
        var marked = Gallery.State()
        var plain = Gallery.PlainState()
        var result = [(marked, plain)]
        marked.path = [.detail(id: memory, context: .shared), .settings]
        plain.path = marked.path
        marked.sheet = .share(memoryId: memory)
        plain.sheet = marked.sheet
        marked.tab = .profile; plain.tab = .profile
        marked.phase = .main; plain.phase = .main
        marked.carousel.index = 3; plain.carousel.index = 3
        marked.owner = memory; plain.owner = memory
        result.append((marked, plain))
        marked.sheet = .camera; plain.sheet = .camera
        result.append((marked, plain))
        return result
    }

    func testMarkedStatesEncodeByteIdenticalToTheirUnmarkedTwins() throws {
        let encoder = CanonicalEncoder()
        for (marked, plain) in twins() {
            XCTAssertEqual(try encoder.canonicalBytes(marked), try encoder.canonicalBytes(plain))
        }
        XCTAssertFalse(try encoder.canonicalString(Gallery.State()).contains("sheet"), "a nil slot is omitted")
    }

    func testMarkedStatesDecodeFromTheirTwinsBytes() throws {
        for (marked, plain) in twins() {
            let bytes = try CanonicalEncoder().canonicalBytes(plain)
            XCTAssertEqual(try CanonicalDecoder().decode(Gallery.State.self, from: bytes), marked)
        }
    }

    func testTheMarkersAreTransparentToFoundationCodersToo() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for (marked, plain) in twins() {
            let markedData = try encoder.encode(marked)
            XCTAssertEqual(markedData, try encoder.encode(plain))
            XCTAssertEqual(try JSONDecoder().decode(Gallery.State.self, from: markedData), marked)
        }
    }

    /// Negative control: a slot-like wrapper without the keyed-container overloads writes a
    /// nil as `null`, so the twin comparison above is able to fail.
    func testAWrapperWithoutTheOverloadsWouldChangeTheBytes() throws {
        struct Naive: Codable {
            @NaiveSlot var sheet: Gallery.Sheet? = nil
        }
        struct Plain: Codable {
            var sheet: Gallery.Sheet? = nil
        }
        let encoder = CanonicalEncoder()
        XCTAssertNotEqual(try? encoder.canonicalString(Naive()), try encoder.canonicalString(Plain()))
    }
}

@propertyWrapper private struct NaiveSlot<Kind: Codable>: Codable {
    var wrappedValue: Kind?
    init(wrappedValue: Kind?) { self.wrappedValue = wrappedValue }
}
