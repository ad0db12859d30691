/// What a milestone says about one thing that failed, enough to see it without a terminal: where it
/// first diverged, expected against got, the scenario's `source:line`.
public struct MilestoneFailure: Sendable, Codable, Equatable {
    public enum Gate: String, Sendable, Codable { case verify, drill }
    public var gate: Gate
    public var platform: String
    public var fixture: String
    /// verify: `state`, `effects`, `link`, `refused`, `runner`, `malformed`, `not-run`; drill: the rule (`round-trip`, `carry-on`, …).
    public var kind: String
    /// 0-based step; nil for the initial state or a failure not tied to a step.
    public var step: Int?
    public var label: String?
    /// The chain node (or, for the drill, the feature drilled).
    public var node: String?
    /// The step's action, canonical.
    public var action: String?
    /// The first divergent JSON path, and the canonical fragments there.
    public var path: String?
    public var expected: String?
    public var actual: String?
    public var message: String?
    /// `file:line` of the scenario step, when the fixture records it.
    public var source: String?
}

/// The failures of a milestone's gates, per gate and platform, capped so a red corpus still gives a page one can open.
public struct MilestoneFailures: Sendable, Codable, Equatable {
    public var failures: [MilestoneFailure]
    /// Failures left out past the cap, as `gate platform` → how many.
    public var omitted: [String: Int]

    public static let limitPerRun = 100
}

extension Corpus {
    /// The failing fixtures of the verify runs and restore drills a milestone reports, in detail.
    func milestoneFailures(verify: [PlatformStatus], drill: [DrillStatus]) throws -> MilestoneFailures {
        var out = MilestoneFailures(failures: [], omitted: [:])
        for run in verify where run.status != "passed" {
            guard let id = try database.scalarInteger("""
                SELECT max(id) FROM runs WHERE platform = ? AND started_at = ? AND scope = 'full'
                """, [.text(run.platform), .text(run.startedAt)]) else { continue }
            let rows = try database.rows("""
                SELECT fixture, coalesce(failure_kind, 'failed'), step, label, action, path, expected, actual, message, source
                FROM run_results WHERE run_id = ? AND status = 'failed' ORDER BY fixture
                """, [.integer(id)])
            for row in rows.prefix(MilestoneFailures.limitPerRun) {
                out.failures.append(MilestoneFailure(gate: .verify, platform: run.platform, fixture: row[0].text ?? "", kind: row[1].text ?? "",
                                                     step: row[2].integer.map { Int($0) }, label: row[3].text, node: nil, action: row[4].text,
                                                     path: row[5].text, expected: row[6].text, actual: row[7].text, message: row[8].text,
                                                     source: row[9].text))
            }
            if rows.count > MilestoneFailures.limitPerRun { out.omitted["verify \(run.platform)"] = rows.count - MilestoneFailures.limitPerRun }
        }
        for run in drill where run.status != "passed" {
            guard let id = try database.scalarInteger("""
                SELECT max(id) FROM drill_runs WHERE platform = ? AND started_at = ? AND scope = 'full'
                """, [.text(run.platform), .text(run.startedAt)]) else { continue }
            // The first open finding of each fixture: where it first went wrong.
            let rows = try database.rows("""
                SELECT d.fixture, d.rule, d.step, s.label, CAST(a.bytes AS TEXT), d.path, d.expected, d.actual, d.message,
                       f.scenario_source || coalesce(':' || s.line, ''), d.node
                FROM drill_findings d
                LEFT JOIN fixtures f ON f.name = d.fixture
                LEFT JOIN steps s ON s.fixture_id = f.id AND s.idx = d.step
                LEFT JOIN blobs a ON a.id = s.action_blob
                WHERE d.run_id = ? AND d.ruling IS NULL
                  AND d.seq = (SELECT min(seq) FROM drill_findings e WHERE e.run_id = d.run_id AND e.fixture = d.fixture AND e.ruling IS NULL)
                ORDER BY d.fixture
                """, [.integer(id)])
            for row in rows.prefix(MilestoneFailures.limitPerRun) {
                out.failures.append(MilestoneFailure(gate: .drill, platform: run.platform, fixture: row[0].text ?? "", kind: row[1].text ?? "",
                                                     step: row[2].integer.map { Int($0) }, label: row[3].text, node: row[10].text,
                                                     action: row[4].text, path: row[5].text, expected: row[6].text, actual: row[7].text,
                                                     message: row[8].text, source: row[9].text))
            }
            if rows.count > MilestoneFailures.limitPerRun { out.omitted["drill \(run.platform)"] = rows.count - MilestoneFailures.limitPerRun }
        }
        return out
    }
}
