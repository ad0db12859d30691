import Duet
import DuetReplay
import DuetScenarios
import MemoryLane
import XCTest

/// A label is a claim: every Memory Lane step that says it is inert is checked, and the checks hold
/// on the path the runner records through.
final class ScenarioClaimTests: XCTestCase {
    func testEveryStepLabelledInertCarriesAClaim() {
        XCTAssertEqual(Self.unclaimedInertLabels(in: MemoryLaneApp.scenarios), [])
        XCTAssertGreaterThanOrEqual(Self.steps(of: MemoryLaneApp.scenarios).count { !$0.step.claims.isEmpty }, 88)
    }

    func testTheLabelCheckSeesAnInertLabelWithoutAClaim() {
        // Negative control: the same walk over a definition whose inert step claims nothing.
        let bare = ScenarioDefinition(feature: "f", fixture: "f", description: "", source: "s", initialState: .object(JSONObject()),
                                      steps: [], branches: [ScenarioBranch(name: "b", steps: [ScenarioStep(label: "back is inert", line: 3, action: .null)])])
        XCTAssertEqual(Self.unclaimedInertLabels(in: [bare]), ["s:3 back is inert"])
    }

    func testEveryClaimHoldsOnTheRecordedStates() throws {
        let replay = MemoryLaneReplay()
        var checked = 0
        for scenario in MemoryLaneApp.scenarios {
            for path in scenario.paths() {
                var state = scenario.initialState
                for (index, step) in path.steps.enumerated() {
                    let reduced = try replay.reduce(scenario.feature, state: state, action: step.action)
                    let place = "\(path.fixture) step \(index) \"\(step.label)\""
                    for claim in step.claims {
                        checked += 1
                        switch claim.kind {
                        case .inert:
                            let violation = InertViolation.of(before: state.canonicalBytes, after: reduced.state.canonicalBytes,
                                                              effects: JSONValue.array(reduced.effects).canonicalBytes)
                            XCTAssertNil(violation, place)
                        case .state:
                            XCTAssertEqual(try replay.claims(fixture: path.fixture, step: index, state: reduced.state),
                                           [ClaimOutcome(says: claim.says, holds: true)], place)
                        }
                    }
                    state = reduced.state
                }
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 88)
    }

    func testEditingAMemoryThatFailedToLoadIsInert() throws {
        var state = MemoryDetail.State()
        _ = MemoryDetail.reduce(&state, .appeared(memoryId: UUID(), startEditing: false, startSharing: false))
        _ = MemoryDetail.reduce(&state, .memoryLoadFailed(message: "404"))
        let before = state
        XCTAssertEqual(MemoryDetail.reduce(&state, .editTapped), [])
        XCTAssertEqual(MemoryDetail.reduce(&state, .shareTapped), [])
        XCTAssertEqual(state, before)
    }

    static func steps(of scenarios: [ScenarioDefinition]) -> [(source: String, step: ScenarioStep)] {
        func walk(_ branches: [ScenarioBranch], _ source: String) -> [(source: String, step: ScenarioStep)] {
            branches.flatMap { branch in branch.steps.map { (source, $0) } + walk(branch.branches, source) }
        }
        return scenarios.flatMap { scenario in scenario.steps.map { (scenario.source, $0) } + walk(scenario.branches, scenario.source) }
    }

    /// `source:line label` of each step whose own label says "inert" but that claims nothing.
    static func unclaimedInertLabels(in scenarios: [ScenarioDefinition]) -> [String] {
        steps(of: scenarios).filter { $0.step.label.contains("inert") && $0.step.claims.isEmpty }.map { "\($0.source):\($0.step.line) \($0.step.label)" }
    }
}
