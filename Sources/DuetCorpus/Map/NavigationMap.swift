import Duet

/// The app's navigation as its recorded behaviour proves it: per feature, the distinct L0 states
/// its snapshots hold (nodes, named by their kinds) and the action cases that move between them
/// (edges, weighted by the fixtures taking them); chains add the seams between features.
///
/// ```swift
/// let map = try corpus.navigationMap(feature: "mainnav")
/// map.features[0].nodes.map(\.id)        // ["tabs:myLane", "tabs:myLane · slot:capture", …]
/// map.features[0].edges.first?.verb      // "captureTapped"
/// ```
public struct NavigationMap: Sendable, Codable, Equatable {
    /// nil: the recorded map, marked with what each platform's latest full run showed; a platform:
    /// only the states and transitions that platform's latest full run showed.
    public var platform: String?
    /// The runs the platform marks come from, by platform; empty when no full verify run is stored.
    public var runs: [MapRun]
    /// Features with at least one L0 field, sorted.
    public var features: [FeatureMap]
    /// Where chain fixtures hand control from one feature to another, sorted.
    public var seams: [MapSeam]

    public init(platform: String? = nil, runs: [MapRun], features: [FeatureMap], seams: [MapSeam]) {
        self.platform = platform; self.runs = runs; self.features = features; self.seams = seams
    }

    public func feature(_ name: String) -> FeatureMap? { features.first { $0.feature == name } }
}

/// One feature's graph.
public struct FeatureMap: Sendable, Codable, Equatable {
    public var feature: String
    /// The L0 fields the node names are made of, in naming order (stage, tabs, path, slot).
    public var fields: [MapField]
    /// Leaf fixtures of the feature (the map is drawn from their snapshots).
    public var fixtures: Int
    /// Sorted by id.
    public var nodes: [MapNode]
    /// Sorted by from, to, verb.
    public var edges: [MapEdge]

    public init(feature: String, fields: [MapField], fixtures: Int, nodes: [MapNode], edges: [MapEdge]) {
        self.feature = feature; self.fields = fields; self.fixtures = fixtures; self.nodes = nodes; self.edges = edges
    }

    public func node(_ id: String) -> MapNode? { nodes.first { $0.id == id } }
}

public struct MapField: Sendable, Codable, Equatable {
    public var field: String
    public var primitive: Primitive
    /// The word a node name uses for this field: the primitive, or the field's name when the
    /// feature has two fields of that primitive.
    public var label: String
}

/// A distinct L0 state: which kind each L0 field shows (a path's entries bottom first).
public struct MapNode: Sendable, Codable, Equatable {
    /// `tabs:profile · slot:inviteCode`; `(root)` when no field shows a kind.
    public var id: String
    /// Kind ids as `field@depth=kind`, in naming order.
    public var kinds: [String]
    /// Fixtures holding a snapshot in this state.
    public var fixtures: Int
    /// Fixtures whose initial state is in this state.
    public var starts: Int
    /// Platforms whose latest full run showed this state; nil when no run is stored.
    public var platforms: [String]?
    /// False for a state only a platform's divergence reached (no fixture records it).
    public var recorded: Bool

    public static let rootID = "(root)"
}

/// An action case moving the feature from one L0 state to another.
public struct MapEdge: Sendable, Codable, Equatable {
    public var from: String
    public var to: String
    /// The action case.
    public var verb: String
    /// Fixtures taking this transition, and steps doing so.
    public var fixtures: Int
    public var steps: Int
    /// Platforms whose latest full run took it; nil when no run is stored.
    public var platforms: [String]?
    /// False for a transition only a platform's divergence took (no fixture records it).
    public var recorded: Bool
    /// Features whose seam delivers this action (a child's delegate case mapped onto it), sorted; nil when none.
    public var deliveredBy: [String]?

    public var key: String { "\(from) —\(verb)→ \(to)" }
}

/// Where a chain fixture moves from one feature to another.
public struct MapSeam: Sendable, Codable, Equatable {
    public enum Kind: String, Sendable, Codable {
        /// A `linkToNext` step: the child's last effect becomes the parent's action.
        case delegate
        /// The next step acts in another feature without a link: the first hands control to it.
        case handoff
    }
    public var kind: Kind
    public var from: String
    public var fromVerb: String
    public var to: String
    /// The action the parent receives (a delegate); nil for a hand-off, whose next action varies.
    public var toVerb: String?
    /// Chain fixtures holding this seam.
    public var chains: Int
    /// Platforms whose latest full run replayed past it; nil when no run is stored.
    public var platforms: [String]?

    public var key: String { "\(kind.rawValue) \(from).\(fromVerb) → \(to)" + (toVerb.map { ".\($0)" } ?? "") }
}

/// The run a platform's marks come from.
public struct MapRun: Sendable, Codable, Equatable {
    public var platform: String
    public var startedAt: String
    /// `passed` or `failed`.
    public var status: String
    /// Fixtures whose divergent step shows where the platform went instead (their state is stored).
    public var divergences: Int
}
