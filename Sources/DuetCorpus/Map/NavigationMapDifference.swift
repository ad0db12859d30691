/// What changed in the navigation map between two milestones: states, transitions and seams added
/// and removed. Removed ones are kept whole, so a picture can draw them beside the current map.
///
/// ```swift
/// let change = NavigationMapDifference(from: previous.navigation!, to: report.navigation!)
/// change.features.first { $0.feature == "mainnav" }?.addedEdges.map(\.key)
/// ```
public struct NavigationMapDifference: Sendable, Codable, Equatable {
    /// Features whose map changed, sorted; a feature new (or gone) since has every node added (removed).
    public var features: [FeatureChange]
    public var addedSeams: [MapSeam]
    public var removedSeams: [MapSeam]

    public struct FeatureChange: Sendable, Codable, Equatable {
        public var feature: String
        public var addedNodes: [MapNode]
        public var removedNodes: [MapNode]
        public var addedEdges: [MapEdge]
        public var removedEdges: [MapEdge]
    }

    public var isEmpty: Bool { features.isEmpty && addedSeams.isEmpty && removedSeams.isEmpty }

    public func feature(_ name: String) -> FeatureChange? { features.first { $0.feature == name } }

    /// The recorded behaviour is compared (what only a platform's divergence reached is not): nodes
    /// by id, edges by (from, verb, to), seams by kind and both ends — never by weight or platform marks.
    public init(from old: NavigationMap, to new: NavigationMap) {
        let names = Set(old.features.map(\.feature)).union(new.features.map(\.feature)).sorted()
        features = names.compactMap { name in
            let before = old.feature(name), after = new.feature(name)
            let oldNodes = (before?.nodes ?? []).filter(\.recorded), newNodes = (after?.nodes ?? []).filter(\.recorded)
            let oldEdges = (before?.edges ?? []).filter(\.recorded), newEdges = (after?.edges ?? []).filter(\.recorded)
            let change = FeatureChange(
                feature: name,
                addedNodes: Self.added(oldNodes, newNodes, \.id),
                removedNodes: Self.added(newNodes, oldNodes, \.id),
                addedEdges: Self.added(oldEdges, newEdges, \.key),
                removedEdges: Self.added(newEdges, oldEdges, \.key))
            let empty = change.addedNodes.isEmpty && change.removedNodes.isEmpty && change.addedEdges.isEmpty && change.removedEdges.isEmpty
            return empty ? nil : change
        }
        addedSeams = Self.added(old.seams, new.seams, \.key)
        removedSeams = Self.added(new.seams, old.seams, \.key)
    }

    /// Members of `after` whose key `before` lacks, in `after`'s order.
    private static func added<T>(_ before: [T], _ after: [T], _ key: (T) -> String) -> [T] {
        let known = Set(before.map(key))
        return after.filter { !known.contains(key($0)) }
    }
}
