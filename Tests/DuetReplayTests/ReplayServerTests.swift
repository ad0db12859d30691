import Duet
import DuetReplay
import DuetScenarios
import XCTest
import DuetRunner

/// The runner side, in process: one response line per request, errors never end the loop.
final class ReplayServerTests: XCTestCase {
    enum Counter: Feature {
        struct State: Codable, Sendable { var count = 0; var note: String? }
        enum Action: SumType, Sendable { case add(Int), clear }
        enum EffectPayload: SumType, Sendable { case log(String) }
        static let name = "counter"
        static let initialState = State(count: 4)
        static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] {
            switch action {
            case .add(let amount): state.count += amount; return [.run(.log("added"), id: "counter.log")]
            case .clear: state = State(); return [.cancel(id: "counter.log")]
            }
        }
    }

    var server: ReplayServer {
        var registry = ReplayRegistry(platform: "swift")
        registry.register(Counter.self, describe: {
            FeatureStructure(feature: "counter", fields: [FieldDescription(path: "count", shape: "int", role: .data),
                                                          FieldDescription(path: "note", shape: "optional<string>", role: .slot)],
                             actions: ["add", "clear"], effects: ["log"])
        })
        registry.register(ReplayServerTests.Alpha.self)
        registry.addScenarios([ScenarioDefinition(feature: "counter", fixture: "counter", description: "d", source: "s",
                                                  initialState: json(#"{"count":5,"note":"base"}"#), steps: [])])
        return ReplayServer(registry)
    }
    enum Alpha: Feature {
        struct State: Codable, Sendable {}
        enum Action: SumType, Sendable { case none }
        enum EffectPayload: SumType, Sendable { case none }
        static let name = "alpha"
        static let initialState = State()
        static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] { [] }
    }

    func respond(_ line: String) -> String? {
        server.respond(to: Array(line.utf8)).map { String(decoding: $0, as: UTF8.self) }
    }

    func testReduceAnswersCanonicalStateAndEffectsAsStrings() {
        XCTAssertEqual(respond(#"{"op":"reduce","feature":"counter","state":{"count":1},"action":{"case":"add","value":2}}"#),
                       #"{"effects":"[{\"id\":\"counter.log\",\"kind\":\"run\",\"payload\":{\"case\":\"log\",\"value\":\"added\"}}]","state":"{\"count\":3}"}"# + "\n")
        XCTAssertEqual(respond(#"{"op":"reduce","feature":"counter","state":{"count":1,"note":"x"},"action":{"case":"clear"}}"#),
                       #"{"effects":"[{\"id\":\"counter.log\",\"kind\":\"cancel\"}]","state":"{\"count\":0}"}"# + "\n")
    }

    func testStatesWithQuotesBackslashesAndControlCharactersSurviveTheStringWrapping() throws {
        let note = "say \"hi\" \\ back\nslash\t\u{1}\u{1F}é"
        let state = try CanonicalEncoder().encode(Counter.State(count: 1, note: note))
        let line = #"{"op":"reduce","feature":"counter","state":"# + state.canonicalString + #","action":{"case":"add","value":1}}"#
        let response = try XCTUnwrap(respond(line))
        let returned = try XCTUnwrap(json(response)["state"]?.stringValue)
        XCTAssertEqual(try CanonicalJSON.parse(returned)["note"]?.stringValue, note)
        XCTAssertEqual(returned, try CanonicalEncoder().canonicalString(Counter.State(count: 2, note: note)))
        XCTAssertTrue(response.contains(#"\u0001"#), "control characters are escaped twice over: \(response)")
    }

    func testBadRequestsAnswerAnErrorLine() throws {
        let cases = [
            #"{"op":"teleport"}"#: "unknown op",
            #"not json"#: "not canonical JSON",
            #"{"feature":"counter"}"#: "no \"op\"",
            #"{"op":"reduce","feature":"nope","state":{},"action":{}}"#: "unknown feature \"nope\"",
            #"{"op":"reduce","feature":"counter","state":{"count":"one"},"action":{"case":"clear"}}"#: "counter:",
            #"{"op":"reduce","feature":"counter","state":{"count":1}}"#: "needs \"state\" and \"action\"",
        ]
        for (request, expected) in cases {
            let response = try XCTUnwrap(respond(request), request)
            let error = try XCTUnwrap(json(response)["error"]?.stringValue, "no error for \(request): \(response)")
            XCTAssertTrue(error.contains(expected), "\(request) → \(error)")
        }
        // Negative control: a well-formed request is not an error.
        XCTAssertNil(json(respond(#"{"op":"reduce","feature":"counter","state":{"count":0},"action":{"case":"clear"}}"#)!)["error"])
    }

    func testExitEndsAndTheLoopSurvivesErrorsOverPipes() throws {
        var input: [Int32] = [0, 0], output: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&input), 0); XCTAssertEqual(pipe(&output), 0)
        let requests = "{\"op\":\"teleport\"}\ngarbage\n\n{\"op\":\"reduce\",\"feature\":\"counter\",\"state\":{\"count\":0},\"action\":{\"case\":\"add\",\"value\":1}}\n{\"op\":\"exit\"}\n{\"op\":\"describe\"}\n"
        _ = requests.withCString { write(input[1], $0, strlen($0)) }
        close(input[1])
        server.serve(input: input[0], output: output[1])
        close(output[1]); close(input[0])
        var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 4096)
        while case let count = read(output[0], &chunk, 4096), count > 0 { bytes += chunk[0..<count] }
        close(output[0])
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 4, "handshake + 3 answers, nothing after exit: \(lines)")
        let handshake = json(lines[0])
        XCTAssertEqual(handshake["features"], .array([.string("alpha"), .string("counter")]))
        XCTAssertEqual(handshake["protocol"]?.stringValue, "duet-replay")
        XCTAssertEqual(handshake["version"]?.intValue, 1)
        XCTAssertEqual(handshake["build"]?.stringValue, BuildHash.ofRunningExecutable, "the build of this executable, hashed once")
        XCTAssertEqual(handshake["build"]?.stringValue?.count, 32)
        XCTAssertNotNil(json(lines[1])["error"]); XCTAssertNotNil(json(lines[2])["error"])
        XCTAssertEqual(json(lines[3])["state"]?.stringValue, #"{"count":1}"#)
    }

    func testRestoreOverlaysTheSpineOnTheFeaturesInitialStateNotOnAScenarios() throws {
        let restored = try XCTUnwrap(respond(#"{"op":"restore","feature":"counter","spine":{"count":9}}"#))
        // `note` is a slot in the description: absent from the spine means cleared; `count` is data and kept from
        // `Counter.initialState` (4), not from the registered scenario's initial state (5), as the Kotlin flavor does.
        XCTAssertEqual(json(restored)["state"]?.stringValue, #"{"count":4}"#)
        let withSlot = try XCTUnwrap(respond(#"{"op":"restore","feature":"counter","spine":{"note":"kept"}}"#))
        XCTAssertEqual(json(withSlot)["state"]?.stringValue, #"{"count":4,"note":"kept"}"#)
        let invalid = try XCTUnwrap(respond(#"{"op":"restore","feature":"counter","spine":{"note":7}}"#))
        XCTAssertNotNil(json(invalid)["error"], "a spine that does not decode as State is refused")
    }

    func testRestoreLaysTheSpineOverTheBaseTheRequestBrings() throws {
        let line = ReplayProtocol.restoreRequest(feature: "counter", spine: Array(#"{"note":"kept"}"#.utf8), base: Array(#"{"count":9}"#.utf8))
        XCTAssertEqual(String(decoding: line, as: UTF8.self), #"{"base":{"count":9},"feature":"counter","op":"restore","spine":{"note":"kept"}}"# + "\n")
        let restored = try XCTUnwrap(respond(String(decoding: line.dropLast(), as: UTF8.self)))
        XCTAssertEqual(json(restored)["state"]?.stringValue, #"{"count":9,"note":"kept"}"#, "data from the base, the slot from the spine")
        let cleared = try XCTUnwrap(respond(#"{"base":{"count":9,"note":"base"},"feature":"counter","op":"restore","spine":{}}"#))
        XCTAssertEqual(json(cleared)["state"]?.stringValue, #"{"count":9}"#, "a slot absent from the spine is cleared")
    }

    func testDescribeListsEveryFeatureSorted() throws {
        let described = try XCTUnwrap(respond(#"{"op":"describe"}"#))
        let features = try XCTUnwrap(json(described)["features"]?.arrayValue)
        XCTAssertEqual(features.compactMap { $0["feature"]?.stringValue }, ["alpha", "counter"])
        XCTAssertEqual(features[1]["fields"]?.arrayValue?.count, 2)
        XCTAssertEqual(features[1]["restore"]?.stringValue, "overlay")
        XCTAssertEqual(features[1]["seams"]?.arrayValue, [])
    }

    func testScenarioDefinitionsRoundTripThroughTheProtocolTree() throws {
        let scenario = ScenarioDefinition(
            feature: "counter", fixture: "counter.deep", description: "d", source: "Tests/X.swift", initialState: json(#"{"count":0}"#),
            steps: [ScenarioStep(label: "add", line: 3, action: json(#"{"case":"add","value":1}"#))],
            branches: [ScenarioBranch(name: "a", steps: [], branches: [ScenarioBranch(name: "b", steps: [ScenarioStep(label: "c", line: 9, action: json(#"{"case":"clear"}"#))])])])
        XCTAssertEqual(try ScenarioCoding.scenario(from: ScenarioCoding.tree(scenario)), scenario)
        let chain = ChainDefinition(chain: "c", description: "d", source: "s", initialStates: ["a": json("{}"), "b": json(#"{"x":1}"#)],
                                    steps: [ChainStep(node: "a", label: "l", line: 1, action: json(#"{"case":"go"}"#), linkToNext: true)])
        XCTAssertEqual(try ScenarioCoding.chain(from: ScenarioCoding.tree(chain)), chain)
        // Negative control: a tree missing its steps is refused with the path.
        var broken = ScenarioCoding.tree(scenario).objectValue!
        broken["steps"] = nil
        XCTAssertThrowsError(try ScenarioCoding.scenario(from: .object(broken))) { error in
            XCTAssertTrue("\(error)".contains("scenario.steps"), "\(error)")
        }
    }
}
