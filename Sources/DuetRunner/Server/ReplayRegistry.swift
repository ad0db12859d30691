// A runner executable is a few lines:
//
//     import DuetRunner, MemoryLane
//     var registry = ReplayRegistry(platform: "swift")
//     registry.register(Timeline.self)                  // any `Feature`
//     registry.addScenarios(MemoryLaneScenarios.all)    // [ScenarioDefinition]
//     registry.addChains(MemoryLaneScenarios.chains)    // [ChainDefinition]
//     ReplayServer(registry).serve()                    // stdin/stdout JSON lines until exit/EOF

import Duet
import DuetScenarios

/// The features, scenarios and chains a runner serves over the replay protocol, and the seams
/// between the features (`describe` lists each on its parent).
///
/// ```swift
/// var registry = ReplayRegistry(platform: "swift")
/// registry.register(Counter.self)
/// registry.addScenarios([counterScenario.definition])
/// ```
public struct ReplayRegistry {
    public let platform: String
    private(set) var features: [String: ServedFeature] = [:]
    public private(set) var scenarios: [ScenarioDefinition] = []
    public private(set) var chains: [ChainDefinition] = []
    public private(set) var seams: [Seam] = []

    public init(platform: String) { self.platform = platform }

    /// Feature names, sorted by UTF-8 bytes (as the handshake lists them).
    public var featureNames: [String] {
        features.keys.sorted(by: CanonicalOrder.precedes)
    }

    /// Serves `feature`. `describe` answers the `describe` op for it (omit it and the kernel's
    /// `describe(F.self)` does); `restore` rebuilds a state from a
    /// spine (omit it: a `Restorable` feature restores itself, any other feature overlays the
    /// spine on the request's `base`, else on its `initialState` — see `SpineOverlay`).
    public mutating func register<F: Feature>(
        _ feature: F.Type,
        describe: (() -> FeatureStructure)? = nil,
        restore: ((JSONValue) throws -> F.State)? = nil
    ) {
        features[F.name] = ServedFeature(F.self, describe: describe, restore: restore)
    }

    public mutating func addScenarios(_ definitions: [ScenarioDefinition]) { scenarios += definitions }
    public mutating func addChains(_ definitions: [ChainDefinition]) { chains += definitions }
    /// The seams between registered features, e.g. `[MainNav.capture.seam]`.
    public mutating func addSeams(_ declared: [Seam]) { seams += declared }

    func feature(named name: String) -> ServedFeature? { features[name] }

    /// One `reduce` in process, exactly as the server answers it: canonical state and effects.
    ///
    /// ```swift
    /// let (state, effects) = try registry.reduce(feature: "tally", state: stateTree, action: actionTree)
    /// ```
    public func reduce(feature name: String, state: JSONValue, action: JSONValue) throws -> (state: [UInt8], effects: [UInt8]) {
        guard let feature = features[name] else { throw ReplayRequestError(op: "reduce", message: "unknown feature \"\(name)\"") }
        return try feature.reduce(state, action)
    }

    /// The state `restore` starts from when the feature has no restore of its own and the
    /// request brings no base: the feature's initial state, as in the Kotlin flavor.
    func baseState(for feature: String) -> JSONValue {
        features[feature]?.initialState ?? .object(JSONObject())
    }

    /// What `describe` answers for `name`: its structure, how it restores and the seams it is the parent of.
    func describe(_ name: String) throws -> FeatureStructure? {
        guard let feature = features[name] else { return nil }
        var structure = try feature.describe()
        structure.restore = structure.restore ?? (feature.restore == nil ? "overlay" : "custom")
        if structure.seams == nil {
            structure.seams = seams.filter { $0.parent == name }.map { SeamDescription(child: $0.child, placement: $0.placement) }
                .sorted { ($0.child, $0.placement) < ($1.child, $1.placement) }
        }
        return structure
    }
}
