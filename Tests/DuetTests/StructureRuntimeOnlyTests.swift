import Duet
import XCTest

/// `@RuntimeOnly`: encodes as the plain value and `describe` reports it (declaration parity compares
/// it: `DeclarationParityTests`).
final class StructureRuntimeOnlyTests: XCTestCase {
    struct Chrome: IslandBoundary, Equatable {
        static let islandID = "camera.chrome"
        var zoom = 1
        @RuntimeOnly var session: String? = nil
    }
    enum Camera: Feature {
        struct State: Codable, Sendable, Equatable {
            @Island var chrome = Chrome()
            @RuntimeOnly var token = "t"
            var shots = 0
        }
        enum Action: SumType, Sendable { case shot }
        enum EffectPayload: SumType, Sendable { case none }
        static let name = "camera"
        static let initialState = State()
        static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] { [] }
    }

    func testItEncodesAsThePlainValueAndANilIsOmitted() throws {
        var state = Camera.State()
        XCTAssertEqual(try CanonicalEncoder().encode(state).canonicalString, #"{"chrome":{"zoom":1},"shots":0,"token":"t"}"#)
        state.chrome.session = "live"
        let encoded = try CanonicalEncoder().encode(state)
        XCTAssertEqual(encoded.canonicalString, #"{"chrome":{"session":"live","zoom":1},"shots":0,"token":"t"}"#)
        XCTAssertEqual(try CanonicalDecoder().decode(Camera.State.self, from: encoded), state)
        XCTAssertEqual(try CanonicalDecoder().decode(Camera.State.self, from: try CanonicalJSON.parse(#"{"chrome":{"zoom":2},"shots":0,"token":"t"}"#)).chrome.session, nil)
    }

    func testDescribeMarksTheFieldAndNothingElse() throws {
        let structure = try describe(Camera.self)
        let marked = structure.fields.filter { $0.runtimeOnly == true }.map(\.path)
        XCTAssertEqual(marked.sorted(), ["chrome.session", "token"])
        XCTAssertEqual(structure.fields.first { $0.path == "chrome.session" }?.shape, "optional<string>")
        XCTAssertEqual(structure.fields.first { $0.path == "shots" }?.runtimeOnly, nil, "unmarked fields carry no runtimeOnly key")
        let field = try CanonicalEncoder().encode(structure.fields.first { $0.path == "token" }!)
        XCTAssertEqual(field.canonicalString, #"{"path":"token","role":"data","runtimeOnly":true,"shape":"string"}"#)
    }
}
