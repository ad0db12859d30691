/// Accumulates one feature's graph from its fixtures' walks through L0 states, then what each
/// platform's run showed of them.
struct FeatureMapBuilder {
    /// One fixture as a sequence of L0 states: `nodes[0]` the initial state, `nodes[i + 1]` the
    /// state after step i, whose action case is `verbs[i]`.
    struct Walk {
        var fixture: String
        var nodes: [String]
        var verbs: [String]
    }

    /// What one platform's run showed of one fixture.
    struct Observation {
        /// False when the fixture was not replayed (not run, malformed): nothing was seen.
        var replayed: Bool
        /// Steps `0..<taken` answered the recorded state.
        var taken: Int
        /// The state the platform answered instead at step `taken`, when that is known.
        var divergedTo: (id: String, kinds: [String])?
    }

    private struct EdgeKey: Hashable { var from: String; var verb: String; var to: String }
    private struct EdgeTally { var fixtures = Set<String>(); var steps = 0; var platforms = Set<String>(); var recorded = true }
    private struct NodeTally { var kinds: [String]; var fixtures = Set<String>(); var starts = Set<String>(); var platforms = Set<String>(); var recorded = true }

    let feature: String
    let fields: [MapField]
    private var nodes: [String: NodeTally] = [:]
    private var edges: [EdgeKey: EdgeTally] = [:]
    private var walks: [String: Walk] = [:]
    private(set) var platforms = Set<String>()

    init(feature: String, fields: [MapField]) { self.feature = feature; self.fields = fields }

    /// Adds a fixture's recorded walk; `kinds` names each node's kinds.
    mutating func record(_ walk: Walk, kinds: [String: [String]]) {
        walks[walk.fixture] = walk
        for (position, node) in walk.nodes.enumerated() {
            nodes[node, default: NodeTally(kinds: kinds[node] ?? [])].fixtures.insert(walk.fixture)
            if position == 0 { nodes[node]!.starts.insert(walk.fixture) }
        }
        for (index, verb) in walk.verbs.enumerated() where walk.nodes[index] != walk.nodes[index + 1] {
            let key = EdgeKey(from: walk.nodes[index], verb: verb, to: walk.nodes[index + 1])
            edges[key, default: EdgeTally()].fixtures.insert(walk.fixture)
            edges[key]!.steps += 1
        }
    }

    /// Marks what `platform`'s run showed of a recorded fixture; a divergence adds the transition
    /// the platform took instead (a platform-only edge when no fixture records it).
    mutating func observe(_ observation: Observation, of fixture: String, on platform: String) {
        platforms.insert(platform)
        guard observation.replayed, let walk = walks[fixture] else { return }
        let taken = min(observation.taken, walk.verbs.count)
        for position in 0...taken { nodes[walk.nodes[position]]?.platforms.insert(platform) }
        for index in 0..<taken where walk.nodes[index] != walk.nodes[index + 1] {
            edges[EdgeKey(from: walk.nodes[index], verb: walk.verbs[index], to: walk.nodes[index + 1])]?.platforms.insert(platform)
        }
        guard let diverged = observation.divergedTo, taken < walk.verbs.count else { return }
        if nodes[diverged.id] == nil { nodes[diverged.id] = NodeTally(kinds: diverged.kinds, recorded: false) }
        nodes[diverged.id]!.platforms.insert(platform)
        let key = EdgeKey(from: walk.nodes[taken], verb: walk.verbs[taken], to: diverged.id)
        if edges[key] == nil {
            // A transition no fixture records, or a platform that stayed where it was.
            edges[key] = EdgeTally(recorded: false)
        }
        if !edges[key]!.recorded {
            edges[key]!.fixtures.insert(fixture)
            edges[key]!.steps += 1
        }
        edges[key]!.platforms.insert(platform)
    }

    /// The graph; platform marks only when some platform was observed. `delivered`: verb → features delivering it.
    func build(delivered: [String: [String]]) -> FeatureMap {
        let marked = !platforms.isEmpty
        let nodeList = nodes.map { id, tally in
            MapNode(id: id, kinds: tally.kinds, fixtures: tally.fixtures.count, starts: tally.starts.count,
                    platforms: marked ? tally.platforms.sorted() : nil, recorded: tally.recorded)
        }.sorted { $0.id < $1.id }
        let edgeList = edges.map { key, tally in
            MapEdge(from: key.from, to: key.to, verb: key.verb, fixtures: tally.fixtures.count, steps: tally.steps,
                    platforms: marked ? tally.platforms.sorted() : nil, recorded: tally.recorded, deliveredBy: delivered[key.verb])
        }.sorted { ($0.from, $0.to, $0.verb) < ($1.from, $1.to, $1.verb) }
        return FeatureMap(feature: feature, fields: fields, fixtures: walks.count, nodes: nodeList, edges: edgeList)
    }
}
