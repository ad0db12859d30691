import Duet
import DuetReplay
import DuetScenarios
import XCTest
import DuetRunner

/// Recording checks what a step's label claims: `.inert` from the recorded bytes, `.state`
/// predicates by the runner that built them; a false claim names the fixture, step and what changed.
final class ClaimRecordingTests: XCTestCase {
    func testClaimsThatHoldRecordTheFixture() throws {
        let recording = try SampleRunner.record("--claims", "holds")
        XCTAssertEqual(recording.failures, [])
        let fixture = try XCTUnwrap(recording.fixtures.first { $0.name == "tally.claims" })
        XCTAssertEqual(fixture.steps.count, 4)
    }

    func testAnInertClaimThatChangesTheStateFailsTheRecordingWithThePathThatChanged() throws {
        let failure = try Self.failure(of: "inert-changes-state")
        XCTAssertEqual(failure.kind, .claim)
        XCTAssertEqual(failure.step, 3)
        XCTAssertEqual(failure.label, "an increment is inert")
        XCTAssertEqual(failure.divergence, Divergence(path: "count", expected: "1", actual: "2"))
        XCTAssertTrue(failure.source?.hasPrefix("Tests/SampleRunner/SampleScenarios.swift:") ?? false, "\(failure)")
        XCTAssertTrue(failure.description.contains("claims .inert, but the state changed at count: expected 1, got 2"), failure.description)
    }

    func testAnInertClaimThatReturnsEffectsFails() throws {
        let failure = try Self.failure(of: "inert-has-effects")
        XCTAssertEqual(failure.kind, .claim)
        XCTAssertEqual(failure.message, #"claims .inert, but it returned effects [{"id":"tally.persist","kind":"run","payload":{"case":"persist","value":{"count":1}}}]"#)
    }

    func testAFalseStatePredicateFailsTheRecordingNamingIt() throws {
        let failure = try Self.failure(of: "state-false")
        XCTAssertEqual(failure.kind, .claim)
        XCTAssertEqual(failure.step, 3)
        XCTAssertEqual(failure.message, #"claims "the count is ten", which is false of the recorded state"#)
    }

    func testClaimsTravelInTheScenarioDefinitionAndBack() throws {
        let definition = SampleScenarioClaims.definition
        let tree = ScenarioCoding.tree(definition)
        let back = try ScenarioCoding.scenario(from: tree)
        XCTAssertEqual(back, definition)
        XCTAssertEqual(back.steps.map { $0.claims.map(\.kind) }, [[.state], [], [.inert]])
        XCTAssertNil(back.steps[0].claims[0].evaluate, "a predicate is Swift code: it stays with the runner")
        XCTAssertNil(ScenarioCoding.tree(definition, claims: false)["steps"]?.arrayValue?[2]["claims"])
    }

    func testAnUnknownClaimKindIsRefusedNotSkipped() throws {
        var tree = ScenarioCoding.tree(SampleScenarioClaims.definition)
        var text = tree.canonicalString
        text = text.replacingOccurrences(of: #"{"kind":"inert"}"#, with: #"{"kind":"idempotent"}"#)
        tree = try CanonicalJSON.parse(Array(text.utf8))
        XCTAssertThrowsError(try ScenarioCoding.scenario(from: tree)) { error in
            XCTAssertTrue("\(error)".contains(#"steps[2].claims[0].kind: unknown claim "idempotent""#), "\(error)")
        }
    }

    func testTheClaimsOpJudgesTheStateItIsSentAndRefusesAStepWithoutClaims() throws {
        var registry = ReplayRegistry(platform: "swift")
        registry.register(SampleScenarioClaims.Counter.self)
        registry.addScenarios([SampleScenarioClaims.definition])
        let server = ReplayServer(registry)
        func ask(_ step: Int, _ state: String) throws -> JSONValue {
            let request = #"{"fixture":"counter.claims","op":"claims","state":\#(state),"step":\#(step)}"#
            return try CanonicalJSON.parse(Array(try XCTUnwrap(server.respond(to: Array(request.utf8))).dropLast()))
        }
        XCTAssertEqual(try ask(0, #"{"count":1}"#).canonicalString, #"{"claims":[{"holds":true,"says":"the count is one"}]}"#)
        XCTAssertEqual(try ask(0, #"{"count":7}"#).canonicalString, #"{"claims":[{"holds":false,"says":"the count is one"}]}"#)
        XCTAssertTrue(try ask(1, #"{"count":1}"#)["error"]?.stringValue?.contains("has no state claims") ?? false)
        XCTAssertTrue(try ask(0, #"{"count":"one"}"#)["error"]?.stringValue?.contains("does not decode") ?? false)
    }

    /// The one failure of recording the sample scenarios with a claims variant.
    static func failure(of variant: String) throws -> FixtureFailure {
        let recording = try SampleRunner.record("--claims", variant)
        XCTAssertEqual(recording.failures.map(\.fixture), ["tally.claims"])
        XCTAssertFalse(recording.fixtures.contains { $0.name == "tally.claims" }, "a fixture with a false claim is not recorded")
        return try XCTUnwrap(recording.failures.first?.failure)
    }
}

enum SampleScenarioClaims {
    enum Counter: Feature {
        struct State: Codable, Sendable { var count = 0 }
        enum Action: SumType, Sendable { case add, stay }
        enum EffectPayload: SumType, Sendable { case none }
        static let name = "counter"
        static let initialState = State()
        static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] {
            if case .add = action { state.count += 1 }
            return []
        }
    }

    static let definition = Scenario(Counter.self, "counter.claims", "Claims on the wire.", initial: .init()) {
        Step("add", .add, .state("the count is one") { $0.count == 1 })
        Step("add again", .add)
        Step("stay is inert", .stay, .inert)
    }.definition
}
