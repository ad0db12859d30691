import Duet

/// A typed scenario of one feature: compiles to a `ScenarioDefinition` (data), one fixture per
/// root-to-leaf path.
///
/// ```swift
/// let scenario = Scenario(Counter.self, "counter-endings", "Shared prefix with two endings", initial: .init()) {
///     Step("increment", .increment)
///     Branch("keeps counting") { Step("increment again", .increment) }
///     Branch("changes its mind") { Step("decrement", .decrement) }
/// }
/// scenario.definition.paths().map(\.fixture)   // counter-endings.keeps-counting, counter-endings.changes-its-mind
/// ```
public struct Scenario<F: Feature> {
    public var fixture: String
    public var description: String
    /// Relative to the package (see `ScenarioSource`).
    public var source: String
    public var initialState: F.State
    public var items: [ScenarioItem<F>]

    public init(_ feature: F.Type, _ fixture: String, _ description: String, initial: F.State,
                file: String = #filePath, @ScenarioBuilder<F> _ content: () -> [ScenarioItem<F>]) {
        self.fixture = fixture; self.description = description
        self.source = ScenarioSource.relativePath(file)
        self.initialState = initial; self.items = content()
    }

    /// The scenario as data, actions and initial state encoded canonically.
    /// A value the dialect refuses (a `Double`, say) is a programming error and traps with its step.
    public var definition: ScenarioDefinition {
        do { return try makeDefinition() } catch { preconditionFailure("\(error)") }
    }

    /// The scenario as data; throws `ScenarioEncodingError` naming the step that cannot be encoded.
    public func makeDefinition() throws -> ScenarioDefinition {
        let encoder = CanonicalEncoder()
        let initial: JSONValue
        do { initial = try encoder.encode(initialState) } catch {
            throw ScenarioEncodingError(source: source, line: nil, what: "initial state of \(fixture)", reason: "\(error)")
        }
        let (steps, branches) = try compile(items, encoder: encoder)
        return ScenarioDefinition(feature: F.name, fixture: fixture, description: description, source: source,
                                  initialState: initial, steps: steps, branches: branches)
    }

    private func compile(_ items: [ScenarioItem<F>], encoder: CanonicalEncoder) throws -> ([ScenarioStep], [ScenarioBranch]) {
        var steps: [ScenarioStep] = []
        var branches: [ScenarioBranch] = []
        for item in items {
            switch item {
            case .step(let step):
                guard branches.isEmpty else {
                    throw ScenarioEncodingError(source: source, line: step.line, what: "step \"\(step.label)\"",
                                                reason: "a step follows a branch; move it before the branches or into each branch")
                }
                do {
                    steps.append(ScenarioStep(label: step.label, line: step.line, action: try encoder.encode(step.action),
                                              claims: step.claims.map(\.claim)))
                } catch {
                    throw ScenarioEncodingError(source: source, line: step.line, what: "action of step \"\(step.label)\"", reason: "\(error)")
                }
            case .branch(let branch):
                let (nestedSteps, nestedBranches) = try compile(branch.items, encoder: encoder)
                branches.append(ScenarioBranch(name: branch.name, steps: nestedSteps, branches: nestedBranches))
            }
        }
        return (steps, branches)
    }
}

/// A scenario value the dialect cannot encode, or a scenario body out of shape.
public struct ScenarioEncodingError: Error, Sendable, CustomStringConvertible {
    public var source: String
    public var line: Int?
    public var what: String
    public var reason: String
    public var description: String { "\(source)\(line.map { ":\($0)" } ?? ""): \(what): \(reason)" }
}
