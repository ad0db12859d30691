import Duet
import DuetFixtures

/// A seeded generator of realistic synthetic corpora: features with L0 fields (path, slot, tabs,
/// stage) and islands, scenarios of three branches sharing a prefix, states of a few hundred bytes
/// to a few kilobytes, guarded no-op steps, effects. Same shape and seed → same fixtures, byte for byte.
///
/// ```swift
/// let synthetic = SyntheticCorpus(shape: .init(features: 16, fixturesPerFeature: 60, stepsPerFixture: 40, seed: 7))
/// try corpus.setStructures(synthetic.structures(), origin: "synthetic")
/// try synthetic.forEachFixture { try write($0.document.prettyBytes, …) }   // 38,400 steps
/// ```
public struct SyntheticCorpus: Sendable {
    public struct Shape: Sendable, Equatable {
        public var features: Int
        public var fixturesPerFeature: Int
        public var stepsPerFixture: Int
        public var seed: UInt64
        /// The most list items a state holds (each ~150 bytes compact): 10 gives states of ~1 KB
        /// compact (~2.2 KB of pretty file per step); 1 gives ~0.9 KB of pretty file per step, as
        /// the reference app's fixtures.
        public var maximumItems: Int
        public init(features: Int = 16, fixturesPerFeature: Int = 60, stepsPerFixture: Int = 40, seed: UInt64 = 1,
                    maximumItems: Int = 10) {
            self.features = features; self.fixturesPerFeature = fixturesPerFeature
            self.stepsPerFixture = stepsPerFixture; self.seed = seed
            self.maximumItems = max(0, maximumItems)
        }
        /// About `steps` steps in 16 features of 40-step fixtures.
        public static func approximately(steps: Int, seed: UInt64 = 1, maximumItems: Int = 10) -> Shape {
            Shape(features: 16, fixturesPerFeature: max(1, steps / (16 * 40)), stepsPerFixture: 40, seed: seed, maximumItems: maximumItems)
        }
    }

    public let shape: Shape
    public init(shape: Shape) { self.shape = shape }

    public var totalSteps: Int { shape.features * shape.fixturesPerFeature * shape.stepsPerFixture }

    public func featureName(_ index: Int) -> String { "f" + String(index + 100).dropFirst() }

    /// The structure each synthetic feature would `describe`.
    public func structures() -> [FeatureStructure] {
        (0..<shape.features).map { SyntheticFeature(index: $0, name: featureName($0), maximumItems: shape.maximumItems).structure }
    }

    /// Every fixture, feature by feature, generated on demand (bounded memory).
    public func forEachFixture(_ body: (Fixture) throws -> Void) rethrows {
        for feature in 0..<shape.features {
            for index in 0..<shape.fixturesPerFeature { try body(fixture(feature: feature, index: index)) }
        }
    }

    /// Fixture `index` of feature `feature`: scenario `index / 3`, branch `index % 3`; branches of a
    /// scenario share their first 60% of steps.
    public func fixture(feature: Int, index: Int) -> Fixture {
        let model = SyntheticFeature(index: feature, name: featureName(feature), maximumItems: shape.maximumItems)
        let scenario = index / 3, branch = index % 3
        var prefixRandom = SyntheticRandom(seed: shape.seed, UInt64(feature), UInt64(scenario))
        var state = model.initialState(variant: prefixRandom.below(3), random: &prefixRandom)
        let initial = state.json
        let prefix = shape.stepsPerFixture * 6 / 10
        var branchRandom = SyntheticRandom(seed: shape.seed, UInt64(feature), UInt64(scenario), UInt64(branch) &+ 1)
        var steps: [FixtureStep] = []
        steps.reserveCapacity(shape.stepsPerFixture)
        for step in 0..<shape.stepsPerFixture {
            let (action, effects) = step < prefix ? model.advance(&state, random: &prefixRandom) : model.advance(&state, random: &branchRandom)
            steps.append(FixtureStep(label: "\(step < prefix ? "" : "branch b\(branch) › ")\(action["case"]?.stringValue ?? "")",
                                     line: 20 + step * 3, action: action, expectedState: state.json, expectedEffects: .array(effects)))
        }
        return Fixture(name: "\(model.name).s\(scenario).b\(branch)", feature: model.name, dialect: 2,
                       description: "Synthetic scenario \(scenario) of \(model.name), branch \(branch).",
                       scenarioSource: "Tests/Synthetic/\(model.name.uppercased())Scenarios.swift", scenarioBranch: "b\(branch)",
                       initialState: initial, steps: steps)
    }
}
