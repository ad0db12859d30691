import Duet
import DuetManifest

extension Corpus {
    /// The navigation map of one feature (or every feature with an L0 field), drawn from the
    /// structural index: nodes are the distinct L0 states the snapshots hold, edges the action cases
    /// between them. Each node and edge says which platforms' latest full verify run showed it; a
    /// state divergence whose answer is stored adds the transition that platform took instead.
    /// `platform` keeps only what that platform's run showed.
    ///
    /// ```swift
    /// let map = try corpus.navigationMap(feature: "capture")
    /// map.features[0].edges.filter { $0.from == MapNode.rootID }.map(\.verb)   // what opens a sheet
    /// try corpus.navigationMap(platform: "kotlin").features                       // what Kotlin showed
    /// ```
    public func navigationMap(feature: String? = nil, platform: String? = nil) throws -> NavigationMap {
        var fields: [String: [(field: String, primitive: Primitive)]] = [:]
        try database.cachedStatement("SELECT feature, field, primitive FROM l0_fields ORDER BY feature, field").forEachRow { row in
            let name = row.text(at: 0) ?? "", field = row.text(at: 1) ?? ""
            fields[name, default: []].append((field, try StoredVocabulary.primitive(row.text(at: 2), in: "structure_fields", row: "\(name).\(field)")))
        }
        if let feature, fields[feature] == nil { throw try unmappedFeature(feature, mapped: fields.keys.sorted()) }
        let runs = try MapRunResults(corpus: self, platform: platform)
        if let platform, runs.runs.isEmpty {
            let stored = try platformsWithRuns()
            throw InputError(file: "platform \(platform)", message: "no full verify run of this platform is stored, so there is nothing it showed",
                             fix: "run `duet verify --platform \(platform)` first" + (stored.isEmpty ? "" : "; stored runs: \(stored.joined(separator: ", "))"))
        }
        let plans = try StructuralIndexWriter.loadPlans(database)
        let seams = try ChainSeams(corpus: self, runs: runs)
        let maps = try fields.keys.sorted().filter { feature == nil || $0 == feature }.map { name in
            try featureMap(name, naming: MapNodeNaming(feature: name, fields: fields[name]!), plan: plans[name], runs: runs,
                           delivered: seams.delivered(to: name))
        }
        let map = NavigationMap(platform: platform, runs: runs.runs, features: maps, seams: seams.seams(touching: feature))
        return platform.map { map.showing(only: $0) } ?? map
    }

    private func featureMap(_ feature: String, naming: MapNodeNaming, plan: IndexPlan?, runs: MapRunResults,
                            delivered: [String: [String]]) throws -> FeatureMap {
        var entries: [Int64: [MapNodeNaming.Entry]] = [:]
        try database.cachedStatement("SELECT snapshot, field, depth, kind FROM snapshot_kinds WHERE feature = ?")
            .forEachRow([.text(feature)]) { row in
                entries[row.int64(at: 0), default: []].append(.init(field: row.text(at: 1) ?? "", depth: row.int(at: 2), kind: row.text(at: 3) ?? ""))
            }
        var named: [Int64: String] = [:]
        var kinds: [String: [String]] = [:]
        var walks: [FeatureMapBuilder.Walk] = []
        try database.cachedStatement("""
            SELECT f.name, s.step, s.snapshot, coalesce(st.action_case, '')
            FROM fixtures f JOIN fixture_snapshots s ON s.fixture_id = f.id
            LEFT JOIN steps st ON st.fixture_id = f.id AND st.idx = s.step
            WHERE f.feature = ? AND f.shape = 'leaf' ORDER BY f.name, s.step
            """).forEachRow([.text(feature)]) { row in
            let fixture = row.text(at: 0) ?? "", snapshot = row.int64(at: 2)
            let node = named[snapshot] ?? {
                let node = naming.node(entries[snapshot] ?? [])
                kinds[node.id] = node.kinds
                named[snapshot] = node.id
                return node.id
            }()
            if row.isNull(at: 1) || walks.last?.fixture != fixture {
                walks.append(FeatureMapBuilder.Walk(fixture: fixture, nodes: [node], verbs: []))
            } else {
                walks[walks.count - 1].nodes.append(node)
                walks[walks.count - 1].verbs.append(row.text(at: 3) ?? "")
            }
        }
        var builder = FeatureMapBuilder(feature: feature, fields: naming.fields)
        for walk in walks { builder.record(walk, kinds: kinds) }
        for (platform, results) in runs.results {
            for walk in walks {
                guard let result = results[walk.fixture] else { continue }
                let diverged = result.divergentState.flatMap { bytes -> (id: String, kinds: [String])? in
                    guard let plan, let state = try? CanonicalJSON.parse(bytes) else { return nil }
                    return naming.node(state: state, plan: plan)
                }
                builder.observe(.init(replayed: result.replayed, taken: result.taken(steps: walk.verbs.count), divergedTo: diverged),
                                of: walk.fixture, on: platform)
            }
        }
        return builder.build(delivered: delivered)
    }

    /// A feature with no map: unknown, or known without an L0 field; names the closest mapped ones.
    private func unmappedFeature(_ name: String, mapped: [String]) throws -> InputError {
        let known = try knownFeatures().contains(name)
        let closest = mapped.map { ($0, EditDistance.between($0, name)) }.filter { $0.1 <= max(2, name.count / 3) }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }.map(\.0)
        let list = mapped.isEmpty ? "no feature has an L0 field yet (record through a runner, or declare structure: in parity/manifest.yaml)"
            : "features with a map: \(mapped.joined(separator: ", "))"
        return InputError(file: "feature \(name)",
                          message: known ? "this feature has no L0 field (path, slot, tabs or stage): its map has no state to draw"
                                         : "no feature of that name is known",
                          fix: (closest.isEmpty ? "" : "did you mean \(closest.prefix(3).joined(separator: " or "))? ") + list)
    }
}

extension NavigationMap {
    /// Only what `platform`'s run showed: its states, transitions and seams.
    func showing(only platform: String) -> NavigationMap {
        var map = self
        map.platform = platform
        map.runs = runs.filter { $0.platform == platform }
        map.features = features.map { feature in
            var feature = feature
            feature.nodes = feature.nodes.filter { $0.platforms?.contains(platform) == true }
            feature.edges = feature.edges.filter { $0.platforms?.contains(platform) == true }
            return feature
        }
        map.seams = seams.filter { $0.platforms?.contains(platform) == true }
        return map
    }
}
