import Duet

/// What the drill needs to know about one feature: how its spine is projected and which of its
/// paths the persistence rules watch. Built from the feature's described structure.
///
/// ```swift
/// let plan = DrillPlan(structure: structure)
/// plan.layout.isEmpty        // true: no L0 field and no island, the spine is always {}
/// ```
public struct DrillPlan: Sendable {
    public struct WatchedPath: Sendable, Equatable {
        public var path: String
        public var components: [String]
        /// The island that holds it, for `island-l0`.
        public var island: String?
    }

    public let feature: String
    public let layout: SpineLayout
    /// Fields marked runtime-only that lie inside a spine field, so the spine carries them.
    public let runtimeOnlyInSpine: [WatchedPath]
    /// L0 fields declared inside an island's summary.
    public let l0InsideIslands: [WatchedPath]

    public init(structure: FeatureStructure) {
        feature = structure.feature
        layout = SpineLayout(structure: structure)
        let spineFields = layout.fields
        runtimeOnlyInSpine = structure.fields.filter { $0.runtimeOnly == true }.compactMap { field in
            let components = field.path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard spineFields.contains(where: { $0.components == Array(components.prefix($0.components.count)) }) else { return nil }
            return WatchedPath(path: field.path, components: components, island: nil)
        }
        l0InsideIslands = layout.insideIslands.map { WatchedPath(path: $0.field.path, components: $0.field.components, island: $0.island.path) }
    }

    /// The plans of every described feature, by name.
    public static func plans(_ structures: [FeatureStructure]) -> [String: DrillPlan] {
        Dictionary(structures.map { ($0.feature, DrillPlan(structure: $0)) }, uniquingKeysWith: { first, _ in first })
    }
}
