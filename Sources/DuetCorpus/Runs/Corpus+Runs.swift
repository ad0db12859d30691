extension Corpus {
    /// Stores a run and its results in one transaction; returns the run's id. The fixtures that did
    /// not pass get a row each, in full; the passes are one value (`PassSet`). Then the retention
    /// policy (`RunRetention`) drops what falls outside it.
    ///
    /// ```swift
    /// let id = try corpus.storeRun(run)
    /// let latest = try corpus.runs(platform: "swift", limit: 1).first   // results included
    /// ```
    @discardableResult
    public func storeRun(_ run: StoredRun) throws -> Int64 {
        try write(touchesTree: false) {
            try database.execute("""
                INSERT INTO runs (started_at, platform, runner, status, fixture_count, passed_count, failed_count,
                                  not_run_count, ended_early, runner_failure, duration_ms, scope, reused_count, reused_since,
                                  passes, \(ResultInputs.columns))
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, [.text(run.startedAt), .text(run.platform), .text(run.runner), .text(run.status),
                      SQLValue(run.fixtureCount), SQLValue(run.passedCount), SQLValue(run.failedCount), SQLValue(run.notRunCount),
                      SQLValue(run.runnerFailure != nil), SQLValue(run.runnerFailure), SQLValue(run.durationMilliseconds),
                      SQLValue(run.scope?.stored), SQLValue(run.reusedCount), SQLValue(run.reusedSince),
                      .blob(run.passes ?? PassSet.encode(run.results.filter(\.isStoredAsPass).map { ReusedPass(fixture: $0.fixture, steps: $0.stepsRun) }))]
                     + (run.inputs?.columnValues ?? [.null, .null, .null, .null, .null]))
            let id = database.lastInsertRowID
            let insert = try database.cachedStatement("""
                INSERT INTO run_results (run_id, fixture, status, steps_run, failure_kind, step, label, action, path,
                                         expected, actual, message, source)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            for result in run.results where !result.isStoredAsPass {
                try insert.execute([.integer(id), .text(result.fixture), .text(result.status), SQLValue(result.stepsRun),
                                    SQLValue(result.failureKind), SQLValue(result.step), SQLValue(result.label), SQLValue(result.action),
                                    SQLValue(result.path), SQLValue(result.expected), SQLValue(result.actual),
                                    SQLValue(result.message), SQLValue(result.source)])
            }
            try storeDivergentStates(run: id, run.results)
            try applyRetention()
            return id
        }
    }

    /// Stored runs, newest first, with their results; `fullOnly` leaves out filtered runs (and runs of unknown scope).
    /// `withResults: false` leaves the per-fixture rows unread.
    public func runs(platform: String? = nil, limit: Int = 20, fullOnly: Bool = false, withResults: Bool = true) throws -> [StoredRun] {
        try storedRuns(where: "(?1 IS NULL OR platform = ?1) AND (?3 = 0 OR scope = 'full')",
                       [SQLValue(platform), SQLValue(limit), SQLValue(fullOnly)], withResults: withResults)
    }

    /// The stored run with id `id`, with its results.
    public func run(id: Int64) throws -> StoredRun? {
        try storedRuns(where: "id = ?1", [.integer(id), .integer(1)], withResults: true).first
    }

    /// `condition` may use ?1 and ?3…; ?2 is the limit.
    private func storedRuns(where condition: String, _ values: [SQLValue], withResults: Bool) throws -> [StoredRun] {
        let rows = try database.rows("""
            SELECT id, started_at, platform, runner, status, fixture_count, passed_count, failed_count, not_run_count,
                   runner_failure, duration_ms, scope, reused_count, reused_since, \(ResultInputs.columns), passes,
                   (SELECT count(*) FROM run_results r WHERE r.run_id = runs.id AND r.status != 'passed')
            FROM runs WHERE \(condition) ORDER BY id DESC LIMIT ?2
            """, values)
        return try rows.map { row in
            let id = row[0].integer ?? 0
            let fixtures = Int(row[5].integer ?? 0)
            var run = StoredRun(id: id, startedAt: row[1].text ?? "", platform: row[2].text ?? "", runner: row[3].text ?? "",
                             status: row[4].text ?? "", scope: RunScope(stored: row[11].text), fixtureCount: fixtures, passedCount: Int(row[6].integer ?? 0),
                             failedCount: Int(row[7].integer ?? 0), notRunCount: Int(row[8].integer ?? 0), runnerFailure: row[9].text,
                             durationMilliseconds: Int(row[10].integer ?? 0), results: withResults ? try runResults(run: id, passes: row[19].blob) : [],
                             inputs: ResultInputs(columns: row, at: 14, fixtureCount: fixtures, runnerBacked: true),
                             reusedCount: Int(row[12].integer ?? 0), reusedSince: row[13].integer)
            run.omittedFailures = max(0, run.failedCount + run.notRunCount - Int(row[20].integer ?? 0))
            return run
        }
    }

    /// The run's rows (its failures; every fixture for a run stored before passes were one value)
    /// merged in name order with its passes.
    private func runResults(run id: Int64, passes: [UInt8]?) throws -> [StoredFixtureResult] {
        let passed = try PassSet.decode(passes ?? []).map { StoredFixtureResult(fixture: $0.fixture, status: "passed", stepsRun: $0.steps) }
        let rows = try database.rows("""
            SELECT r.fixture, r.status, r.steps_run, r.failure_kind, r.step, r.label, r.action, r.path, r.expected, r.actual, r.message,
                   r.source, d.state
            FROM run_results r LEFT JOIN run_divergent_states d ON d.run_id = r.run_id AND d.fixture = r.fixture
            WHERE r.run_id = ? ORDER BY r.fixture
            """, [.integer(id)]).map { row in
            StoredFixtureResult(fixture: row[0].text ?? "", status: row[1].text ?? "", stepsRun: Int(row[2].integer ?? 0),
                                failureKind: row[3].text, step: row[4].integer.map { Int($0) }, label: row[5].text, action: row[6].text,
                                path: row[7].text, expected: row[8].text, actual: row[9].text, message: row[10].text, source: row[11].text,
                                actualState: row[12].blob)
        }
        return NameOrderMerge.merge(rows, passed) { $0.fixture }
    }

    /// The platforms with a stored run of any scope, sorted.
    public func platformsWithRuns() throws -> [String] {
        try database.rows("SELECT DISTINCT platform FROM runs ORDER BY platform").compactMap { $0[0].text }
    }
}
