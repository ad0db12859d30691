import Duet

/// What a fixture document must hold to be replayed, checked on what both fixture readers can see
/// cheaply: a leaf needs `feature`, `initialState` and a non-empty `steps`, each step an `action`
/// with a `case`, an `expectedState` and `expectedEffects`; a chain needs `initialStates` and each
/// step's `node` among them; `dialect` is 1, 2 or absent.
///
/// ```swift
/// if let problem = fixture.outline.problem(fixture: fixture.name) { throw problem }   // path + what is missing
/// ```
public struct FixtureOutline: Sendable, Equatable {
    public struct Step: Sendable, Equatable {
        public var actionCase: String?
        public var hasExpectedState: Bool
        public var node: String?
        public init(actionCase: String?, hasExpectedState: Bool, node: String?) {
            self.actionCase = actionCase; self.hasExpectedState = hasExpectedState; self.node = node
        }
    }

    public var isChain: Bool
    public var feature: String?
    public var hasInitialState: Bool
    /// The keys of `initialStates`, nil when it is absent.
    public var nodes: [String]?
    public var dialect: Int?
    /// nil when the document has no `steps` key.
    public var steps: [Step]?

    public init(isChain: Bool, feature: String?, hasInitialState: Bool, nodes: [String]?, dialect: Int?, steps: [Step]?) {
        self.isChain = isChain; self.feature = feature; self.hasInitialState = hasInitialState; self.nodes = nodes
        self.dialect = dialect; self.steps = steps
    }

    public static let dialects = [1, 2]

    /// The first thing missing or wrong, at the path where it belongs (`steps[2]`, `initialStates`), or nil.
    public func problem(fixture name: String) -> FixtureShapeError? {
        func refuse(_ path: String, _ message: String) -> FixtureShapeError { FixtureShapeError(fixture: name, path: path, message: message) }
        if let dialect, !Self.dialects.contains(dialect) {
            return refuse("dialect", "dialect \(dialect) is not one this duet reads (1, 2, or no dialect key)")
        }
        if isChain {
            guard let nodes else { return refuse("", "a chain fixture needs \"initialStates\" (one state per node)") }
            guard let steps, !steps.isEmpty else { return refuse(self.steps == nil ? "" : "steps", "a chain fixture needs a non-empty \"steps\"") }
            for (index, step) in steps.enumerated() {
                if let problem = actionProblem(step, index, refuse) { return problem }
                guard let node = step.node else { return refuse("steps[\(index)]", "a chain step needs a \"node\"") }
                guard nodes.contains(node) else {
                    return refuse("steps[\(index)].node", "node \"\(node)\" has no state in \"initialStates\" (nodes: \(nodes.joined(separator: ", ")))")
                }
            }
            return nil
        }
        guard feature != nil else { return refuse("", "a fixture needs \"feature\" (or \"chain\" and \"initialStates\" for a chain fixture)") }
        guard hasInitialState else { return refuse("", "a fixture needs \"initialState\"") }
        guard let steps, !steps.isEmpty else { return refuse(self.steps == nil ? "" : "steps", "a fixture needs a non-empty \"steps\"") }
        for (index, step) in steps.enumerated() {
            if let problem = actionProblem(step, index, refuse) { return problem }
            guard step.hasExpectedState else { return refuse("steps[\(index)]", "a step needs an \"expectedState\"") }
        }
        return nil
    }

    private func actionProblem(_ step: Step, _ index: Int, _ refuse: (String, String) -> FixtureShapeError) -> FixtureShapeError? {
        step.actionCase == nil ? refuse("steps[\(index)].action", "an action needs a \"case\" naming it, e.g. {\"case\":\"increment\"}") : nil
    }
}

extension Fixture {
    /// The outline of this document, for `FixtureOutline.problem`.
    public var outline: FixtureOutline {
        func present(_ value: JSONValue?) -> Bool { if let value, case .null = value { return false }; return value != nil }
        return FixtureOutline(isChain: isChain, feature: feature, hasInitialState: present(initialState),
                              nodes: initialStates.map { $0.members.map(\.key) }, dialect: dialect,
                              steps: stepsOmitted ? nil : steps.map { step in
            FixtureOutline.Step(actionCase: step.action["case"]?.stringValue, hasExpectedState: present(step.expectedState), node: step.node)
        })
    }
}
