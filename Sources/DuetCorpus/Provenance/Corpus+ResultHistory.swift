/// One stored result as `duet runs` lists it: which gate or check, when, over what, and what it judged.
public struct ResultRecord: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable { case verify, drill, lint, census, audit }

    public var kind: Kind
    /// Row id in the kind's table (`runs`, `drill_runs`, `check_results`, `audits`).
    public var id: Int64
    /// When it started (runs) or was made (checks), ISO-8601 UTC.
    public var at: String
    public var platform: String?
    /// `full`, or what narrowed it (`feature=timeline`, `shard=2/3`).
    public var scope: String
    /// `passed` / `failed` for runs, `holds` / `fails` for checks.
    public var status: String
    public var fixtures: Int
    /// Fixtures a run replayed, and how many passed unchanged since run `reusedSince` (nil for checks).
    public var replayed: Int?
    public var reused: Int
    public var reusedSince: Int64?
    /// The runner command of a run.
    public var runner: String?
    /// nil for a result stored before results named their inputs.
    public var inputs: ResultInputs?
}

extension Corpus {
    /// Stored results, newest first: verify and drill runs, lint and census results, audits —
    /// `kinds` (all when empty) and `platform` narrow the list.
    ///
    /// ```swift
    /// let latest = try corpus.resultHistory(kinds: [.verify], platform: "swift", limit: 5)
    /// latest.first?.inputs?.runner?.build     // the build that judged it; nil: unidentified
    /// ```
    public func resultHistory(kinds: [ResultRecord.Kind] = [], platform: String? = nil, limit: Int = 20) throws -> [ResultRecord] {
        let wanted = Set(kinds.isEmpty ? ResultRecord.Kind.allCases : kinds)
        var records: [ResultRecord] = []
        let bound = [SQLValue(platform), SQLValue(limit)]
        if wanted.contains(.verify) {
            records += try database.rows("""
                SELECT id, started_at, platform, coalesce(scope, 'unknown'), status, fixture_count, reused_count, reused_since, runner,
                       \(ResultInputs.columns)
                FROM runs WHERE ?1 IS NULL OR platform = ?1 ORDER BY id DESC LIMIT ?2
                """, bound).map { run(.verify, $0) }
        }
        if wanted.contains(.drill) {
            records += try database.rows("""
                SELECT id, started_at, platform, CASE WHEN scope = 'full' THEN 'full' ELSE coalesce(filter, scope) END, status,
                       fixture_count, reused_count, reused_since, runner, \(ResultInputs.columns)
                FROM drill_runs WHERE ?1 IS NULL OR platform = ?1 ORDER BY id DESC LIMIT ?2
                """, bound).map { run(.drill, $0) }
        }
        if platform == nil {
            for kind in [ResultRecord.Kind.lint, .census] where wanted.contains(kind) {
                records += try database.rows("""
                    SELECT id, created_at, holds, findings, fixtures_hash, manifest_hash, structures_hash
                    FROM check_results WHERE kind = ? ORDER BY id DESC LIMIT ?
                    """, [.text(kind.rawValue), SQLValue(limit)]).map { row in
                    ResultRecord(kind: kind, id: row[0].integer ?? 0, at: row[1].text ?? "", platform: nil, scope: "full",
                                 status: row[2].integer == 1 ? "holds" : "fails", fixtures: 0, replayed: nil, reused: 0, reusedSince: nil,
                                 runner: nil, inputs: row[4].text.map { ResultInputs(fixtures: $0, fixtureCount: 0, manifest: row[5].text, structures: row[6].text) })
                }
            }
            if wanted.contains(.audit) {
                records += try database.rows("""
                    SELECT id, created_at, holds, fixtures_hash, manifest_hash, structures_hash FROM audits ORDER BY id DESC LIMIT ?
                    """, [SQLValue(limit)]).map { row in
                    ResultRecord(kind: .audit, id: row[0].integer ?? 0, at: row[1].text ?? "", platform: nil, scope: "full",
                                 status: row[2].integer == 1 ? "holds" : "fails", fixtures: 0, replayed: nil, reused: 0, reusedSince: nil,
                                 runner: nil, inputs: row[3].text.map { ResultInputs(fixtures: $0, fixtureCount: 0, manifest: row[4].text, structures: row[5].text) })
                }
            }
        }
        records.sort { ($0.at, $0.kind.rawValue, $0.id) > ($1.at, $1.kind.rawValue, $1.id) }
        return Array(records.prefix(limit))
    }

    private func run(_ kind: ResultRecord.Kind, _ row: Row) -> ResultRecord {
        let fixtures = Int(row[5].integer ?? 0), reused = Int(row[6].integer ?? 0)
        return ResultRecord(kind: kind, id: row[0].integer ?? 0, at: row[1].text ?? "", platform: row[2].text, scope: row[3].text ?? "",
                            status: row[4].text ?? "", fixtures: fixtures, replayed: fixtures - reused, reused: reused,
                            reusedSince: row[7].integer, runner: row[8].text,
                            inputs: ResultInputs(columns: row, at: 9, fixtureCount: fixtures, runnerBacked: true))
    }
}
