import Duet
import DuetFixtures
import DuetRunner

/// Pipelined replay of leaf fixtures through one session, with restart on runner failure.
struct LeafPipeline {
    let session: ReplaySession
    let window: Int
    let fixtures: [Fixture]

    func run(_ indices: [Int], report: (Int, FixtureResult) -> Void) {
        var prepared: [Int: Result<[PreparedStep], FixtureFailure>] = [:]
        var decided = Set<Int>()
        var remaining = indices
        while !remaining.isEmpty {
            guard let client = try? session.client() else { return }
            var inflight: [(fixture: Int, step: Int)] = []
            var inflightHead = 0
            var position = 0, nextStep = 0
            attempt: while true {
                while inflight.count - inflightHead < window && position < remaining.count {
                    let index = remaining[position]
                    if decided.contains(index) { position += 1; nextStep = 0; continue }
                    let steps: [PreparedStep]
                    switch prepared[index] ?? prepare(index) {
                    case .success(let ready): prepared[index] = .success(ready); steps = ready
                    case .failure(let failure):
                        prepared[index] = .failure(failure)
                        if decided.insert(index).inserted { report(index, .failed(fixtures[index].name, stepsRun: 0, failure)) }
                        position += 1; nextStep = 0; continue
                    }
                    if steps.isEmpty {
                        if decided.insert(index).inserted { report(index, .passed(fixtures[index].name, steps: 0)) }
                        position += 1; nextStep = 0; continue
                    }
                    let state = nextStep == 0 ? fixtures[index].initialState!.canonicalBytes : steps[nextStep - 1].state
                    client.send(ReplayProtocol.reduceRequest(feature: fixtures[index].feature ?? "", state: state, action: steps[nextStep].action))
                    inflight.append((index, nextStep))
                    nextStep += 1
                    if nextStep == steps.count { position += 1; nextStep = 0 }
                }
                guard inflightHead < inflight.count else { break attempt }
                let (index, step) = inflight[inflightHead]
                inflightHead += 1
                if inflightHead > 4096 { inflight.removeFirst(inflightHead); inflightHead = 0 }
                let fixture = fixtures[index]
                let outcome: ReduceOutcome
                do {
                    outcome = try client.reduceOutcome(client.response(waitingFor: "reduce \(fixture.feature ?? "") (\(fixture.name) step \(step))"))
                } catch {
                    if decided.insert(index).inserted {
                        report(index, .failed(fixture.name, stepsRun: step, fixture.failure(.runner, step: step, message: error.description)))
                    }
                    session.runnerFailed(error)
                    break attempt
                }
                if decided.contains(index) { continue }
                guard case .success(let steps) = prepared[index] else { continue }
                if let failure = check(outcome, fixture: fixture, step: step, expected: steps[step]) {
                    decided.insert(index)
                    prepared[index] = nil
                    session.fixtureAnswered()
                    report(index, .failed(fixture.name, stepsRun: step, failure))
                } else if step == steps.count - 1 {
                    decided.insert(index)
                    prepared[index] = nil
                    session.fixtureAnswered()
                    report(index, .passed(fixture.name, steps: steps.count))
                }
            }
            remaining.removeAll { decided.contains($0) }
        }
    }

    private func prepare(_ index: Int) -> Result<[PreparedStep], FixtureFailure> {
        let fixture = fixtures[index]
        guard fixture.feature != nil, fixture.initialState != nil else {
            return .failure(FixtureFailure(kind: .malformed, message: "leaf fixture without feature or initialState — re-import or re-record it"))
        }
        var steps: [PreparedStep] = []
        steps.reserveCapacity(fixture.steps.count)
        for (offset, step) in fixture.steps.enumerated() {
            guard let state = step.expectedState else {
                return .failure(fixture.failure(.malformed, step: offset, message: "leaf step without expectedState — re-record the fixture"))
            }
            steps.append(PreparedStep(action: step.action.canonicalBytes, state: state.canonicalBytes, effects: step.expectedEffects.canonicalBytes))
        }
        return .success(steps)
    }

    private func check(_ outcome: ReduceOutcome, fixture: Fixture, step: Int, expected: PreparedStep) -> FixtureFailure? {
        switch outcome {
        case .refused(let message):
            return fixture.failure(.refused, step: step, message: "runner refused the step: \(message)")
        case .reduced(let state, let effects):
            let recorded = fixture.steps[step]
            if let divergence = StepComparison.divergence(expected: expected.state, expectedValue: recorded.expectedState!, actual: state) {
                var failure = fixture.failure(.state, step: step, divergence: divergence, message: "state diverged")
                failure.actualState = state
                return failure
            }
            if let divergence = StepComparison.divergence(expected: expected.effects, expectedValue: recorded.expectedEffects, actual: effects) {
                return fixture.failure(.effects, step: step, divergence: divergence, message: "effects diverged")
            }
            return nil
        }
    }
}
