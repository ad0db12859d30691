/// A restore drill run as the corpus keeps it (table `drill_runs`), with its findings.
public struct StoredDrillRun: Sendable, Equatable {
    /// `full` when every stored fixture was drilled, `filtered` under `--feature` / `--fixture`.
    public enum Scope: String, Sendable { case full, filtered }

    /// Row id; nil before the run is stored.
    public var id: Int64?
    public var startedAt: String
    public var platform: String
    public var runner: String
    public var scope: Scope
    /// What a filtered run was limited to (`feature timeline`, `fixture capture.camera`).
    public var filter: String?
    /// `passed` or `failed`.
    public var status: String
    public var fixtureCount: Int
    public var snapshotCount: Int
    public var stepCount: Int
    public var maxSpineBytes: Int
    /// Why the run stopped early (the runner kept failing); nil when it ran to the end.
    public var runnerFailure: String?
    public var durationMilliseconds: Int
    public var findings: [StoredDrillFinding]
    /// What the run judged; nil for a run stored before results named their inputs (it never stands for now).
    public var inputs: ResultInputs?
    /// Fixtures not drilled again because they passed before with the same behaviour, runner and structures.
    public var reusedCount: Int
    /// The latest drill run those fixtures were drilled in.
    public var reusedSince: Int64?

    public init(id: Int64? = nil, startedAt: String, platform: String, runner: String, scope: Scope, filter: String?, status: String,
                fixtureCount: Int, snapshotCount: Int, stepCount: Int, maxSpineBytes: Int, runnerFailure: String?,
                durationMilliseconds: Int, findings: [StoredDrillFinding], inputs: ResultInputs? = nil, reusedCount: Int = 0,
                reusedSince: Int64? = nil) {
        self.id = id; self.startedAt = startedAt; self.platform = platform; self.runner = runner; self.scope = scope
        self.filter = filter; self.status = status; self.fixtureCount = fixtureCount; self.snapshotCount = snapshotCount
        self.stepCount = stepCount; self.maxSpineBytes = maxSpineBytes; self.runnerFailure = runnerFailure
        self.durationMilliseconds = durationMilliseconds; self.findings = findings
        self.inputs = inputs; self.reusedCount = reusedCount; self.reusedSince = reusedSince
    }

    /// Findings (open, and ruled) of the fixtures beyond `--max-failures`: counted, not stored.
    /// Read back: the run's counts less the findings stored.
    public var omittedFindings = 0, omittedRuled = 0

    /// The fixtures with at least one finding no ruling accepts (those stored), sorted.
    public var failingFixtures: [String] { Array(Set(findings.filter { $0.ruling == nil }.map(\.fixture))).sorted() }
    public var openFindingCount: Int { findings.count { $0.ruling == nil } }
}

/// One finding of a drill run (table `drill_findings`).
public struct StoredDrillFinding: Sendable, Equatable {
    public var fixture: String
    /// 0-based; nil for the fixture's initial state (or a finding not tied to a snapshot).
    public var step: Int?
    public var node: String?
    public var rule: String
    public var path: String?
    public var expected: String?
    public var actual: String?
    public var message: String?
    /// The reason of the `drill.rulings` entry that accepts it; nil for a finding that fails the run.
    public var ruling: String?

    public init(fixture: String, step: Int?, node: String?, rule: String, path: String?, expected: String?, actual: String?,
                message: String?, ruling: String? = nil) {
        self.fixture = fixture; self.step = step; self.node = node; self.rule = rule; self.path = path
        self.expected = expected; self.actual = actual; self.message = message; self.ruling = ruling
    }
}

