/// What `describe` returns: the typed description of a feature's state, what the corpus
/// indexes and the census counts, and what declaration parity compares across flavors: the
/// initial state the default restore starts from, whether the feature restores itself, and the
/// children it embeds.
///
/// ```swift
/// let structure = try describe(Timeline.self)
/// structure.fields.filter { $0.role == .slot }.map(\.path)   // ["sheet"]
/// structure.initialState                                     // {"isLoading":false,…}
/// ```
public struct FeatureStructure: Codable, Sendable, Equatable {
    public var feature: String
    public var fields: [FieldDescription]
    /// Action and effect payload case names.
    public var actions: [String]
    public var effects: [String]
    /// The canonical initial state (`Feature.initialState`); nil from a runner that does not say.
    public var initialState: String?
    /// `overlay` (the default restore: the spine over the initial state) or `custom`; nil when not said.
    public var restore: String?
    /// The children this feature embeds, by child name; nil when not said.
    public var seams: [SeamDescription]?
    public init(feature: String, fields: [FieldDescription], actions: [String], effects: [String],
                initialState: String? = nil, restore: String? = nil, seams: [SeamDescription]? = nil) {
        self.feature = feature; self.fields = fields; self.actions = actions; self.effects = effects
        self.initialState = initialState; self.restore = restore; self.seams = seams
    }
}

/// A child a feature embeds (`describe` lists it on the parent): its name and its placement.
public struct SeamDescription: Codable, Sendable, Hashable {
    public var child: String
    /// `scope`, `ifLet` or `forEach`.
    public var placement: String
    public init(child: String, placement: String) { self.child = child; self.placement = placement }
}

/// One state field: where it is, its JSON shape, its L0 role and, for enums, every case.
public struct FieldDescription: Codable, Sendable, Equatable {
    /// Dotted for nested structs: `form.email`.
    public var path: String
    /// JSON shape: `string`, `int`, `bool`, `date`, `uuid`, `object`, `sum`, `enum`, wrapped as
    /// `optional<…>` / `array<…>` / `map<…>`.
    public var shape: String
    /// A primitive, an island (`island:<id>` on the wire) or `data`.
    public var role: Role
    /// The full case list when the field (or its element) is an enum.
    public var kinds: [String]?
    /// `true` when the field is marked `@RuntimeOnly` (its value must never be persisted); absent otherwise.
    public var runtimeOnly: Bool?
    public init(path: String, shape: String, role: Role, kinds: [String]? = nil, runtimeOnly: Bool? = nil) {
        self.path = path; self.shape = shape; self.role = role; self.kinds = kinds; self.runtimeOnly = runtimeOnly
    }
}
