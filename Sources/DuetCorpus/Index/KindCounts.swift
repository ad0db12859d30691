/// Per kind, the fixtures and fixture positions (initial state and steps) whose snapshot holds it:
/// one row of `kind_counts`, or of the same figures recomputed from the index.
public struct KindCount: Sendable, Hashable {
    public var feature: String
    public var field: String
    /// `<feature>.<primitive>.<case>`.
    public var kind: String
    public var fixtures: Int
    public var steps: Int
}

/// `kind_counts` is kept by every write that changes what the index joins: a fixture written
/// (`KindTally` for the fixtures the writer indexes, `countKinds(ofFixtures:)` for the others),
/// replaced or removed (taken away before its rows go), and a feature re-indexed (recounted).
extension Corpus {
    /// What a fixture contributes: its positions joined to their snapshot's kinds, as the index holds them now.
    private static func contributionSQL(where condition: String) -> String { """
        SELECT feature, field, kind, count(DISTINCT fixture_id), count(*) FROM (
            SELECT DISTINCT k.feature, k.field, k.kind, s.fixture_id, coalesce(s.step, -1)
            FROM fixture_snapshots s
            JOIN fixtures f ON f.id = s.fixture_id
            JOIN snapshot_kinds k ON k.snapshot = s.snapshot AND k.feature = f.feature
            WHERE \(condition))
        GROUP BY feature, field, kind
        """ }

    /// Adds (`sign` 1) or takes away (-1) what the stored fixtures `ids` contribute to the kept counts.
    func countKinds(ofFixtures ids: [Int64], sign: Int) throws {
        guard keepsKindCounts, !ids.isEmpty else { return }
        let contribution = try database.cachedStatement(Self.contributionSQL(where: "s.fixture_id = ?1"))
        var deltas: [KindCount] = []
        for id in ids {
            try contribution.forEachRow([.integer(id)]) { row in
                deltas.append(KindCount(feature: row.text(at: 0) ?? "", field: row.text(at: 1) ?? "", kind: row.text(at: 2) ?? "",
                                        fixtures: sign * row.int(at: 3), steps: sign * row.int(at: 4)))
            }
        }
        try applyKindCountDeltas(deltas)
    }

    /// Adds each delta to its kind's kept row; a row left with no fixture goes.
    func applyKindCountDeltas(_ deltas: [KindCount]) throws {
        guard keepsKindCounts, !deltas.isEmpty else { return }
        let add = try database.cachedStatement("""
            INSERT INTO kind_counts(feature, field, kind, fixtures, steps) VALUES (?1, ?2, ?3, ?4, ?5)
            ON CONFLICT (feature, field, kind) DO UPDATE SET fixtures = fixtures + excluded.fixtures, steps = steps + excluded.steps
            """)
        // SQLite checks an upsert's row before it meets the conflict: a negative delta is an update.
        let takeAway = try database.cachedStatement("""
            UPDATE kind_counts SET fixtures = fixtures + ?4, steps = steps + ?5 WHERE feature = ?1 AND field = ?2 AND kind = ?3
            """)
        let dropEmpty = try database.cachedStatement("DELETE FROM kind_counts WHERE feature = ?1 AND field = ?2 AND kind = ?3 AND fixtures = 0")
        for delta in deltas where delta.fixtures != 0 || delta.steps != 0 {
            let key: [SQLValue] = [.text(delta.feature), .text(delta.field), .text(delta.kind)]
            if delta.fixtures < 0 || delta.steps < 0 {
                try takeAway.execute(key + [SQLValue(delta.fixtures), SQLValue(delta.steps)])
                try dropEmpty.execute(key)
            } else {
                try add.execute(key + [SQLValue(delta.fixtures), SQLValue(delta.steps)])
            }
        }
    }

    /// Recounts `features` from the index (after it was re-derived).
    func recountKinds(features: [String]) throws {
        guard keepsKindCounts else { return }
        for feature in Set(features) {
            try database.execute("DELETE FROM kind_counts WHERE feature = ?", [.text(feature)])
            try database.execute("INSERT INTO kind_counts(feature, field, kind, fixtures, steps) "
                                 + Self.contributionSQL(where: "f.feature = ?1"), [.text(feature)])
        }
    }

    /// After a seed loads into `db`: the kind counts recomputed from its index, no kept fixture-set hash.
    static func rederiveKeptAnswers(in db: Database) throws {
        guard try db.scalarInteger("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'kind_counts'") == 1 else { return }
        try db.execute("DELETE FROM corpus_meta WHERE key = 'local.fixture_set'")
        try db.execute("DELETE FROM kind_counts")
        try db.execute("INSERT INTO kind_counts(feature, field, kind, fixtures, steps) " + contributionSQL(where: "1"))
    }

    /// The kept counts, sorted by feature, field, kind; of one feature when `feature` is given.
    public func keptKindCounts(feature: String? = nil) throws -> [KindCount] {
        try kindCounts(sql: "SELECT feature, field, kind, fixtures, steps FROM kind_counts WHERE ?1 IS NULL OR feature = ?1 ORDER BY 1, 2, 3",
                       feature: feature)
    }

    /// The same counts computed from the index over every stored fixture — the check of the kept
    /// ones (a join of every position with its kinds: seconds at a million steps).
    public func recomputedKindCounts(feature: String? = nil) throws -> [KindCount] {
        try kindCounts(sql: Self.contributionSQL(where: "?1 IS NULL OR f.feature = ?1") + " ORDER BY 1, 2, 3",
                       feature: feature)
    }

    private func kindCounts(sql: String, feature: String?) throws -> [KindCount] {
        var counts: [KindCount] = []
        try database.prepare(sql).forEachRow([SQLValue(feature)]) { row in
            counts.append(KindCount(feature: row.text(at: 0) ?? "", field: row.text(at: 1) ?? "", kind: row.text(at: 2) ?? "",
                                    fixtures: row.int(at: 3), steps: row.int(at: 4)))
        }
        return counts
    }
}
