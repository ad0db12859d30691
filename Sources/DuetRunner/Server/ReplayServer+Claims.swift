import Duet
import DuetScenarios

/// The `claims` op: a step's `.state` predicates are Swift code, so the recorder sends the state it
/// recorded and the runner that built the scenario evaluates them on it.
///
/// ```swift
/// // → {"fixture":"timeline.stale-link","op":"claims","state":{…},"step":2}
/// // ← {"claims":[{"holds":true,"says":"the stack is untouched"}]}
/// ```
struct StateClaims {
    /// Leaf fixture → step index → its `.state` claims (steps without any are absent).
    private let byFixture: [String: [Int: [StepClaim]]]

    init(_ scenarios: [ScenarioDefinition]) {
        var byFixture: [String: [Int: [StepClaim]]] = [:]
        for scenario in scenarios {
            for path in scenario.paths() {
                for (index, step) in path.steps.enumerated() {
                    let claims = step.claims.filter { $0.kind == .state }
                    if !claims.isEmpty { byFixture[path.fixture, default: [:]][index] = claims }
                }
            }
        }
        self.byFixture = byFixture
    }

    func claims(fixture: String, step: Int) -> [StepClaim] { byFixture[fixture]?[step] ?? [] }
}

extension ReplayServer {
    func claims(_ request: JSONValue) -> [UInt8] {
        guard let fixture = request["fixture"]?.stringValue, let step = request["step"]?.intValue, let state = request["state"] else {
            return errorLine(#"claims needs a "fixture" string, a "step" index and a "state""#)
        }
        let claims = stateClaims.claims(fixture: fixture, step: Int(step))
        guard !claims.isEmpty else {
            return errorLine("fixture \(fixture) step \(step) has no state claims in this runner's scenarios — rebuild the runner")
        }
        var outcomes: [JSONValue] = []
        for claim in claims {
            guard let evaluate = claim.evaluate else { return errorLine("claim \"\(claim.says)\" has no predicate") }
            do {
                outcomes.append(ReplayProtocol.object([("holds", .bool(try evaluate(state))), ("says", .string(claim.says))]))
            } catch {
                return errorLine("fixture \(fixture) step \(step): the state does not decode for claim \"\(claim.says)\": \(error)")
            }
        }
        return line(ReplayProtocol.object([("claims", .array(outcomes))]))
    }
}
