import Duet

/// Keeps the structural index in step with stored fixtures; the caller holds the transaction.
struct StructuralIndexWriter {
    let corpus: Corpus
    private(set) var plans: [String: IndexPlan]
    /// Per feature, the snapshots indexed by this writer, so shared snapshots are written once.
    private var indexed: [String: Set<Int64>] = [:]
    private var indexedCount = 0

    init(corpus: Corpus) throws {
        self.corpus = corpus
        self.plans = try Self.loadPlans(corpus.database)
    }

    static func loadPlans(_ db: Database) throws -> [String: IndexPlan] {
        var roles: [String: [(field: String, role: String)]] = [:]
        try db.cachedStatement("SELECT feature, path, role FROM structure_fields ORDER BY feature, path").forEachRow { row in
            roles[row.text(at: 0) ?? "", default: []].append((row.text(at: 1) ?? "", row.text(at: 2) ?? ""))
        }
        var plans: [String: IndexPlan] = [:]
        for (feature, fields) in roles {
            let plan = IndexPlan(feature: feature, roles: fields)
            if !plan.isEmpty { plans[feature] = plan }
        }
        return plans
    }

    /// Indexes a stored fixture from the readings its preparation made (off the writer's thread);
    /// `initialID`/`stateIDs`: the blob ids of its initial state (leaf) and of each step's state.
    mutating func index(fixtureID: Int64, prepared: PreparedFixture, initialID: Int64?, stateIDs: [Int64?]) throws {
        let fixture = prepared.fixture
        guard !fixture.isChain, let feature = fixture.feature, let plan = plans[feature] else { return }
        guard let (readings, transitions) = prepared.index else {
            guard !prepared.stepValuesReleased else { throw unindexable(fixture) }
            return try index(fixtureID: fixtureID, fixture: fixture, plan: plan, initialID: initialID, stateIDs: stateIDs)
        }
        var ids: [Int64] = []
        ids.reserveCapacity(readings.count)
        if fixture.initialState != nil, let initialID { ids.append(initialID) }
        for id in stateIDs { if let id { ids.append(id) } }
        guard ids.count == readings.count else {
            guard !prepared.stepValuesReleased else { throw unindexable(fixture) }
            return try index(fixtureID: fixtureID, fixture: fixture, plan: plan, initialID: initialID, stateIDs: stateIDs)
        }
        var known = indexed.removeValue(forKey: feature) ?? []
        try insertSnapshots(feature: feature, readings: readings, ids: ids, known: &known)
        indexed[feature] = known
        if indexedCount > 200_000 { indexed.removeAll(keepingCapacity: false); indexedCount = 0 }
        try insertTransitions(transitions, fixtureID: fixtureID)
    }

    /// Inserts the rows of the snapshots not in `known` (binding each column directly, no row values), adding them to it.
    private mutating func insertSnapshots(feature: String, readings: [IndexRows.SnapshotReading], ids: [Int64], known: inout Set<Int64>) throws {
        let db = corpus.database
        let fields = try db.cachedStatement(
            "INSERT OR IGNORE INTO snapshot_fields(feature, snapshot, field, primitive, kind_count) VALUES (?, ?, ?, ?, ?)")
        let kinds = try db.cachedStatement(
            "INSERT OR IGNORE INTO snapshot_kinds(feature, snapshot, field, depth, kind) VALUES (?, ?, ?, ?, ?)")
        let islands = try db.cachedStatement(
            "INSERT OR IGNORE INTO island_summaries(feature, snapshot, field, island, summary_blob) VALUES (?, ?, ?, ?, ?)")
        for (reading, id) in zip(readings, ids) where known.insert(id).inserted {
            indexedCount += 1
            for field in reading.kinds {
                fields.reset()
                try fields.bind(feature, at: 1); try fields.bind(id, at: 2); try fields.bind(field.field, at: 3)
                try fields.bind(field.primitive, at: 4); try fields.bind(field.entries.count, at: 5)
                try fields.run()
                for entry in field.entries {
                    kinds.reset()
                    try kinds.bind(feature, at: 1); try kinds.bind(id, at: 2); try kinds.bind(field.field, at: 3)
                    try kinds.bind(entry.depth, at: 4); try kinds.bind(entry.kind, at: 5)
                    try kinds.run()
                }
            }
            for island in reading.islands {
                let summary = try corpus.blobs.intern(island.summary)
                islands.reset()
                try islands.bind(feature, at: 1); try islands.bind(id, at: 2); try islands.bind(island.field, at: 3)
                try islands.bind(island.island, at: 4); try islands.bind(summary, at: 5)
                try islands.run()
            }
        }
    }

