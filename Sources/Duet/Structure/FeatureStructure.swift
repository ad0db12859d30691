/// What `describe` returns: the typed description of a feature's state, what the corpus
/// indexes and the census counts.
///
/// ```swift
/// let structure = try describe(Timeline.self)
/// structure.fields.filter { $0.role == .slot }.map(\.path)   // ["sheet"]
/// ```
public struct FeatureStructure: Codable, Sendable, Equatable {
    public var feature: String
    public var fields: [FieldDescription]
    /// Action and effect payload case names.
    public var actions: [String]
    public var effects: [String]
    public init(feature: String, fields: [FieldDescription], actions: [String], effects: [String]) {
        self.feature = feature; self.fields = fields; self.actions = actions; self.effects = effects
    }
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
