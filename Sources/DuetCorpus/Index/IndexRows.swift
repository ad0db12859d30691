import Duet

/// The structural index rows one fixture implies: what the writer inserts and the checker re-derives.
struct IndexRows {
    struct SnapshotField: Hashable { var feature: String; var snapshot: Int64; var field: String; var primitive: String; var kindCount: Int }
    struct SnapshotKind: Hashable { var feature: String; var snapshot: Int64; var field: String; var depth: Int; var kind: String }
    struct IslandSummary: Hashable { var feature: String; var snapshot: Int64; var field: String; var island: String; var summary: [UInt8] }
    struct Transition: Hashable {
        var fixtureID: Int64; var step: Int; var field: String; var primitive: String
        var depth: Int; var change: String; var kind: String; var actionCase: String?
    }

    var snapshotFields: [SnapshotField] = []
    var snapshotKinds: [SnapshotKind] = []
    var islandSummaries: [IslandSummary] = []
    var transitions: [Transition] = []

    /// Derives the rows for a leaf fixture. `snapshots`: the initial state (step nil) then each
    /// step's expected state, with their blob ids; `skip` names snapshots already indexed.
    static func derive(plan: IndexPlan, fixtureID: Int64, snapshots: [(step: Int?, id: Int64, value: JSONValue)],
                       actionCases: [String?], skip: (Int64) -> Bool = { _ in false }) -> IndexRows {
        var rows = IndexRows()
        var previous: [IndexPlan.FieldKinds]?
        for snapshot in snapshots {
            let kinds = plan.kinds(in: snapshot.value)
            if !skip(snapshot.id) {
                for field in kinds {
                    rows.snapshotFields.append(SnapshotField(feature: plan.feature, snapshot: snapshot.id, field: field.field,
                                                             primitive: field.primitive, kindCount: field.entries.count))
                    for entry in field.entries {
                        rows.snapshotKinds.append(SnapshotKind(feature: plan.feature, snapshot: snapshot.id, field: field.field,
                                                               depth: entry.depth, kind: entry.kind))
                    }
                }
                for island in plan.islandSummaries(in: snapshot.value) {
                    rows.islandSummaries.append(IslandSummary(feature: plan.feature, snapshot: snapshot.id, field: island.field,
                                                              island: island.island, summary: island.summary.canonicalBytes))
                }
            }
            if let step = snapshot.step, let previous {
                let actionCase = step < actionCases.count ? actionCases[step] : nil
                for (before, after) in zip(previous, kinds) {
                    let old = Set(before.entries), new = Set(after.entries)
                    for entry in new.subtracting(old) {
                        rows.transitions.append(Transition(fixtureID: fixtureID, step: step, field: after.field, primitive: after.primitive,
                                                           depth: entry.depth, change: "entered", kind: entry.kind, actionCase: actionCase))
                    }
                    for entry in old.subtracting(new) {
                        rows.transitions.append(Transition(fixtureID: fixtureID, step: step, field: after.field, primitive: after.primitive,
                                                           depth: entry.depth, change: "left", kind: entry.kind, actionCase: actionCase))
                    }
                }
            }
            previous = kinds
        }
        return rows
    }
}
