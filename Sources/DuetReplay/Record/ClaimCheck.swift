import Duet
import DuetScenarios
import DuetRunner

/// Recording checks what each step's label claims: `.inert` from the recorded bytes, `.state`
/// predicates by the runner that built the scenario (`claims` op), over the state just recorded.
extension ScenarioRecorder {
    struct RecordedStep {
        var fixture: String
        var index: Int
        var step: ScenarioStep
        var source: String
        var before: [UInt8]
        var after: [UInt8]
        var effects: [UInt8]
    }

    /// nil when every claim of the step holds.
    func claimFailure(_ recorded: RecordedStep) -> FixtureFailure? {
        let step = recorded.step
        func failure(_ message: String, _ divergence: Divergence? = nil) -> FixtureFailure {
            FixtureFailure(kind: .claim, step: recorded.index, label: step.label, action: step.action.canonicalString,
                           divergence: divergence, message: message, source: recorded.source)
        }
        if step.claims.contains(where: { $0.kind == .inert }),
           let violation = InertViolation.of(before: recorded.before, after: recorded.after, effects: recorded.effects) {
            switch violation {
            case .stateChanged(let divergence): return failure("claims .inert, but the state changed", divergence)
            case .effects: return failure(violation.description)
            }
        }
        let stated = step.claims.filter { $0.kind == .state }
        guard !stated.isEmpty else { return nil }
        let answer: Result<[ClaimOutcome], ReplayRequestError>
        do {
            answer = try session.client().claims(fixture: recorded.fixture, step: recorded.index, state: recorded.after)
        } catch {
            session.runnerFailed(error)
            return FixtureFailure(kind: .runner, step: recorded.index, label: step.label, message: error.description, source: recorded.source)
        }
        switch answer {
        case .failure(let refusal):
            return FixtureFailure(kind: .refused, step: recorded.index, label: step.label,
                                  message: "runner could not check the step's claims: \(refusal.message)", source: recorded.source)
        case .success(let outcomes):
            guard outcomes.map(\.says) == stated.map(\.says) else {
                return failure("the runner judged claims \(outcomes.map(\.says)), not the step's \(stated.map(\.says))")
            }
            if let broken = outcomes.first(where: { !$0.holds }) {
                return failure("claims \"\(broken.says)\", which is false of the recorded state")
            }
            return nil
        }
    }
}
