import Duet
import DuetFixtures

/// Keeps the structural index in step with stored fixtures; the caller holds the transaction and
/// calls `flush()` before it ends (rows are inserted in batches).
struct StructuralIndexWriter {
    let corpus: Corpus
    private(set) var plans: [String: IndexPlan]
    /// Per feature, the snapshots indexed by this writer, so shared snapshots are written once.
    private var indexed: [String: Set<Int64>] = [:]
    private var indexedCount = 0
    /// Per feature, the kinds (as `tally` keys) each snapshot in `indexed` holds; emptied with it.
    private var snapshotKeys: [String: [Int64: [Int32]]] = [:]
    /// What the fixtures this writer indexes add to `kind_counts`, written by `flush()`.
    let tally = KindTally()
    private let fields: BatchedInsert
    private let kinds: BatchedInsert
    private let islands: BatchedInsert
    private let spines: BatchedInsert
    private let transitions: BatchedInsert

    init(corpus: Corpus) throws {
        self.corpus = corpus
        self.plans = try Self.loadPlans(corpus.database)
        let db = corpus.database
        fields = try BatchedInsert(database: db, verb: "INSERT OR IGNORE",
                                   into: "snapshot_fields(feature, snapshot, field, primitive, kind_count)", columns: 5)
        kinds = try BatchedInsert(database: db, verb: "INSERT OR IGNORE",
                                  into: "snapshot_kinds(feature, snapshot, field, depth, kind)", columns: 5)
        islands = try BatchedInsert(database: db, verb: "INSERT OR IGNORE",
                                    into: "island_summaries(feature, snapshot, field, island, summary_blob)", columns: 5)
        spines = try BatchedInsert(database: db, verb: "INSERT OR IGNORE",
                                   into: "snapshot_spines(feature, snapshot, spine_blob)", columns: 3)
        transitions = try BatchedInsert(database: db, verb: "INSERT OR IGNORE",
                                        into: "step_transitions(fixture_id, step, field, primitive, depth, change, kind, action_case)", columns: 8)
    }

    /// Writes every row still batched.
    func flush() throws {
        for batch in [fields, kinds, islands, spines, transitions] { try batch.flush() }
        try corpus.applyKindCountDeltas(tally.takeDeltas())
        try corpus.countKinds(ofFixtures: tally.takeUnindexed(), sign: 1)
    }

