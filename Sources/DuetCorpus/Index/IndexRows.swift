import Duet

/// The structural index rows one fixture implies: what the writer inserts and the checker re-derives.
struct IndexRows {
    struct SnapshotField: Hashable { var feature: String; var snapshot: Int64; var field: String; var primitive: Primitive; var kindCount: Int }
    struct SnapshotKind: Hashable { var feature: String; var snapshot: Int64; var field: String; var depth: Int; var kind: String }
    struct IslandSummary: Hashable { var feature: String; var snapshot: Int64; var field: String; var island: String; var summary: [UInt8] }
    struct SnapshotSpine: Hashable { var feature: String; var snapshot: Int64; var spine: [UInt8] }
    struct Transition: Hashable, Sendable {
        var fixtureID: Int64; var step: Int; var field: String; var primitive: Primitive
        var depth: Int; var change: String; var kind: String; var actionCase: String?
    }

    /// What the index needs from one snapshot, read without knowing its blob id (so the parsing
    /// threads can do it): its L0 kinds, island summaries and spine.
    struct SnapshotReading: Sendable {
        struct Island: Sendable { var field: String; var island: String; var summary: [UInt8] }
        var step: Int?
        var kinds: [IndexPlan.FieldKinds]
        var islands: [Island]
        /// The snapshot's spine, hashed where it was read (off the writer's thread on import).
        var spine: CanonicalBlob

        init(plan: IndexPlan, step: Int?, state: JSONValue) {
            self.step = step
            kinds = plan.kinds(in: state)
            islands = plan.islandSummaries(in: state).map { Island(field: $0.field, island: $0.island, summary: $0.summary.canonicalBytes) }
            spine = CanonicalBlob(bytes: plan.spine.spine(of: state))
        }
    }

    var snapshotFields: [SnapshotField] = []
    var snapshotKinds: [SnapshotKind] = []
    var islandSummaries: [IslandSummary] = []
    var snapshotSpines: [SnapshotSpine] = []
    var transitions: [Transition] = []

    /// Derives the rows for a leaf fixture. `snapshots`: the initial state (step nil) then each
    /// step's expected state, with their blob ids; `skip` names snapshots already indexed.
    static func derive(plan: IndexPlan, fixtureID: Int64, snapshots: [(step: Int?, id: Int64, value: JSONValue)],
                       actionCases: [String?], skip: (Int64) -> Bool = { _ in false }) -> IndexRows {
        let readings = snapshots.map { SnapshotReading(plan: plan, step: $0.step, state: $0.value) }
        var rows = snapshotRows(feature: plan.feature, readings: readings, ids: snapshots.map(\.id), skip: skip)
        rows.transitions = transitions(readings: readings, actionCases: actionCases, fixtureID: fixtureID)
        return rows
    }

    /// The per-snapshot rows of `readings` (ids parallel to them), leaving out skipped snapshots.
    static func snapshotRows(feature: String, readings: [SnapshotReading], ids: [Int64], skip: (Int64) -> Bool) -> IndexRows {
        var rows = IndexRows()
        for (reading, id) in zip(readings, ids) where !skip(id) {
            for field in reading.kinds {
                rows.snapshotFields.append(SnapshotField(feature: feature, snapshot: id, field: field.field,
                                                         primitive: field.primitive, kindCount: field.entries.count))
                for entry in field.entries {
                    rows.snapshotKinds.append(SnapshotKind(feature: feature, snapshot: id, field: field.field,
                                                           depth: entry.depth, kind: entry.kind))
                }
            }
            for island in reading.islands {
                rows.islandSummaries.append(IslandSummary(feature: feature, snapshot: id, field: island.field,
                                                          island: island.island, summary: island.summary))
            }
            rows.snapshotSpines.append(SnapshotSpine(feature: feature, snapshot: id, spine: reading.spine.bytes))
        }
        return rows
    }

    /// Each kind entered or left between consecutive snapshots.
    static func transitions(readings: [SnapshotReading], actionCases: [String?], fixtureID: Int64) -> [Transition] {
        var result: [Transition] = []
        var previous: [IndexPlan.FieldKinds]?
        for reading in readings {
            if let step = reading.step, let previous {
                let actionCase = step < actionCases.count ? actionCases[step] : nil
                for change in L0Transitions.changes(from: .init(fields: previous), to: .init(fields: reading.kinds)) {
                    result.append(Transition(fixtureID: fixtureID, step: step, field: change.field, primitive: change.primitive,
                                             depth: change.depth, change: change.direction.rawValue, kind: change.kind, actionCase: actionCase))
                }
            }
            previous = reading.kinds
        }
        return result
    }
}
