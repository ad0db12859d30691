import Duet

/// A fixture file as a value: a leaf fixture (`feature`, `initialState`, steps with
/// `expectedState`) or a chain fixture (`chain`, `initialStates`, steps with `node`).
///
/// ```swift
/// let fixture = try Fixture(name: "counter", document: CanonicalJSON.parse(bytes))
/// fixture.document.prettyBytes == bytes   // for every file the pinned writer produced
/// ```
public struct Fixture: Sendable, Equatable {
    /// The file name without `.fixture.json`: `counter-endings.keeps-counting`, `chain-ping-pong`.
    public var name: String
    public var feature: String?
    public var chain: String?
    /// nil for dialect 1 (no metadata).
    public var dialect: Int?
    public var description: String?
    public var scenarioSource: String?
    public var scenarioBranch: String?
    public var initialState: JSONValue?
    public var initialStates: JSONObject?
    public var steps: [FixtureStep]
    /// Keys this model does not know (top level and inside `scenario`), kept so export is byte-identical.
    public var extras: JSONObject
    public var scenarioExtras: JSONObject
    /// True for a document without a `steps` key (placeholder files), so export leaves it out too.
    public var stepsOmitted: Bool = false

    public var isChain: Bool { chain != nil || initialStates != nil }

    public init(name: String, feature: String? = nil, chain: String? = nil, dialect: Int? = nil, description: String? = nil,
                scenarioSource: String? = nil, scenarioBranch: String? = nil, initialState: JSONValue? = nil,
                initialStates: JSONObject? = nil, steps: [FixtureStep], extras: JSONObject = JSONObject(), scenarioExtras: JSONObject = JSONObject()) {
        self.name = name; self.feature = feature; self.chain = chain; self.dialect = dialect; self.description = description
        self.scenarioSource = scenarioSource; self.scenarioBranch = scenarioBranch; self.initialState = initialState
        self.initialStates = initialStates; self.steps = steps; self.extras = extras; self.scenarioExtras = scenarioExtras
    }
}

public struct FixtureStep: Sendable, Equatable {
    public var node: String?
    public var label: String?
    public var line: Int?
    public var action: JSONValue
    public var expectedState: JSONValue?
    /// The array of effects as recorded.
    public var expectedEffects: JSONValue
    public var linkToNext: Bool?
    public var extras: JSONObject
    public init(node: String? = nil, label: String? = nil, line: Int? = nil, action: JSONValue, expectedState: JSONValue?,
                expectedEffects: JSONValue, linkToNext: Bool? = nil, extras: JSONObject = JSONObject()) {
        self.node = node; self.label = label; self.line = line; self.action = action; self.expectedState = expectedState
        self.expectedEffects = expectedEffects; self.linkToNext = linkToNext; self.extras = extras
    }
}

/// A fixture document that does not have the fixture shape: where and what.
public struct FixtureShapeError: Error, Sendable, CustomStringConvertible {
    public var fixture: String
    public var path: String
    public var message: String
    public init(fixture: String, path: String, message: String) { self.fixture = fixture; self.path = path; self.message = message }
    public var description: String { "\(fixture): \(path.isEmpty ? "" : path + ": ")\(message)" }
}

extension Fixture {
    /// The state step `index` reduces from: the initial state for the first step, else the
    /// expected state of the step before. nil for chains (their steps record no state).
    ///
    /// ```swift
    /// JSONValue.differences(expected: fixture.stateBefore(step: 2)!, actual: fixture.steps[2].expectedState!)
    /// ```
    public func stateBefore(step index: Int) -> JSONValue? {
        index == 0 ? initialState : steps[index - 1].expectedState
    }
}