extension Corpus {
    /// Stores a drill run and its findings in one transaction, then applies the retention policy
    /// (`RunRetention`); returns the run's id.
    ///
    /// ```swift
    /// let id = try corpus.storeDrillRun(run)
    /// let latest = try corpus.drillRuns(platform: "swift", limit: 1).first   // findings included
    /// ```
    @discardableResult
    public func storeDrillRun(_ run: StoredDrillRun) throws -> Int64 {
        try write(touchesTree: false) {
            try database.execute("""
                INSERT INTO drill_runs (started_at, platform, runner, scope, filter, status, fixture_count, snapshot_count,
                                        step_count, finding_count, ruled_count, max_spine_bytes, ended_early, runner_failure, duration_ms,
                                        reused_count, reused_since, \(ResultInputs.columns))
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, [.text(run.startedAt), .text(run.platform), .text(run.runner), .text(run.scope.rawValue), SQLValue(run.filter),
                      .text(run.status), SQLValue(run.fixtureCount), SQLValue(run.snapshotCount), SQLValue(run.stepCount),
                      SQLValue(run.openFindingCount + run.omittedFindings), SQLValue(run.findings.count - run.openFindingCount + run.omittedRuled),
                      SQLValue(run.maxSpineBytes), SQLValue(run.runnerFailure != nil),
                      SQLValue(run.runnerFailure), SQLValue(run.durationMilliseconds), SQLValue(run.reusedCount), SQLValue(run.reusedSince)]
                     + (run.inputs?.columnValues ?? [.null, .null, .null, .null, .null]))
            let id = database.lastInsertRowID
            let insert = try database.cachedStatement("""
                INSERT INTO drill_findings (run_id, seq, fixture, step, node, rule, path, expected, actual, message, ruling)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            for (seq, finding) in run.findings.enumerated() {
                try insert.execute([.integer(id), SQLValue(seq), .text(finding.fixture), SQLValue(finding.step), SQLValue(finding.node),
                                    .text(finding.rule), SQLValue(finding.path), SQLValue(finding.expected), SQLValue(finding.actual),
                                    SQLValue(finding.message), SQLValue(finding.ruling)])
            }
            try applyRetention()
            return id
        }
    }

    /// Stored drill runs, newest first, with their findings; `fullOnly` leaves out filtered runs.
    public func drillRuns(platform: String? = nil, fullOnly: Bool = false, limit: Int = 20) throws -> [StoredDrillRun] {
        try storedDrillRuns(where: "(?1 IS NULL OR platform = ?1) AND (?2 = 0 OR scope = 'full')",
                            [SQLValue(platform), SQLValue(fullOnly), SQLValue(limit)])
    }

    /// The stored drill run with id `id`, with its findings.
    public func drillRun(id: Int64) throws -> StoredDrillRun? {
        try storedDrillRuns(where: "id = ?1 AND ?2 IS NOT NULL", [.integer(id), .integer(0), .integer(1)]).first
    }

    /// `condition` may use ?1 and ?2; ?3 is the limit.
    private func storedDrillRuns(where condition: String, _ values: [SQLValue]) throws -> [StoredDrillRun] {
        let rows = try database.rows("""
            SELECT id, started_at, platform, runner, scope, filter, status, fixture_count, snapshot_count, step_count,
                   max_spine_bytes, runner_failure, duration_ms, reused_count, reused_since, \(ResultInputs.columns),
                   finding_count, ruled_count
            FROM drill_runs WHERE \(condition) ORDER BY id DESC LIMIT ?3
            """, values)
        return try rows.map { row in
            let id = row[0].integer ?? 0
            let fixtures = Int(row[7].integer ?? 0)
            var run = StoredDrillRun(id: id, startedAt: row[1].text ?? "", platform: row[2].text ?? "", runner: row[3].text ?? "",
                                  scope: StoredDrillRun.Scope(rawValue: row[4].text ?? "") ?? .filtered, filter: row[5].text,
                                  status: row[6].text ?? "", fixtureCount: fixtures, snapshotCount: Int(row[8].integer ?? 0),
                                  stepCount: Int(row[9].integer ?? 0), maxSpineBytes: Int(row[10].integer ?? 0), runnerFailure: row[11].text,
                                  durationMilliseconds: Int(row[12].integer ?? 0), findings: try drillFindings(run: id),
                                  inputs: ResultInputs(columns: row, at: 15, fixtureCount: fixtures, runnerBacked: true),
                                  reusedCount: Int(row[13].integer ?? 0), reusedSince: row[14].integer)
            run.omittedFindings = max(0, Int(row[20].integer ?? 0) - run.openFindingCount)
            run.omittedRuled = max(0, Int(row[21].integer ?? 0) - (run.findings.count - run.openFindingCount))
            return run
        }
    }

    /// The platforms with a stored drill run of any scope, sorted.
    public func platformsWithDrillRuns() throws -> [String] {
        try database.rows("SELECT DISTINCT platform FROM drill_runs ORDER BY platform").compactMap { $0[0].text }
    }

    private func drillFindings(run id: Int64) throws -> [StoredDrillFinding] {
        try database.rows("""
            SELECT fixture, step, node, rule, path, expected, actual, message, ruling FROM drill_findings WHERE run_id = ? ORDER BY seq
            """, [.integer(id)]).map { row in
            StoredDrillFinding(fixture: row[0].text ?? "", step: row[1].integer.map { Int($0) }, node: row[2].text, rule: row[3].text ?? "",
                               path: row[4].text, expected: row[5].text, actual: row[6].text, message: row[7].text, ruling: row[8].text)
        }
    }
}
