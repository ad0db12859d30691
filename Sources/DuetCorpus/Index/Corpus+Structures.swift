import Duet

extension Corpus {
    /// Stores feature structures (replacing earlier ones for the same features) and re-derives
    /// the structural index of those features, in one transaction.
    ///
    /// ```swift
    /// try corpus.setStructures(described, origin: "runner:swift")
    /// try corpus.setStructures(manifestStructures: ["mainnav": ["activeTab": .tabs, "sheet": .slot]])
    /// ```
    public func setStructures(_ structures: [FeatureStructure], origin: String) throws {
        try write {
            for structure in structures {
                // Explicit rather than ON DELETE CASCADE: an import runs with foreign keys off.
                for table in ["declared_kinds", "runtime_only_fields", "structure_fields", "feature_structures"] {
                    try database.execute("DELETE FROM \(table) WHERE feature = ?", [.text(structure.feature)])
                }
                try database.execute("INSERT INTO feature_structures(feature, origin, actions, effects) VALUES (?, ?, ?, ?)", [
                    .text(structure.feature), .text(origin),
                    .text(JSONValue.array(structure.actions.map(JSONValue.string)).canonicalString),
                    .text(JSONValue.array(structure.effects.map(JSONValue.string)).canonicalString),
                ])
                for field in structure.fields {
                    try database.execute("INSERT INTO structure_fields(feature, path, role, shape, kinds) VALUES (?, ?, ?, ?, ?)", [
                        .text(structure.feature), .text(field.path), .text(field.role.rawValue), .text(field.shape),
                        SQLValue(field.kinds.map { JSONValue.array($0.map(JSONValue.string)).canonicalString }),
                    ])
                    if field.runtimeOnly == true {
                        try database.execute("INSERT OR IGNORE INTO runtime_only_fields(feature, path) VALUES (?, ?)",
                                             [.text(structure.feature), .text(field.path)])
                    }
                    guard let primitive = field.role.primitive else { continue }
                    for kind in Set(field.kinds ?? []) {
                        try database.execute("INSERT INTO declared_kinds(feature, field, primitive, kind) VALUES (?, ?, ?, ?)", [
                            .text(structure.feature), .text(field.path), .text(primitive.rawValue),
                            .text("\(structure.feature).\(primitive).\(kind)"),
                        ])
                    }
                }
            }
            try reindex(features: structures.map(\.feature))
        }
    }

    /// Structures declared in `parity/manifest.yaml` (`structure: {field: primitive}` per feature),
    /// for corpora imported without a runner. Declared kinds are unknown there: coverage counts what is observed.
    public func setStructures(manifestStructures: [String: [String: Primitive]]) throws {
        let structures = manifestStructures.keys.sorted().map { feature in
            FeatureStructure(feature: feature,
                             fields: manifestStructures[feature]!.sorted { $0.key < $1.key }.map {
                                 FieldDescription(path: $0.key, shape: "", role: Role($0.value))
                             },
                             actions: [], effects: [])
        }
        try setStructures(structures, origin: "manifest")
    }

    /// The stored structures, by feature name.
    public func structures() throws -> [FeatureStructure] {
        var fields: [String: [FieldDescription]] = [:]
        for row in try database.rows("""
            SELECT f.feature, f.path, f.role, f.shape, f.kinds, r.path IS NOT NULL FROM structure_fields f
            LEFT JOIN runtime_only_fields r ON r.feature = f.feature AND r.path = f.path ORDER BY f.feature, f.path
            """) {
            let kinds = try row[4].text.map { try CanonicalJSON.parse($0).arrayValue?.compactMap(\.stringValue) ?? [] }
            let feature = row[0].text ?? "", path = row[1].text ?? ""
            let role = try StoredVocabulary.role(row[2].text, in: "structure_fields", row: "\(feature).\(path)")
            fields[feature, default: []].append(
                FieldDescription(path: path, shape: row[3].text ?? "", role: role, kinds: kinds,
                                 runtimeOnly: row[5].integer == 1 ? true : nil))
        }
        return try database.rows("SELECT feature, actions, effects FROM feature_structures ORDER BY feature").map { row in
            let feature = row[0].text ?? ""
            func names(_ value: SQLValue) throws -> [String] {
                try CanonicalJSON.parse(value.text ?? "[]").arrayValue?.compactMap(\.stringValue) ?? []
            }
            return FeatureStructure(feature: feature, fields: fields[feature] ?? [], actions: try names(row[1]), effects: try names(row[2]))
        }
    }

    /// Re-derives the structural index of `features` from their stored snapshots.
    func reindex(features: [String]) throws {
        let plans = try StructuralIndexWriter.loadPlans(database)
        let writer = try StructuralIndexWriter(corpus: self)
        for feature in Set(features) {
            for table in ["snapshot_fields", "snapshot_kinds", "island_summaries", "snapshot_spines"] {
                try database.execute("DELETE FROM \(table) WHERE feature = ?", [.text(feature)])
            }
            try database.execute("DELETE FROM step_transitions WHERE fixture_id IN (SELECT id FROM fixtures WHERE feature = ?)", [.text(feature)])
            guard let plan = plans[feature] else { continue }
            var done: Set<Int64> = []
            try forEachStoredSnapshotSequence(feature: feature) { fixtureID, snapshots, actionCases in
                let rows = IndexRows.derive(plan: plan, fixtureID: fixtureID, snapshots: snapshots, actionCases: actionCases,
                                            skip: { done.contains($0) })
                try writer.insert(rows)
                done.formUnion(snapshots.map(\.id))
            }
            try writer.flush()
        }
        try recountKinds(features: features)
    }

    /// For each leaf fixture of `feature`: its snapshots (initial, then per step) parsed from blobs, and its action cases.
    func forEachStoredSnapshotSequence(feature: String,
                                       _ body: (Int64, [(step: Int?, id: Int64, value: JSONValue)], [String?]) throws -> Void) throws {
        let fixtures = try database.rows("SELECT id, initial_blob FROM fixtures WHERE feature = ? AND shape = 'leaf' ORDER BY id", [.text(feature)])
        var parsed: [Int64: JSONValue] = [:]
        func value(_ id: Int64) throws -> JSONValue {
            if let cached = parsed[id] { return cached }
            let result = try blobs.value(id: id)
            if parsed.count > 5_000 { parsed.removeAll(keepingCapacity: true) }
            parsed[id] = result
            return result
        }
        for fixture in fixtures {
            guard let fixtureID = fixture[0].integer else { continue }
            var snapshots: [(step: Int?, id: Int64, value: JSONValue)] = []
            if let initial = fixture[1].integer { snapshots.append((nil, initial, try value(initial))) }
            var actionCases: [String?] = []
            for step in try database.rows("SELECT idx, state_blob, action_case FROM steps WHERE fixture_id = ? ORDER BY idx", [.integer(fixtureID)]) {
                let index = Int(step[0].integer ?? 0)
                while actionCases.count < index { actionCases.append(nil) }
                actionCases.append(step[2].text)
                if let state = step[1].integer { snapshots.append((index, state, try value(state))) }
            }
            try body(fixtureID, snapshots, actionCases)
        }
    }
}
