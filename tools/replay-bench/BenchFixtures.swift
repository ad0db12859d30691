import Duet
import DuetReplay
import DuetFixtures
import DuetRunner

/// Leaf fixtures recorded in process from a registry's scenarios, repeated to a step budget.
enum BenchFixtures {
    static func make(from registry: ReplayRegistry, steps budget: Int) -> [Fixture] {
        var recorded: [Fixture] = []
        for scenario in registry.scenarios {
            for path in scenario.paths() {
                var state = scenario.initialState
                var steps: [FixtureStep] = []
                for step in path.steps {
                    guard let (stateBytes, effectBytes) = try? registry.reduce(feature: scenario.feature, state: state, action: step.action),
                          let next = try? CanonicalJSON.parse(stateBytes), let effects = try? CanonicalJSON.parse(effectBytes) else { break }
                    steps.append(FixtureStep(label: step.label, line: step.line, action: step.action, expectedState: next, expectedEffects: effects))
                    state = next
                }
                guard !steps.isEmpty else { continue }
                recorded.append(Fixture(name: path.fixture, feature: scenario.feature, dialect: 2, description: scenario.description,
                                        scenarioSource: scenario.source, scenarioBranch: path.branch,
                                        initialState: scenario.initialState, steps: steps))
            }
        }
        precondition(!recorded.isEmpty, "no scenario could be recorded in process")
        var fixtures: [Fixture] = []
        var total = 0, round = 0
        while total < budget {
            for var fixture in recorded where total < budget {
                fixture.name += "#\(round)"
                total += fixture.steps.count
                fixtures.append(fixture)
            }
            round += 1
        }
        return fixtures
    }
}
