import DuetCorpus

/// One picture to draw: a feature's states and transitions, or the seams between features, each
/// element with the style that says what it is (changed since a milestone, one platform only…).
/// SVG, DOT and Mermaid are all written from this, so they agree.
struct MapGraph: Equatable {
    enum Mark: String, Equatable {
        /// Nothing to contrast: drawn plainly.
        case plain
        /// Since the previous milestone.
        case added, removed, unchanged
        /// Only one platform's run took it (`only` names the platform).
        case onlyPlatform
        /// Recorded, but no stored run showed it.
        case unconfirmed
    }

    struct Node: Equatable {
        var id: String
        var label: String
        var mark: Mark
        /// A fixture starts here (drawn with a double border).
        var start: Bool
        var only: String?
        var tooltip: String
    }

    struct Edge: Equatable {
        var from: String
        var to: String
        var label: String
        var mark: Mark
        var only: String?
        /// Fixtures taking it: drawn as line weight.
        var weight: Int
        /// A hand-off seam (drawn dotted), not a verb or a delegate.
        var handoff: Bool = false
        var tooltip: String
    }

    /// A name safe in ids and file names (`mainnav`, `seams`).
    var name: String
    var title: String
    var nodes: [Node]
    var edges: [Edge]

    var isEmpty: Bool { nodes.isEmpty }
}

extension MapGraph {
    /// A feature's map; with `change`, what the previous milestone had is contrasted (removed ones
    /// drawn too); with several platforms' runs, what only one of them took is marked.
    init(_ feature: FeatureMap, change: NavigationMapDifference.FeatureChange? = nil, comparing: Bool = false, runs: [MapRun] = []) {
        let platforms = runs.map(\.platform)
        let addedNodes = Set((change?.addedNodes ?? []).map(\.id)), addedEdges = Set((change?.addedEdges ?? []).map(\.key))
        // What no fixture records is a platform's own, always. Against a milestone, the colour says what
        // changed and the label which single platform took a recorded transition.
        func mark(added: Bool, recorded: Bool, platforms marks: [String]?) -> (Mark, String?) {
            let single = marks.flatMap { platforms.count > 1 && $0.count == 1 ? $0[0] : nil }
            if !recorded { return (.onlyPlatform, marks?.first) }
            if comparing { return (added ? .added : .unchanged, single) }
            if let single { return (.onlyPlatform, single) }
            guard let marks, !platforms.isEmpty else { return (.plain, nil) }
            return (marks.isEmpty ? .unconfirmed : .plain, nil)
        }
        name = MapGraph.safeName(feature.feature)
        title = feature.feature
        nodes = feature.nodes.map { node in
            let (m, only) = mark(added: addedNodes.contains(node.id), recorded: node.recorded, platforms: node.platforms)
            return Node(id: node.id, label: node.id, mark: m, start: node.starts > 0, only: only, tooltip: MapGraph.tooltip(node))
        }
        edges = feature.edges.map { edge in
            let (m, only) = mark(added: addedEdges.contains(edge.key), recorded: edge.recorded, platforms: edge.platforms)
            return Edge(from: edge.from, to: edge.to, label: MapGraph.label(edge, only: only), mark: m, only: only, weight: edge.fixtures,
                        tooltip: MapGraph.tooltip(edge))
        }
        for node in change?.removedNodes ?? [] {
            nodes.append(Node(id: node.id, label: node.id, mark: .removed, start: node.starts > 0, only: nil, tooltip: "removed: " + MapGraph.tooltip(node)))
        }
        for edge in change?.removedEdges ?? [] {
            edges.append(Edge(from: edge.from, to: edge.to, label: MapGraph.label(edge, only: nil), mark: .removed, only: nil, weight: edge.fixtures,
                              tooltip: "removed: " + MapGraph.tooltip(edge)))
        }
        nodes.sort { $0.id < $1.id }
        edges.sort { ($0.from, $0.to, $0.label) < ($1.from, $1.to, $1.label) }
    }

    /// The features chains connect, and their seams; removed seams drawn when a change is given.
    init(seams: [MapSeam], removed: [MapSeam] = [], added: [MapSeam] = [], comparing: Bool = false, runs: [MapRun] = []) {
        let platforms = runs.map(\.platform)
        let addedKeys = Set(added.map(\.key))
        name = "seams"
        title = "seams between features"
        let features = Set((seams + removed).flatMap { [$0.from, $0.to] }).sorted()
        nodes = features.map { Node(id: $0, label: $0, mark: comparing ? .unchanged : .plain, start: false, only: nil, tooltip: "feature \($0)") }
        func edge(_ seam: MapSeam, _ mark: Mark, only: String?) -> Edge {
            let label = seam.toVerb.map { "\(seam.fromVerb) → \($0)" } ?? seam.fromVerb
            return Edge(from: seam.from, to: seam.to, label: label + (only.map { " (\($0) only)" } ?? ""), mark: mark, only: only,
                        weight: seam.chains, handoff: seam.kind == .handoff,
                        tooltip: "\(seam.kind.rawValue): \(seam.key.dropFirst(seam.kind.rawValue.count + 1)), \(seam.chains) chain(s)")
        }
        edges = seams.map { seam in
            if comparing { return edge(seam, addedKeys.contains(seam.key) ? .added : .unchanged, only: nil) }
            guard let marks = seam.platforms, !platforms.isEmpty else { return edge(seam, .plain, only: nil) }
            if marks.isEmpty { return edge(seam, .unconfirmed, only: nil) }
            return platforms.count > 1 && marks.count == 1 ? edge(seam, .onlyPlatform, only: marks[0]) : edge(seam, .plain, only: nil)
        } + removed.map { edge($0, .removed, only: nil) }
        edges.sort { ($0.from, $0.to, $0.label) < ($1.from, $1.to, $1.label) }
    }

    static func label(_ edge: MapEdge, only: String?) -> String {
        var label = edge.verb + (edge.fixtures > 1 ? " ×\(edge.fixtures)" : "")
        if let delivered = edge.deliveredBy { label += " ← " + delivered.joined(separator: ", ") }
        if let only { label += " (\(only) only)" }
        return label
    }

    static func tooltip(_ node: MapNode) -> String {
        var text = node.kinds.isEmpty ? "no L0 kind shown" : node.kinds.joined(separator: ", ")
        text += "; \(node.fixtures) fixture(s)" + (node.starts > 0 ? ", \(node.starts) start here" : "")
        if !node.recorded { text += "; no fixture records it: only a platform's divergence reached it" }
        return text
    }

    static func tooltip(_ edge: MapEdge) -> String {
        var text = "\(edge.verb): \(edge.fixtures) fixture(s), \(edge.steps) step(s)"
        if let platforms = edge.platforms { text += platforms.isEmpty ? "; no stored run showed it" : "; shown by " + platforms.joined(separator: ", ") }
        if let delivered = edge.deliveredBy { text += "; delivered by " + delivered.joined(separator: ", ") + " through a seam" }
        if !edge.recorded { text += "; no fixture records it" }
        return text
    }

    static func safeName(_ text: String) -> String {
        String(text.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "-" })
    }
}
