import Duet
@testable import DuetRunner
import DuetScenarios
import XCTest

/// The runner's `reduce` hot path decodes state and action straight from the request bytes;
/// it must answer exactly what the tree path answers, and hand everything else to it.
final class ReplayServerBytePathTests: XCTestCase {
    enum Notes: Feature {
        struct Entry: Codable, Sendable { var id: UUID; var at: Date; var text: String; var tags: [String]? }
        enum Filter: SumType, KindEnum, Sendable {
            case all, tagged(String), between(from: Date, to: Date)
        }
        struct State: Codable, Sendable {
            var entries: [Entry]?
            @Slot var filter: Filter? = nil
            var counts: [String: Int]?
            var draft: String?
            var extra: JSONValue?
        }
        enum Action: SumType, Sendable { case add(Entry), filter(Filter), clear, rename(id: UUID, text: String) }
        enum EffectPayload: SumType, Sendable { case save(count: Int), announce(String) }
        static let name = "notes"
        static let initialState = State()
        static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] {
            switch action {
            case .add(let entry):
                state.entries = (state.entries ?? []) + [entry]
                state.counts = (state.counts ?? [:]).merging([entry.text: 1], uniquingKeysWith: +)
                return [.run(.save(count: state.entries!.count), id: "notes.save")]
            case .filter(let filter): state.filter = filter; return [.run(.announce("filtered"))]
            case .clear: state = State(); return [.cancel(id: "notes.save")]
            case .rename(let id, let text):
                for i in (state.entries ?? []).indices where state.entries![i].id == id { state.entries![i].text = text }
                return []
            }
        }
    }

    private let server: ReplayServer = {
        var registry = ReplayRegistry(platform: "swift")
        registry.register(Notes.self)
        return ReplayServer(registry)
    }()

    private let id = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"

    private func line(state: String, action: String, feature: String = "notes") -> [UInt8] {
        Array(#"{"action":\#(action),"feature":"\#(feature)","op":"reduce","state":\#(state)}"#.utf8)
    }

    private var states: [String] {
        [
            "{}",
            #"{"counts":{"a":1},"draft":"d\n\"q\"","entries":[{"at":"2026-07-02T09:30:00.123Z","id":"\#(id)","tags":["x","y"],"text":"a"}],"extra":[1,{"k":null}],"filter":{"case":"tagged","value":"x"}}"#,
            #"{"filter":{"case":"between","value":{"from":"2026-07-02T09:30:00.000Z","to":"2026-07-03T09:30:00.000Z"}}}"#,
            #"{"filter":{"case":"all"}}"#,
        ]
    }

    private var actions: [String] {
        [
            #"{"case":"add","value":{"at":"2026-07-02T09:30:00.123Z","id":"\#(id.uppercased())","text":"é \u0001"}}"#,
            #"{"case":"filter","value":{"case":"all"}}"#,
            #"{"case":"clear"}"#,
            #"{"case":"rename","value":{"id":"\#(id)","text":"renamed"}}"#,
        ]
    }

    func testReduceAnswersFromBytesExactlyAsFromTheTree() throws {
        for state in states {
            for action in actions {
                let request = line(state: state, action: action)
                let fromBytes = try XCTUnwrap(server.reduceFromBytes(request), "the byte path declined \(String(decoding: request, as: UTF8.self))")
                XCTAssertEqual(String(decoding: fromBytes, as: UTF8.self), String(decoding: server.respondThroughTree(to: request)!, as: UTF8.self))
                XCTAssertNil(try CanonicalJSON.parse(Array(fromBytes.dropLast()))["error"], String(decoding: fromBytes, as: UTF8.self))
            }
        }
    }

    func testRequestsWithKeysInAnyOrderAndWhitespaceTakeTheBytePath() throws {
        let request = Array(#" { "op" : "reduce", "feature":"notes", "state" : {"draft":"x", "counts":{}} , "action": {"value":{"case":"all"},"case":"filter"} } "#.utf8)
        let fromBytes = try XCTUnwrap(server.reduceFromBytes(request))
        XCTAssertEqual(fromBytes, server.respondThroughTree(to: request))
    }

    func testBadRequestsAnswerTheTreePathsErrorLine() throws {
        let cases = [
            line(state: #"{"entries":[{"at":"2026-07-02T09:30:00.123Z","id":"nope","text":"a"}]}"#, action: #"{"case":"clear"}"#),
            line(state: #"{"draft":5}"#, action: #"{"case":"clear"}"#),
            line(state: "{}", action: #"{"case":"teleport"}"#),
            line(state: "{}", action: #"{"case":"filter","value":{"case":"tagged"}}"#),
            line(state: "{}", action: #"{"case":"clear","extra":1}"#),
            line(state: "{}", action: #"{"case":"clear"}"#, feature: "nope"),
            line(state: #"{"draft":"a","draft":"b"}"#, action: #"{"case":"clear"}"#),
            line(state: #"{"counts":{"a":1.5}}"#, action: #"{"case":"clear"}"#),
            Array(#"{"feature":"notes","op":"reduce","state":{}}"#.utf8),
            Array(#"{"op":"describe"}"#.utf8),
        ]
        for request in cases {
            let text = String(decoding: request, as: UTF8.self)
            XCTAssertNil(server.reduceFromBytes(request), "handed to the tree path: \(text)")
            let response = try XCTUnwrap(server.respond(to: request), text)
            XCTAssertEqual(response, server.respondThroughTree(to: request), text)
        }
        let refused = try CanonicalJSON.parse(Array(server.respond(to: cases[0])!.dropLast()))
        let message = try XCTUnwrap(refused["error"]?.stringValue)
        XCTAssertTrue(message.contains("entries[0].id") && message.contains("expected a UUID"), message)
        // Negative control: the same request with a valid id is answered from bytes.
        XCTAssertNotNil(server.reduceFromBytes(line(state: #"{"entries":[{"at":"2026-07-02T09:30:00.123Z","id":"\#(id)","text":"a"}]}"#,
                                                     action: #"{"case":"clear"}"#)))
    }
}
