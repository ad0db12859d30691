import Duet

/// Keeps the structural index in step with stored fixtures; the caller holds the transaction.
struct StructuralIndexWriter {
    let corpus: Corpus
    private(set) var plans: [String: IndexPlan]
    /// (feature, snapshot) pairs indexed by this writer, so shared snapshots are written once.
    private var indexed: Set<SnapshotKey> = []

    private struct SnapshotKey: Hashable { var feature: String; var snapshot: Int64 }

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
        let known = indexed
        var rows = IndexRows.snapshotRows(feature: feature, readings: readings, ids: ids,
                                          skip: { known.contains(SnapshotKey(feature: feature, snapshot: $0)) })
        rows.transitions = transitions.map { var row = $0; row.fixtureID = fixtureID; return row }
        try insert(rows)
        remember(feature: feature, ids)
    }

    private mutating func index(fixtureID: Int64, fixture: Fixture, plan: IndexPlan, initialID: Int64?, stateIDs: [Int64?]) throws {
        let feature = plan.feature
        var snapshots: [(step: Int?, id: Int64, value: JSONValue)] = []
        if let initialID, let initial = fixture.initialState { snapshots.append((nil, initialID, initial)) }
        for (index, step) in fixture.steps.enumerated() {
            if let id = stateIDs[index], let state = step.expectedState { snapshots.append((index, id, state)) }
        }
        let known = indexed
        let rows = IndexRows.derive(plan: plan, fixtureID: fixtureID, snapshots: snapshots,
                                    actionCases: fixture.steps.map { $0.action["case"]?.stringValue },
                                    skip: { known.contains(SnapshotKey(feature: feature, snapshot: $0)) })
        try insert(rows)
        remember(feature: feature, snapshots.map(\.id))
    }

    private func unindexable(_ fixture: Fixture) -> DatabaseError {
        DatabaseError(code: 0, message: "fixture \(fixture.name) reached the index without its snapshot readings; re-run the import and report this")
    }

    private mutating func remember(feature: String, _ ids: [Int64]) {
        for id in ids { indexed.insert(SnapshotKey(feature: feature, snapshot: id)) }
        if indexed.count > 200_000 { indexed.removeAll(keepingCapacity: false) }
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
