// PUBLIC API CONTRACT OF THE SCENARIO DSL — the kernel owner replaces the stubs with the real
// DSL (typed builders over `Feature`) that produces these data values. DuetReplay's `scenarios`
// op serializes `ScenarioDefinition`s; `duet record` drives them. Keep these shapes.

import Duet

/// One labelled action at a source line.
public struct ScenarioStep: Sendable, Equatable {
    public var label: String
    public var line: Int
    public var action: JSONValue
    public init(label: String, line: Int, action: JSONValue) { self.label = label; self.line = line; self.action = action }
}

/// A static branch: every branch always runs; nested branches allowed.
public struct ScenarioBranch: Sendable, Equatable {
    public var name: String          // slugged into the fixture name
    public var steps: [ScenarioStep]
    public var branches: [ScenarioBranch]
    public init(name: String, steps: [ScenarioStep], branches: [ScenarioBranch] = []) { self.name = name; self.steps = steps; self.branches = branches }
}

/// A feature scenario as data. Each root-to-leaf path compiles to one fixture named
/// `<fixture>` (no branches) or `<fixture>.<branch-slug>…`.
public struct ScenarioDefinition: Sendable, Equatable {
    public var feature: String
    /// The fixture base name, e.g. `timeline` or `timeline.deep-link`.
    public var fixture: String
    public var description: String
    public var source: String
    public var initialState: JSONValue
    public var steps: [ScenarioStep]
    public var branches: [ScenarioBranch]
    public init(feature: String, fixture: String, description: String, source: String, initialState: JSONValue, steps: [ScenarioStep], branches: [ScenarioBranch] = []) {
        self.feature = feature; self.fixture = fixture; self.description = description; self.source = source
        self.initialState = initialState; self.steps = steps; self.branches = branches
    }
}

/// A chain scenario pins a composition seam: one state per node (feature name).
public struct ChainStep: Sendable, Equatable {
    public var node: String
    public var label: String
    public var line: Int
    public var action: JSONValue
    /// This step's last effect payload must equal the next step's action.
    public var linkToNext: Bool
    public init(node: String, label: String, line: Int, action: JSONValue, linkToNext: Bool = false) {
        self.node = node; self.label = label; self.line = line; self.action = action; self.linkToNext = linkToNext
    }
}
public struct ChainDefinition: Sendable, Equatable {
    /// Fixture file `chain-<chain>.fixture.json`.
    public var chain: String
    public var description: String
    public var source: String
    public var initialStates: [String: JSONValue]
    public var steps: [ChainStep]
    public init(chain: String, description: String, source: String, initialStates: [String: JSONValue], steps: [ChainStep]) {
        self.chain = chain; self.description = description; self.source = source; self.initialStates = initialStates; self.steps = steps
    }
}

/// A compiled root-to-leaf path of a scenario (not yet reduced).
public struct ScenarioPath: Sendable, Equatable {
    public var fixture: String         // full fixture name
    public var branch: String?         // `a.b` for nested branches; nil when none
    public var steps: [ScenarioStep]
}

extension ScenarioDefinition {
    /// Every root-to-leaf path, in declaration order.
    public func paths() -> [ScenarioPath] { fatalError("stub") }
}