    static func loadPlans(_ db: Database) throws -> [String: IndexPlan] {
        var roles: [String: [(field: String, role: Role)]] = [:]
        try db.cachedStatement("SELECT feature, path, role FROM structure_fields ORDER BY feature, path").forEachRow { row in
            let feature = row.text(at: 0) ?? "", field = row.text(at: 1) ?? ""
            let role = try StoredVocabulary.role(row.text(at: 2), in: "structure_fields", row: "\(feature).\(field)")
            roles[feature, default: []].append((field, role))
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
    /// False when the fixture is not indexed (a chain, or no structure): the tally did not count it.
    @discardableResult
    mutating func index(fixtureID: Int64, prepared: PreparedFixture, initialID: Int64?, stateIDs: [Int64?]) throws -> Bool {
        let fixture = prepared.fixture
        guard !fixture.isChain, let feature = fixture.feature, let plan = plans[feature] else { return false }
        guard let (readings, transitions) = prepared.index else {
            guard !prepared.stepValuesReleased else { throw unindexable(fixture) }
            try index(fixtureID: fixtureID, fixture: fixture, plan: plan, initialID: initialID, stateIDs: stateIDs)
            return true
        }
        var ids: [Int64] = []
        ids.reserveCapacity(readings.count)
        if fixture.initialState != nil, let initialID { ids.append(initialID) }
        for id in stateIDs { if let id { ids.append(id) } }
        guard ids.count == readings.count else {
            guard !prepared.stepValuesReleased else { throw unindexable(fixture) }
            try index(fixtureID: fixtureID, fixture: fixture, plan: plan, initialID: initialID, stateIDs: stateIDs)
            return true
        }
        var known = indexed.removeValue(forKey: feature) ?? []
        var keys = snapshotKeys.removeValue(forKey: feature) ?? [:]
        try insertSnapshots(feature: feature, readings: readings, ids: ids, known: &known, keys: &keys)
        if corpus.keepsKindCounts { tally.add(positions: ids.map { keys[$0] ?? [] }) }
        indexed[feature] = known
        snapshotKeys[feature] = keys
        if indexedCount > 200_000 { indexed.removeAll(keepingCapacity: false); snapshotKeys.removeAll(keepingCapacity: false); indexedCount = 0 }
        try insertTransitions(transitions, fixtureID: fixtureID)
        return true
    }

    /// Adds the rows of the snapshots not in `known`, adding them to it.
    private mutating func insertSnapshots(feature: String, readings: [IndexRows.SnapshotReading], ids: [Int64], known: inout Set<Int64>,
                                          keys: inout [Int64: [Int32]]) throws {
        for (reading, id) in zip(readings, ids) where known.insert(id).inserted {
            indexedCount += 1
            if corpus.keepsKindCounts {
                keys[id] = distinctKeys(feature: feature, reading.kinds.flatMap { field in field.entries.map { (field.field, $0.kind) } })
            }
            for field in reading.kinds {
                try addField(feature: feature, snapshot: id, field: field.field, primitive: field.primitive, kindCount: field.entries.count)
                for entry in field.entries { try addKind(feature: feature, snapshot: id, field: field.field, depth: entry.depth, kind: entry.kind) }
            }
            for island in reading.islands {
                try addIsland(feature: feature, snapshot: id, field: island.field, island: island.island, summary: island.summary)
            }
            try addSpine(feature: feature, snapshot: id, spine: reading.spine)
        }
    }

    private func insertTransitions(_ rows: [IndexRows.Transition], fixtureID: Int64) throws {
        for row in rows { try addTransition(row, fixtureID: fixtureID) }
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
        if corpus.keepsKindCounts {
            var keys = snapshotKeys[feature] ?? [:]
            let derived = Dictionary(grouping: rows.snapshotKinds, by: \.snapshot)
            for snapshot in snapshots where !known.contains(snapshot.id) {
                keys[snapshot.id] = distinctKeys(feature: feature, (derived[snapshot.id] ?? []).map { ($0.field, $0.kind) })
            }
            tally.add(positions: snapshots.map { keys[$0.id] ?? [] })
            snapshotKeys[feature] = keys
        }
        indexed[feature, default: []].formUnion(snapshots.map(\.id))
        indexedCount += snapshots.count
    }

    /// The tally's keys for a snapshot's (field, kind) pairs, each once (a path may hold a kind at two depths).
    private func distinctKeys(feature: String, _ pairs: [(field: String, kind: String)]) -> [Int32] {
        var seen = Set<Int32>()
        return pairs.compactMap { pair in
            let key = tally.key(feature: feature, field: pair.field, kind: pair.kind)
            return seen.insert(key).inserted ? key : nil
        }
    }

    private func unindexable(_ fixture: Fixture) -> DatabaseError {
        DatabaseError(code: 0, message: "fixture \(fixture.name) reached the index without its snapshot readings; re-run the import and report this")
    }

    /// Adds `rows` (written by the next `flush()` at the latest).
    func insert(_ rows: IndexRows) throws {
        for row in rows.snapshotFields {
            try addField(feature: row.feature, snapshot: row.snapshot, field: row.field, primitive: row.primitive, kindCount: row.kindCount)
        }
        for row in rows.snapshotKinds {
            try addKind(feature: row.feature, snapshot: row.snapshot, field: row.field, depth: row.depth, kind: row.kind)
        }
        for row in rows.islandSummaries {
            try addIsland(feature: row.feature, snapshot: row.snapshot, field: row.field, island: row.island, summary: row.summary)
        }
        for row in rows.snapshotSpines { try addSpine(feature: row.feature, snapshot: row.snapshot, spine: CanonicalBlob(bytes: row.spine)) }
        for row in rows.transitions { try addTransition(row, fixtureID: row.fixtureID) }
    }

    private func addSpine(feature: String, snapshot: Int64, spine: CanonicalBlob) throws {
        let spineID = try corpus.blobs.intern(spine).id
        try spines.addRow { row in
            try row.bind(feature, at: 1); try row.bind(snapshot, at: 2); try row.bind(spineID, at: 3)
        }
    }

    private func addField(feature: String, snapshot: Int64, field: String, primitive: Primitive, kindCount: Int) throws {
        try fields.addRow { row in
            try row.bind(feature, at: 1); try row.bind(snapshot, at: 2); try row.bind(field, at: 3)
            try row.bind(primitive.rawValue, at: 4); try row.bind(kindCount, at: 5)
        }
    }

    private func addKind(feature: String, snapshot: Int64, field: String, depth: Int, kind: String) throws {
        try kinds.addRow { row in
            try row.bind(feature, at: 1); try row.bind(snapshot, at: 2); try row.bind(field, at: 3)
            try row.bind(depth, at: 4); try row.bind(kind, at: 5)
        }
    }

    private func addIsland(feature: String, snapshot: Int64, field: String, island: String, summary: [UInt8]) throws {
        let summaryID = try corpus.blobs.intern(summary)
        try islands.addRow { row in
            try row.bind(feature, at: 1); try row.bind(snapshot, at: 2); try row.bind(field, at: 3)
            try row.bind(island, at: 4); try row.bind(summaryID, at: 5)
        }
    }

    private func addTransition(_ transition: IndexRows.Transition, fixtureID: Int64) throws {
        try transitions.addRow { row in
            try row.bind(fixtureID, at: 1); try row.bind(transition.step, at: 2); try row.bind(transition.field, at: 3)
            try row.bind(transition.primitive.rawValue, at: 4); try row.bind(transition.depth, at: 5); try row.bind(transition.change, at: 6)
            try row.bind(transition.kind, at: 7); try row.bind(transition.actionCase, at: 8)
        }
    }
}
