/// What each platform's latest full verify run says of every fixture, as the map reads it.
struct MapRunResults {
    struct Result {
        var passed: Bool
        var failureKind: String?
        var step: Int?
        var divergentState: [UInt8]?

        /// Steps `0..<taken` held: all of them when the fixture passed; through the divergent step when
        /// only its effects diverged (its state had matched); else up to it (a state divergence, a
        /// refusal, a chain's link that did not deliver).
        func taken(steps: Int) -> Int {
            if passed { return steps }
            guard let step else { return 0 }
            return failureKind == "effects" ? step + 1 : step
        }

        /// Not replayed at all: the run stopped first, or the fixture could not be replayed.
        var replayed: Bool { passed || !["not-run", "malformed"].contains(failureKind ?? "") }
    }

    var runs: [MapRun] = []
    /// platform → fixture → result.
    var results: [String: [String: Result]] = [:]

    init(corpus: Corpus, platform: String?) throws {
        let latest = try corpus.database.rows("""
            SELECT id, platform, started_at, status, passes FROM runs r
            WHERE scope = 'full' AND id = (SELECT max(id) FROM runs r2 WHERE r2.platform = r.platform AND r2.scope = 'full')
              AND (?1 IS NULL OR platform = ?1)
            ORDER BY platform
            """, [SQLValue(platform)])
        for run in latest {
            let name = run[1].text ?? ""
            var byFixture: [String: Result] = [:]
            for pass in try PassSet.decode(run[4].blob ?? []) {
                byFixture[pass.fixture] = Result(passed: true, failureKind: nil, step: nil, divergentState: nil)
            }
            try corpus.database.cachedStatement("""
                SELECT r.fixture, r.status = 'passed', r.failure_kind, r.step, d.state
                FROM run_results r LEFT JOIN run_divergent_states d ON d.run_id = r.run_id AND d.fixture = r.fixture
                WHERE r.run_id = ?
                """).forEachRow([run[0]]) { row in
                byFixture[row.text(at: 0) ?? ""] = Result(passed: row.int(at: 1) == 1, failureKind: row.text(at: 2),
                                                          step: row.isNull(at: 3) ? nil : row.int(at: 3), divergentState: row.blob(at: 4))
            }
            results[name] = byFixture
            runs.append(MapRun(platform: name, startedAt: run[2].text ?? "", status: run[3].text ?? "",
                               divergences: byFixture.values.count { $0.divergentState != nil }))
        }
    }
}
