import Duet

/// One labelled action at a source line, with what its label claims.
public struct ScenarioStep: Sendable, Equatable {
    public var label: String
    public var line: Int
    public var action: JSONValue
    public var claims: [StepClaim]
    public init(label: String, line: Int, action: JSONValue, claims: [StepClaim] = []) {
        self.label = label; self.line = line; self.action = action; self.claims = claims
    }
}

/// A static branch: every branch always runs; nested branches allowed.
public struct ScenarioBranch: Sendable, Equatable {
    /// Slugged into the fixture name; prefixes the branch's step labels as `name › label`.
    public var name: String
    public var steps: [ScenarioStep]
    public var branches: [ScenarioBranch]
    public init(name: String, steps: [ScenarioStep], branches: [ScenarioBranch] = []) { self.name = name; self.steps = steps; self.branches = branches }
}

/// A feature scenario as data. Each root-to-leaf path compiles to one fixture named
/// `<fixture>` (no branches) or `<fixture>.<branch-slug>…`. Built by `Scenario`.
public struct ScenarioDefinition: Sendable, Equatable {
    public var feature: String
    /// The fixture base name, e.g. `timeline` or `timeline.deep-link`.
    public var fixture: String
    public var description: String
    /// The scenario file relative to the package: `Sources/MemoryLane/Timeline/TimelineScenarios.swift`.
    public var source: String
    public var initialState: JSONValue
    public var steps: [ScenarioStep]
    public var branches: [ScenarioBranch]
    public init(feature: String, fixture: String, description: String, source: String, initialState: JSONValue, steps: [ScenarioStep], branches: [ScenarioBranch] = []) {
        self.feature = feature; self.fixture = fixture; self.description = description; self.source = source
        self.initialState = initialState; self.steps = steps; self.branches = branches
    }
}

/// A compiled root-to-leaf path of a scenario (not yet reduced).
public struct ScenarioPath: Sendable, Equatable {
    /// The full fixture name: `counter-endings.changes-its-mind`.
    public var fixture: String
    /// `a.b` (dotted slugs) for nested branches; nil when none.
    public var branch: String?
    /// Shared prefix then branch steps, labels prefixed with the branch names.
    public var steps: [ScenarioStep]
    public init(fixture: String, branch: String?, steps: [ScenarioStep]) {
        self.fixture = fixture; self.branch = branch; self.steps = steps
    }
}
