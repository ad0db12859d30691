import Duet

/// One step of a chain scenario: an action sent to one node (feature name).
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

/// A chain scenario pins a composition seam: one state per node (feature name). Built by `Chain`.
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
