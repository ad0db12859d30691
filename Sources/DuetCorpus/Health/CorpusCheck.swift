import Duet

/// The result of `duet corpus check`: it holds when `problems` is empty.
public struct CorpusCheck: Sendable, Codable, Equatable {
    /// The first problems found, each naming the table or blob and what is wrong.
    public var problems: [String]
    public var truncated: Bool
    public var holds: Bool { problems.isEmpty }
}

extension Corpus {
    /// SQLite integrity and foreign keys, every blob re-hashed (and its bytes canonical), step counts,
    /// and every structural index row re-derived from the snapshots.
    ///
    /// ```swift
    /// let check = try corpus.check()
    /// if !check.holds { check.problems.forEach { print($0) } }
    /// ```
    public func check(limit: Int = 20) throws -> CorpusCheck {
        var problems: [String] = []
        var truncated = false
        func report(_ problem: String) -> Bool {
            if problems.count >= limit { truncated = true; return false }
            problems.append(problem)
            return true
        }
        for row in try database.rows("PRAGMA integrity_check") where row[0].text != "ok" {
            guard report("integrity: \(row[0].text ?? "?")") else { break }
        }
        for row in try database.rows("PRAGMA foreign_key_check") {
            guard report("foreign key: \(row[0].text ?? "?") row \(row[1].integer ?? 0) refers to a missing \(row[2].text ?? "?") row") else { break }
        }
        try database.prepare("SELECT id, hash, bytes FROM blobs ORDER BY id").forEachRow { row in
            let bytes = row.blob(at: 2) ?? []
            if ContentHash(bytes: row.blob(at: 1) ?? []) != ContentHash(of: bytes) {
                _ = report("blob \(row.int64(at: 0)): its bytes do not hash to its stored hash")
            } else if (try? CanonicalJSON.canonicalize(bytes)) != bytes {
                _ = report("blob \(row.int64(at: 0)): its bytes are not compact canonical JSON")
            }
        }
        for row in try database.rows("""
            SELECT f.name, f.step_count, (SELECT count(*) FROM steps s WHERE s.fixture_id = f.id) FROM fixtures f
            WHERE f.step_count != (SELECT count(*) FROM steps s WHERE s.fixture_id = f.id) ORDER BY f.name
            """) {
            guard report("fixture \(row[0].text ?? "?"): records \(row[1].integer ?? 0) steps, has \(row[2].integer ?? 0)") else { break }
        }
        if problems.count < limit {
            for problem in try indexProblems() { guard report(problem) else { break } }
        }
        return CorpusCheck(problems: problems, truncated: truncated)
    }

    /// Differences between the stored structural index and one derived afresh.
    private func indexProblems() throws -> [String] {
        let plans = try StructuralIndexWriter.loadPlans(database)
        var expected = IndexRows()
        for feature in plans.keys.sorted() {
            var seen: Set<Int64> = []
            try forEachStoredSnapshotSequence(feature: feature) { fixtureID, snapshots, actionCases in
                let rows = IndexRows.derive(plan: plans[feature]!, fixtureID: fixtureID, snapshots: snapshots,
                                            actionCases: actionCases, skip: { seen.contains($0) })
                seen.formUnion(snapshots.map(\.id))
                expected.snapshotFields += rows.snapshotFields
                expected.snapshotKinds += rows.snapshotKinds
                expected.islandSummaries += rows.islandSummaries
                expected.transitions += rows.transitions
            }
        }
        var problems: [String] = []
        func compare<Row: Hashable>(_ table: String, expected: [Row], stored: [Row], describe: (Row) -> String) {
            let want = Set(expected), have = Set(stored)
            for row in have.subtracting(want).map(describe).sorted().prefix(5) { problems.append("\(table): stale row \(row) (not derivable)") }
            for row in want.subtracting(have).map(describe).sorted().prefix(5) { problems.append("\(table): missing row \(row)") }
        }
        compare("snapshot_fields", expected: expected.snapshotFields, stored: try database.rows(
            "SELECT feature, snapshot, field, primitive, kind_count FROM snapshot_fields").map {
            IndexRows.SnapshotField(feature: $0[0].text ?? "", snapshot: $0[1].integer ?? 0, field: $0[2].text ?? "",
                                    primitive: $0[3].text ?? "", kindCount: Int($0[4].integer ?? 0))
        }) { "\($0.feature) snapshot \($0.snapshot) \($0.field)" }
        compare("snapshot_kinds", expected: expected.snapshotKinds, stored: try database.rows(
            "SELECT feature, snapshot, field, depth, kind FROM snapshot_kinds").map {
            IndexRows.SnapshotKind(feature: $0[0].text ?? "", snapshot: $0[1].integer ?? 0, field: $0[2].text ?? "",
                                   depth: Int($0[3].integer ?? 0), kind: $0[4].text ?? "")
        }) { "snapshot \($0.snapshot) \($0.field)@\($0.depth) \($0.kind)" }
        compare("island_summaries", expected: expected.islandSummaries, stored: try database.rows(
            "SELECT i.feature, i.snapshot, i.field, i.island, b.bytes FROM island_summaries i JOIN blobs b ON b.id = i.summary_blob").map {
            IndexRows.IslandSummary(feature: $0[0].text ?? "", snapshot: $0[1].integer ?? 0, field: $0[2].text ?? "",
                                    island: $0[3].text ?? "", summary: $0[4].blob ?? [])
        }) { "snapshot \($0.snapshot) \($0.island)" }
        compare("step_transitions", expected: expected.transitions, stored: try database.rows(
            "SELECT fixture_id, step, field, primitive, depth, change, kind, action_case FROM step_transitions").map {
            IndexRows.Transition(fixtureID: $0[0].integer ?? 0, step: Int($0[1].integer ?? 0), field: $0[2].text ?? "",
                                 primitive: $0[3].text ?? "", depth: Int($0[4].integer ?? 0), change: $0[5].text ?? "",
                                 kind: $0[6].text ?? "", actionCase: $0[7].text)
        }) { "fixture \($0.fixtureID) step \($0.step) \($0.change) \($0.kind)" }
        return problems
    }
}
