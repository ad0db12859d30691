import Duet

/// The result of `duet corpus check`: it holds when `problems` is empty.
public struct CorpusCheck: Sendable, Codable, Equatable {
    /// The first problems found, each naming the table or blob and what is wrong.
    public var problems: [String]
    public var truncated: Bool
    /// The file carries page checksums, so every page read was verified (`PageChecksums`).
    public var pageChecksums: Bool
    public var holds: Bool { problems.isEmpty }
}

extension Corpus {
    /// SQLite integrity (every page, each verified against its checksum) and foreign keys, every
    /// blob re-hashed (and its bytes canonical), step counts, every structural index row
    /// re-derived from the snapshots, and the answers kept with it recomputed (`keptAnswerProblems`). Damage (`DatabaseError.isDamage`) is a problem, not a throw:
    /// the stage that met it says so and the later stages do not run. `progress` gets the stage
    /// (`integrity`, `blobs`, `index`) with how much of it is done.
    ///
    /// ```swift
    /// let check = try corpus.check()
    /// if !check.holds { check.problems.forEach { print($0) } }
    /// ```
    public func check(limit: Int = 20, progress: ((_ stage: String, _ done: Int, _ total: Int) -> Void)? = nil) throws -> CorpusCheck {
        var problems: [String] = []
        var truncated = false
        func report(_ problem: String) -> Bool {
            if problems.count >= limit { truncated = true; return false }
            problems.append(problem)
            return true
        }
        func stage(_ name: String, _ body: () throws -> Void) throws -> Bool {
            do {
                try body()
                return true
            } catch let error as DatabaseError where error.isDamage {
                _ = report("damage: \(error.message) (met while checking \(name); the later checks did not run)")
                return false
            }
        }
        let checksums = database.carriesPageChecksums
        let finished = try stage("integrity") {
            progress?("integrity", 0, 1)
            for problem in try integrityProblems() {
                guard report("integrity: \(problem)") else { break }
            }
            progress?("integrity", 1, 1)
        } && stage("foreign keys") {
            for row in try database.rows("PRAGMA foreign_key_check") {
                guard report("foreign key: \(row[0].text ?? "?") row \(row[1].integer ?? 0) refers to a missing \(row[2].text ?? "?") row") else { break }
            }
        } && stage("blobs") {
            try checkBlobs(report: report, progress: progress)
        } && stage("the structural index") {
            if problems.count < limit {
                for problem in try indexProblems(progress: progress) { guard report(problem) else { break } }
            }
        } && stage("the kept answers") {
            for problem in try keptAnswerProblems() { guard report(problem) else { break } }
        }
        // A file that holds takes writes again.
        if finished && problems.isEmpty { DamageRecord.clear(for: path) }
        return CorpusCheck(problems: problems, truncated: truncated, pageChecksums: checksums)
    }

