import Duet
import DuetFixtures

/// Replays one chain fixture: one actual state per node, effects gated, recorded states gated,
/// and every `linkToNext` seam checked against the next step's action.
struct ChainReplay {
    let session: ReplaySession
    let fixture: Fixture

    func run() -> FixtureResult {
        guard let initialStates = fixture.initialStates else {
            return .failed(fixture.name, stepsRun: 0, FixtureFailure(kind: .malformed, message: "chain fixture without initialStates — re-import or re-record it"))
        }
        var states: [String: [UInt8]] = [:]
        for member in initialStates.members { states[member.key] = member.value.canonicalBytes }
        for (index, step) in fixture.steps.enumerated() {
            guard let node = step.node, let state = states[node] else {
                return .failed(fixture.name, stepsRun: index, fixture.failure(.malformed, step: index,
                    message: "step names node \(step.node ?? "(none)") which has no entry in initialStates"))
            }
            let outcome: ReduceOutcome
            do {
                outcome = try session.client().reduce(feature: node, state: state, action: step.action.canonicalBytes)
            } catch {
                session.runnerFailed(error)
                return .failed(fixture.name, stepsRun: index, fixture.failure(.runner, step: index, message: error.description))
            }
            guard case .reduced(let actualState, let actualEffects) = outcome else {
                if case .refused(let message) = outcome {
                    session.fixtureAnswered()
                    return .failed(fixture.name, stepsRun: index, fixture.failure(.refused, step: index, message: "runner refused the step: \(message)"))
                }
                continue
            }
            if let failure = check(step: index, state: actualState, effects: actualEffects) {
                session.fixtureAnswered()
                return .failed(fixture.name, stepsRun: index, failure)
            }
            states[node] = actualState
        }
        session.fixtureAnswered()
        return .passed(fixture.name, steps: fixture.steps.count)
    }

    private func check(step index: Int, state: [UInt8], effects: [UInt8]) -> FixtureFailure? {
        let step = fixture.steps[index]
        if let divergence = StepComparison.divergence(expected: step.expectedEffects.canonicalBytes, expectedValue: step.expectedEffects, actual: effects) {
            return fixture.failure(.effects, step: index, divergence: divergence, message: "effects diverged")
        }
        if let expected = step.expectedState,
           let divergence = StepComparison.divergence(expected: expected.canonicalBytes, expectedValue: expected, actual: state) {
            return fixture.failure(.state, step: index, divergence: divergence, message: "state diverged")
        }
        guard step.linkToNext == true else { return nil }
        guard index + 1 < fixture.steps.count else {
            return fixture.failure(.malformed, step: index, message: "linkToNext on the last step: there is no next action to link to")
        }
        let actualEffects = (try? CanonicalJSON.parse(effects)) ?? .array([])
        if let divergence = StepComparison.linkDivergence(effects: actualEffects, nextAction: fixture.steps[index + 1].action) {
            return fixture.failure(.link, step: index, divergence: divergence, message: "the last effect payload is not the next step's action")
        }
        return nil
    }
}
