import Duet
@testable import DuetRunner
import DuetScenarios
import MemoryLane
import XCTest

/// Every state and action Memory Lane's scenarios produce decodes from bytes (`ByteDocument`)
/// exactly as from the tree, and the runner answers every step from bytes as it does from the tree.
final class ByteDecodingDifferentialTests: XCTestCase {
    private struct Recorded {
        var feature: String
        var state: JSONValue
        var action: JSONValue
    }

    /// Each step's state before it, and its action, recorded in process through the tree path.
    private func recordedSteps() throws -> [Recorded] {
        var registry = ReplayRegistry(platform: "swift")
        for feature in MemoryLaneApp.features { register(feature, in: &registry) }
        var steps: [Recorded] = []
        for scenario in MemoryLaneApp.scenarios {
            for path in scenario.paths() {
                var state = scenario.initialState
                for step in path.steps {
                    steps.append(Recorded(feature: scenario.feature, state: state, action: step.action))
                    state = try CanonicalJSON.parse(try registry.reduce(feature: scenario.feature, state: state, action: step.action).state)
                }
            }
        }
        return steps
    }

    private func register<F: Feature>(_ feature: F.Type, in registry: inout ReplayRegistry) { registry.register(feature) }

    func testEveryScenarioStateAndActionDecodesFromBytesAsFromTheTree() throws {
        let steps = try recordedSteps()
        XCTAssertGreaterThan(steps.count, 500)
        var checked = 0
        for feature in MemoryLaneApp.features {
            let mine = steps.filter { $0.feature == feature.name }
            XCTAssertFalse(mine.isEmpty, "\(feature.name) has no recorded steps")
            checked += try compare(feature, mine)
        }
        XCTAssertEqual(checked, steps.count * 2)
    }

    private func compare<F: Feature>(_ feature: F.Type, _ steps: [Recorded]) throws -> Int {
        var checked = 0
        for step in steps {
            try assertSame(F.State.self, step.state, feature.name)
            try assertSame(F.Action.self, step.action, feature.name)
            checked += 2
        }
        return checked
    }

    private func assertSame<T: Codable>(_ type: T.Type, _ tree: JSONValue, _ feature: String) throws {
        let bytes = tree.canonicalBytes
        let document = ByteDocument()
        let fromBytes = try document.read(bytes) { root in try root.map { try document.decode(type, from: $0) } }
        let decoded = try XCTUnwrap(fromBytes, "\(feature): the scan declined \(tree.canonicalString)")
        let expected = try CanonicalEncoder().canonicalBytes(try CanonicalDecoder().decode(type, from: tree))
        XCTAssertEqual(try CanonicalEncoder().canonicalBytes(decoded), expected, "\(feature) \(T.self): \(tree.canonicalString)")
    }

    func testTheRunnerAnswersEveryStepFromBytesAsFromTheTree() throws {
        let server = MemoryLaneReplay().server
        var answered = 0
        for step in try recordedSteps() {
            let request = Array(ReplayProtocol.reduceRequest(feature: step.feature, state: step.state.canonicalBytes,
                                                             action: step.action.canonicalBytes).dropLast())
            let fromBytes = try XCTUnwrap(server.reduceFromBytes(request), "declined: \(String(decoding: request, as: UTF8.self))")
            XCTAssertEqual(fromBytes, server.respondThroughTree(to: request), String(decoding: request, as: UTF8.self))
            answered += 1
        }
        XCTAssertGreaterThan(answered, 500)
        // Negative control: a state whose field has the wrong type is not answered from bytes.
        let timeline = try XCTUnwrap(MemoryLaneApp.scenarios.first { $0.feature == "timeline" })
        var state = try XCTUnwrap(timeline.initialState.objectValue)
        state["memories"] = .int(7)
        let broken = Array(ReplayProtocol.reduceRequest(feature: "timeline", state: JSONValue.object(state).canonicalBytes,
                                                        action: Array(#"{"case":"appeared"}"#.utf8)).dropLast())
        XCTAssertNil(server.reduceFromBytes(broken))
        XCTAssertTrue(String(decoding: server.respond(to: broken)!, as: UTF8.self).contains("memories"))
    }
}
