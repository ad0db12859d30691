import Duet

extension Corpus {
    /// Stores an explore run, what it reached and its findings (with every platform's answers) in
    /// one transaction; returns the run's id.
    ///
    /// ```swift
    /// let id = try corpus.storeExploreRun(run)
    /// try corpus.exploreFinding(named: run.findings[0].name)?.answers(of: "kotlin")
    /// ```
    @discardableResult
    public func storeExploreRun(_ run: StoredExploreRun) throws -> Int64 {
        try write(touchesTree: false) {
            try database.execute("""
                INSERT INTO explore_runs (started_at, platforms, scope, filter, status, seed, budget, depth, steps, walks, restores,
                                          finding_count, runner_failure, duration_ms)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, [.text(run.startedAt), .text(run.platforms.joined(separator: ",")), .text(run.scope.rawValue), SQLValue(run.filter),
                      .text(run.status), .integer(Int64(bitPattern: run.seed)), SQLValue(run.budget), SQLValue(run.depth),
                      SQLValue(run.steps), SQLValue(run.walks), SQLValue(run.restores), SQLValue(run.findings.count),
                      SQLValue(run.runnerFailure), SQLValue(run.durationMilliseconds)])
            let id = database.lastInsertRowID
            let reach = try database.cachedStatement("""
                INSERT INTO explore_coverage (run_id, feature, action_case, kind, change, count) VALUES (?, ?, ?, ?, ?, ?)
                """)
            for entry in run.coverage {
                try reach.execute([.integer(id), .text(entry.feature), .text(entry.actionCase), .text(entry.kind ?? ""),
                                   .text(entry.change?.rawValue ?? ""), SQLValue(entry.count)])
            }
            for finding in run.findings { try insert(finding, run: id) }
            return id
        }
    }

    /// Stored explore runs, newest first, with what they reached and found.
    public func exploreRuns(limit: Int = 20) throws -> [StoredExploreRun] {
        let rows = try database.rows("""
            SELECT id, started_at, platforms, scope, filter, status, seed, budget, depth, steps, walks, restores, runner_failure, duration_ms
            FROM explore_runs ORDER BY id DESC LIMIT ?
            """, [SQLValue(limit)])
        return try rows.map { row in
            let id = row[0].integer ?? 0
            return StoredExploreRun(
                id: id, startedAt: row[1].text ?? "", platforms: (row[2].text ?? "").split(separator: ",").map(String.init),
                scope: StoredExploreRun.Scope(rawValue: row[3].text ?? "") ?? .filtered, filter: row[4].text, status: row[5].text ?? "",
                seed: UInt64(bitPattern: row[6].integer ?? 0), budget: Int(row[7].integer ?? 0), depth: Int(row[8].integer ?? 0),
                steps: Int(row[9].integer ?? 0), walks: Int(row[10].integer ?? 0), restores: Int(row[11].integer ?? 0),
                runnerFailure: row[12].text, durationMilliseconds: Int(row[13].integer ?? 0),
                coverage: try exploreReach(run: id), findings: try exploreFindings(run: id))
        }
    }

    /// The latest stored finding written as the pending recording `name`, with its answers; nil when none is.
    public func exploreFinding(named name: String) throws -> StoredExploreFinding? {
        guard let run = try database.rows("SELECT max(run_id) FROM explore_findings WHERE name = ?", [.text(name)]).first?[0].integer else {
            return nil
        }
        return try exploreFindings(run: run, name: name).first
    }

    /// Replaces the latest stored finding named `finding.name` (a replay re-recorded it, or found
    /// the platforms agreeing: `resolvedAt`).
    public func updateExploreFinding(_ finding: StoredExploreFinding) throws {
        try write(touchesTree: false) {
            guard let run = try database.rows("SELECT max(run_id) FROM explore_findings WHERE name = ?", [.text(finding.name)]).first?[0].integer else {
                throw InputError(file: "explore finding \(finding.name)", message: "no explore run found it", fix: "run `duet explore` first")
            }
            try database.execute("DELETE FROM explore_findings WHERE run_id = ? AND name = ?", [.integer(run), .text(finding.name)])
            try insert(finding, run: run)
        }
    }

    // MARK: - Private

    private func insert(_ finding: StoredExploreFinding, run id: Int64) throws {
        try database.execute("""
            INSERT INTO explore_findings (run_id, name, feature, kind, step, path, signature, occurrences, explored, shrunk,
                                          start_fixture, start_step, message, resolved_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [.integer(id), .text(finding.name), .text(finding.feature), .text(finding.kind), SQLValue(finding.step),
                  SQLValue(finding.path), .text(finding.signature), SQLValue(finding.occurrences), SQLValue(finding.explored),
                  SQLValue(finding.shrunk), SQLValue(finding.startFixture), SQLValue(finding.startStep), .text(finding.message),
                  SQLValue(finding.resolvedAt)])
        let answer = try database.cachedStatement("""
            INSERT INTO explore_answers (run_id, name, platform, step, state, effects, error) VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        for entry in finding.answers {
            try answer.execute([.integer(id), .text(finding.name), .text(entry.platform), SQLValue(entry.step), SQLValue(entry.state),
                                SQLValue(entry.effects), SQLValue(entry.error)])
        }
    }

    private func exploreReach(run id: Int64) throws -> [StoredExploreReach] {
        try database.rows("""
            SELECT feature, action_case, kind, change, count FROM explore_coverage WHERE run_id = ? ORDER BY feature, action_case, kind, change
            """, [.integer(id)]).map { row in
            StoredExploreReach(feature: row[0].text ?? "", actionCase: row[1].text ?? "", kind: (row[2].text ?? "").isEmpty ? nil : row[2].text,
                               change: StoredExploreReach.Change(rawValue: row[3].text ?? ""), count: Int(row[4].integer ?? 0))
        }
    }

    private func exploreFindings(run id: Int64, name: String? = nil) throws -> [StoredExploreFinding] {
        try database.rows("""
            SELECT name, feature, kind, step, path, signature, occurrences, explored, shrunk, start_fixture, start_step, message, resolved_at
            FROM explore_findings WHERE run_id = ?1 AND (?2 IS NULL OR name = ?2) ORDER BY name
            """, [.integer(id), SQLValue(name)]).map { row in
            let name = row[0].text ?? ""
            let answers = try database.rows("""
                SELECT platform, step, state, effects, error FROM explore_answers WHERE run_id = ? AND name = ? ORDER BY platform, step
                """, [.integer(id), .text(name)]).map { answer in
                StoredExploreAnswer(platform: answer[0].text ?? "", step: Int(answer[1].integer ?? 0), state: answer[2].text,
                                    effects: answer[3].text, error: answer[4].text)
            }
            return StoredExploreFinding(name: name, feature: row[1].text ?? "", kind: row[2].text ?? "", step: Int(row[3].integer ?? 0),
                                        path: row[4].text, signature: row[5].text ?? "", occurrences: Int(row[6].integer ?? 0),
                                        explored: Int(row[7].integer ?? 0), shrunk: Int(row[8].integer ?? 0), startFixture: row[9].text,
                                        startStep: row[10].integer.map { Int($0) }, message: row[11].text ?? "", resolvedAt: row[12].text,
                                        answers: answers)
        }
    }
}
