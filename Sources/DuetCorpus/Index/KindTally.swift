/// What the fixtures a `StructuralIndexWriter` indexes add to `kind_counts`, counted from the
/// readings the writer derives anyway (no query per fixture) and added to the kept rows on
/// `flush()`. A reference: the writer's `flush()` does not mutate it.
final class KindTally {
    private struct Key: Hashable { var feature: String; var field: String; var kind: String }
    private var ids: [Key: Int32] = [:]
    private var keys: [Key] = []
    private var fixtures: [Int] = []
    private var steps: [Int] = []
    /// The last fixture counted per key, so a fixture counts once however many positions hold it.
    private var lastFixture: [Int] = []
    private var fixtureSerial = 0
    /// Fixtures written but not indexed (chains, features without a structure): counted by a query
    /// once their rows are written, in case the index holds kinds of their snapshots.
    private(set) var unindexed: [Int64] = []

    func countLater(fixture id: Int64) { unindexed.append(id) }

    /// The number standing for one kind of one field of `feature`.
    func key(feature: String, field: String, kind: String) -> Int32 {
        let key = Key(feature: feature, field: field, kind: kind)
        if let id = ids[key] { return id }
        let id = Int32(keys.count)
        ids[key] = id
        keys.append(key)
        fixtures.append(0); steps.append(0); lastFixture.append(-1)
        return id
    }

    /// One fixture: per position (initial state and each step with a state), the distinct keys its snapshot holds.
    func add(positions: [[Int32]]) {
        fixtureSerial += 1
        for position in positions {
            for key in position {
                let index = Int(key)
                steps[index] += 1
                if lastFixture[index] != fixtureSerial { lastFixture[index] = fixtureSerial; fixtures[index] += 1 }
            }
        }
    }

    func takeUnindexed() -> [Int64] { defer { unindexed = [] }; return unindexed }

    /// The counts since the last call, emptied.
    func takeDeltas() -> [KindCount] {
        var deltas: [KindCount] = []
        for index in keys.indices where fixtures[index] > 0 {
            let key = keys[index]
            deltas.append(KindCount(feature: key.feature, field: key.field, kind: key.kind, fixtures: fixtures[index], steps: steps[index]))
            fixtures[index] = 0; steps[index] = 0
        }
        return deltas
    }
}