    private func insertTransitions(_ rows: [IndexRows.Transition], fixtureID: Int64) throws {
        guard !rows.isEmpty else { return }
        let transitions = try corpus.database.cachedStatement("""
            INSERT OR IGNORE INTO step_transitions(fixture_id, step, field, primitive, depth, change, kind, action_case)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for row in rows {
            transitions.reset()
            try transitions.bind(fixtureID, at: 1); try transitions.bind(row.step, at: 2); try transitions.bind(row.field, at: 3)
            try transitions.bind(row.primitive, at: 4); try transitions.bind(row.depth, at: 5); try transitions.bind(row.change, at: 6)
            try transitions.bind(row.kind, at: 7); try transitions.bind(row.actionCase, at: 8)
            try transitions.run()
        }
    }

    private mutating func index(fixtureID: Int64, fixture: Fixture, plan: IndexPlan, initialID: Int64?, stateIDs: [Int64?]) throws {
        let feature = plan.feature
        var snapshots: [(step: Int?, id: Int64, value: JSONValue)] = []
        if let initialID, let initial = fixture.initialState { snapshots.append((nil, initialID, initial)) }
        for (index, step) in fixture.steps.enumerated() {
            if let id = stateIDs[index], let state = step.expectedState { snapshots.append((index, id, state)) }
        }
        let known = indexed[feature] ?? []
        let rows = IndexRows.derive(plan: plan, fixtureID: fixtureID, snapshots: snapshots,
                                    actionCases: fixture.steps.map { $0.action["case"]?.stringValue },
                                    skip: { known.contains($0) })
        try insert(rows)
        indexed[feature, default: []].formUnion(snapshots.map(\.id))
        indexedCount += snapshots.count
    }

    private func unindexable(_ fixture: Fixture) -> DatabaseError {
        DatabaseError(code: 0, message: "fixture \(fixture.name) reached the index without its snapshot readings; re-run the import and report this")
    }

    /// Inserts `rows`, binding each column directly (no per-row value arrays).
    func insert(_ rows: IndexRows) throws {
        let db = corpus.database
        let fields = try db.cachedStatement(
            "INSERT OR IGNORE INTO snapshot_fields(feature, snapshot, field, primitive, kind_count) VALUES (?, ?, ?, ?, ?)")
        for row in rows.snapshotFields {
            fields.reset()
            try fields.bind(row.feature, at: 1); try fields.bind(row.snapshot, at: 2); try fields.bind(row.field, at: 3)
            try fields.bind(row.primitive, at: 4); try fields.bind(row.kindCount, at: 5)
            try fields.run()
        }
        let kinds = try db.cachedStatement(
            "INSERT OR IGNORE INTO snapshot_kinds(feature, snapshot, field, depth, kind) VALUES (?, ?, ?, ?, ?)")
        for row in rows.snapshotKinds {
            kinds.reset()
            try kinds.bind(row.feature, at: 1); try kinds.bind(row.snapshot, at: 2); try kinds.bind(row.field, at: 3)
            try kinds.bind(row.depth, at: 4); try kinds.bind(row.kind, at: 5)
            try kinds.run()
        }
        let islands = try db.cachedStatement(
            "INSERT OR IGNORE INTO island_summaries(feature, snapshot, field, island, summary_blob) VALUES (?, ?, ?, ?, ?)")
        for row in rows.islandSummaries {
            let summary = try corpus.blobs.intern(row.summary)
            islands.reset()
            try islands.bind(row.feature, at: 1); try islands.bind(row.snapshot, at: 2); try islands.bind(row.field, at: 3)
            try islands.bind(row.island, at: 4); try islands.bind(summary, at: 5)
            try islands.run()
        }
        let transitions = try db.cachedStatement("""
            INSERT OR IGNORE INTO step_transitions(fixture_id, step, field, primitive, depth, change, kind, action_case)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for row in rows.transitions {
            transitions.reset()
            try transitions.bind(row.fixtureID, at: 1); try transitions.bind(row.step, at: 2); try transitions.bind(row.field, at: 3)
            try transitions.bind(row.primitive, at: 4); try transitions.bind(row.depth, at: 5); try transitions.bind(row.change, at: 6)
            try transitions.bind(row.kind, at: 7); try transitions.bind(row.actionCase, at: 8)
            try transitions.run()
        }
    }
}
