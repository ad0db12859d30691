import Duet
import DuetScenarios
import DuetFixtures

/// Drives a runner's scenarios through `reduce` and turns them into dialect-2 fixtures.
///
/// ```swift
/// let session = ReplaySession(command: "./memorylane-runner")
/// let scenarios = try session.client().scenarios().get()
/// let recording = ScenarioRecorder(session: session).record(scenarios, selection: .init(feature: "timeline"))
/// recording.fixtures    // one per scenario leaf (branches expanded) and one per chain
/// ```
public struct ScenarioRecorder {
    public let session: ReplaySession

    public init(session: ReplaySession) { self.session = session }

    public func record(_ scenarios: RunnerScenarios, selection: RecordSelection = RecordSelection()) -> Recording {
        var recording = Recording()
        for scenario in scenarios.scenarios where selection.feature.map({ $0 == scenario.feature }) ?? true {
            for path in scenario.paths() where selection.matches(fixture: path.fixture, base: scenario.fixture) {
                guard session.endedBy == nil else { recording.notRun.append(path.fixture); continue }
                switch record(path, of: scenario) {
                case .success(let fixture): recording.fixtures.append(fixture)
                case .failure(let failure): recording.failures.append(.failed(path.fixture, stepsRun: failure.step ?? 0, failure))
                }
            }
        }
        for chain in scenarios.chains {
            let name = "chain-" + chain.chain
            guard selection.feature.map({ feature in chain.steps.contains { $0.node == feature } }) ?? true,
                  selection.matches(fixture: name, base: name) else { continue }
            guard session.endedBy == nil else { recording.notRun.append(name); continue }
            switch record(chain, named: name) {
            case .success(let fixture): recording.fixtures.append(fixture)
            case .failure(let failure): recording.failures.append(.failed(name, stepsRun: failure.step ?? 0, failure))
            }
        }
        return recording
    }

    private func record(_ path: ScenarioPath, of scenario: ScenarioDefinition) -> Result<Fixture, FixtureFailure> {
        var state = scenario.initialState.canonicalBytes
        var steps: [FixtureStep] = []
        for (index, step) in path.steps.enumerated() {
            let reduced = reduce(feature: scenario.feature, state: state, step: index, label: step.label, action: step.action,
                                 source: "\(scenario.source):\(step.line)")
            guard case .success(let (newState, effects)) = reduced else {
                if case .failure(let failure) = reduced { return .failure(failure) }
                continue
            }
            if !step.claims.isEmpty, let failure = claimFailure(RecordedStep(
                fixture: path.fixture, index: index, step: step, source: "\(scenario.source):\(step.line)",
                before: state, after: newState, effects: effects)) {
                if failure.kind != .runner { session.fixtureAnswered() }
                return .failure(failure)
            }
            state = newState
            steps.append(FixtureStep(label: step.label, line: step.line, action: step.action,
                                     expectedState: (try? CanonicalJSON.parse(newState)) ?? .null,
                                     expectedEffects: (try? CanonicalJSON.parse(effects)) ?? .array([])))
        }
        session.fixtureAnswered()
        return .success(Fixture(name: path.fixture, feature: scenario.feature, dialect: 2, description: scenario.description,
                                scenarioSource: scenario.source, scenarioBranch: path.branch,
                                initialState: scenario.initialState, steps: steps))
    }

    private func record(_ chain: ChainDefinition, named name: String) -> Result<Fixture, FixtureFailure> {
        var states = chain.initialStates.mapValues(\.canonicalBytes)
        var steps: [FixtureStep] = []
        for (index, step) in chain.steps.enumerated() {
            guard let state = states[step.node] else {
                return .failure(FixtureFailure(kind: .malformed, step: index, label: step.label, node: step.node,
                                               message: "node \(step.node) has no initial state in chain \(chain.chain)",
                                               source: "\(chain.source):\(step.line)"))
            }
            let reduced = reduce(feature: step.node, state: state, step: index, label: step.label, action: step.action,
                                 source: "\(chain.source):\(step.line)")
            guard case .success(let (newState, effects)) = reduced else {
                if case .failure(let failure) = reduced { return .failure(failure) }
                continue
            }
            states[step.node] = newState
            steps.append(FixtureStep(node: step.node, label: step.label, line: step.line, action: step.action, expectedState: nil,
                                     expectedEffects: (try? CanonicalJSON.parse(effects)) ?? .array([]),
                                     linkToNext: step.linkToNext ? true : nil))
        }
        var initialStates = JSONObject()
        for (node, state) in chain.initialStates { initialStates[node] = state }
        session.fixtureAnswered()
        return .success(Fixture(name: name, chain: chain.chain, dialect: 2, description: chain.description,
                                scenarioSource: chain.source, initialStates: initialStates, steps: steps))
    }

    private func reduce(feature: String, state: [UInt8], step: Int, label: String, action: JSONValue, source: String)
        -> Result<([UInt8], [UInt8]), FixtureFailure> {
        let failure = { (kind: FixtureFailure.Kind, message: String) in
            FixtureFailure(kind: kind, step: step, label: label, action: action.canonicalString, message: message, source: source)
        }
        do {
            switch try session.client().reduce(feature: feature, state: state, action: action.canonicalBytes) {
            case .reduced(let state, let effects): return .success((state, effects))
            case .refused(let message):
                session.fixtureAnswered()
                return .failure(failure(.refused, "runner refused the step: \(message)"))
            }
        } catch {
            session.runnerFailed(error)
            return .failure(failure(.runner, error.description))
        }
    }
}

/// Which scenarios to record: all, one feature's, or one fixture (a leaf name or a scenario's base name).
public struct RecordSelection: Sendable {
    public var feature: String?
    public var fixture: String?
    public init(feature: String? = nil, fixture: String? = nil) { self.feature = feature; self.fixture = fixture }

    func matches(fixture name: String, base: String) -> Bool {
        guard let fixture else { return true }
        return fixture == name || fixture == base
    }
}

/// What a recording produced.
public struct Recording: Sendable {
    public var fixtures: [Fixture] = []
    /// Scenarios that could not be recorded (runner refused a step, runner failure).
    public var failures: [FixtureResult] = []
    /// Scenarios skipped because the runner kept failing.
    public var notRun: [String] = []
    public init() {}
}