    /// Every blob re-hashed and re-canonicalized; every fixture's step count against its steps.
    private func checkBlobs(report: (String) -> Bool, progress: ((_ stage: String, _ done: Int, _ total: Int) -> Void)?) throws {
        let blobCount = progress == nil ? 0 : Int(try database.scalarInteger("SELECT count(*) FROM blobs") ?? 0)
        var blobsDone = 0
        try database.prepare("SELECT id, hash, bytes FROM blobs ORDER BY id").forEachRow { row in
            blobsDone += 1
            if blobsDone % 1024 == 0 { progress?("blobs", blobsDone, blobCount) }
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
        progress?("blobs", blobCount, blobCount)
    }

    /// Differences between the stored structural index and one derived afresh, one feature at a
    /// time (memory follows the largest feature, not the corpus), then the rows of features no
    /// structure describes, which nothing derives.
    private func indexProblems(progress: ((_ stage: String, _ done: Int, _ total: Int) -> Void)?) throws -> [String] {
        let plans = try StructuralIndexWriter.loadPlans(database)
        let features = plans.keys.sorted()
        var differences = IndexDifferences()
        for (done, feature) in features.enumerated() {
            progress?("index", done, features.count)
            var expected = IndexRows()
            var seen: Set<Int64> = []
            try forEachStoredSnapshotSequence(feature: feature) { fixtureID, snapshots, actionCases in
                let rows = IndexRows.derive(plan: plans[feature]!, fixtureID: fixtureID, snapshots: snapshots,
                                            actionCases: actionCases, skip: { seen.contains($0) })
                seen.formUnion(snapshots.map(\.id))
                expected.snapshotFields += rows.snapshotFields
                expected.snapshotKinds += rows.snapshotKinds
                expected.islandSummaries += rows.islandSummaries
                expected.snapshotSpines += rows.snapshotSpines
                expected.transitions += rows.transitions
            }
            try compareIndex(of: feature, expected: expected, into: &differences)
        }
        let described = Set(features)
        for feature in try indexedFeatures() where feature.map({ !described.contains($0) }) ?? true {
            try compareIndex(of: feature, expected: IndexRows(), into: &differences)
        }
        progress?("index", features.count, features.count)
        return differences.problems
    }

    /// Every feature the index tables hold rows for (nil: transitions of chains or of fixtures without a feature).
    private func indexedFeatures() throws -> [String?] {
        try database.rows("""
            SELECT feature FROM snapshot_fields UNION SELECT feature FROM snapshot_kinds UNION SELECT feature FROM island_summaries
            UNION SELECT feature FROM snapshot_spines
            UNION SELECT f.feature FROM step_transitions t LEFT JOIN fixtures f ON f.id = t.fixture_id
            """).map { $0[0].text }
    }

    /// Compares `feature`'s stored index rows with `expected`.
    private func compareIndex(of feature: String?, expected: IndexRows, into differences: inout IndexDifferences) throws {
        let key: [SQLValue] = [SQLValue(feature)]
        differences.compare("snapshot_fields", expected: expected.snapshotFields, stored: try database.rows(
            "SELECT feature, snapshot, field, primitive, kind_count FROM snapshot_fields WHERE feature IS ?", key).map {
            IndexRows.SnapshotField(feature: $0[0].text ?? "", snapshot: $0[1].integer ?? 0, field: $0[2].text ?? "",
                                    primitive: try StoredVocabulary.primitive($0[3].text, in: "snapshot_fields", row: "\($0[0].text ?? "").\($0[2].text ?? "")"),
                                    kindCount: Int($0[4].integer ?? 0))
        }) { "\($0.feature) snapshot \($0.snapshot) \($0.field)" }
        differences.compare("snapshot_kinds", expected: expected.snapshotKinds, stored: try database.rows(
            "SELECT feature, snapshot, field, depth, kind FROM snapshot_kinds WHERE feature IS ?", key).map {
            IndexRows.SnapshotKind(feature: $0[0].text ?? "", snapshot: $0[1].integer ?? 0, field: $0[2].text ?? "",
                                   depth: Int($0[3].integer ?? 0), kind: $0[4].text ?? "")
        }) { "snapshot \($0.snapshot) \($0.field)@\($0.depth) \($0.kind)" }
        differences.compare("island_summaries", expected: expected.islandSummaries, stored: try database.rows("""
            SELECT i.feature, i.snapshot, i.field, i.island, b.bytes FROM island_summaries i JOIN blobs b ON b.id = i.summary_blob
            WHERE i.feature IS ?
            """, key).map {
            IndexRows.IslandSummary(feature: $0[0].text ?? "", snapshot: $0[1].integer ?? 0, field: $0[2].text ?? "",
                                    island: $0[3].text ?? "", summary: $0[4].blob ?? [])
        }) { "snapshot \($0.snapshot) \($0.island)" }
        differences.compare("snapshot_spines", expected: expected.snapshotSpines, stored: try database.rows("""
            SELECT p.feature, p.snapshot, b.bytes FROM snapshot_spines p JOIN blobs b ON b.id = p.spine_blob WHERE p.feature IS ?
            """, key).map {
            IndexRows.SnapshotSpine(feature: $0[0].text ?? "", snapshot: $0[1].integer ?? 0, spine: $0[2].blob ?? [])
        }) { "\($0.feature) snapshot \($0.snapshot) spine" }
        differences.compare("step_transitions", expected: expected.transitions, stored: try database.rows("""
            SELECT t.fixture_id, t.step, t.field, t.primitive, t.depth, t.change, t.kind, t.action_case
            FROM step_transitions t LEFT JOIN fixtures f ON f.id = t.fixture_id WHERE f.feature IS ?
            """, key).map {
            IndexRows.Transition(fixtureID: $0[0].integer ?? 0, step: Int($0[1].integer ?? 0), field: $0[2].text ?? "",
                                 primitive: try StoredVocabulary.primitive($0[3].text, in: "step_transitions", row: "fixture \($0[0].integer ?? 0) step \($0[1].integer ?? 0)"),
                                 depth: Int($0[4].integer ?? 0), change: $0[5].text ?? "",
                                 kind: $0[6].text ?? "", actionCase: $0[7].text)
        }) { "fixture \($0.fixtureID) step \($0.step) \($0.change) \($0.kind)" }
    }
}

/// Index rows that differ, named: per table at most five stale rows (stored, not derivable) and
/// five missing ones, in feature order.
private struct IndexDifferences {
    private(set) var problems: [String] = []
    private var stale: [String: Int] = [:]
    private var missing: [String: Int] = [:]

    mutating func compare<Row: Hashable>(_ table: String, expected: [Row], stored: [Row], describe: (Row) -> String) {
        let want = Set(expected), have = Set(stored)
        for row in have.subtracting(want).map(describe).sorted() where stale[table, default: 0] < 5 {
            stale[table, default: 0] += 1
            problems.append("\(table): stale row \(row) (not derivable)")
        }
        for row in want.subtracting(have).map(describe).sorted() where missing[table, default: 0] < 5 {
            missing[table, default: 0] += 1
            problems.append("\(table): missing row \(row)")
        }
    }
}
