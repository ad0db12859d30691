import Duet

/// How much run history a corpus keeps: per platform, the latest `keep` full runs and the latest
/// `keep` filtered runs (scope `full` against everything else) of verify, and the same of the
/// restore drill — plus every run a stored milestone cites, however old. Applied each time a run is
/// stored, and by `duet runs prune`. A fixture's pass (`fixture_passes`) outlives the run that
/// replayed it: what it stands on is its behaviour and runner, not the run's row.
public enum RunRetention {
    /// The same bound as lint and census results (`check_results`).
    public static let defaultKeep = 50
}

/// A stored run the policy removes, or keeps only because a milestone cites it.
public struct PrunedRun: Sendable, Equatable {
    public enum Gate: String, Sendable { case verify, drill }
    public var gate: Gate
    public var id: Int64
    public var platform: String
    /// `full` or `filtered`.
    public var scope: String
    public var startedAt: String
}

/// What one application of the policy removed and kept.
public struct RunPrune: Sendable, Equatable {
    public var keep: Int
    public var dryRun: Bool
    /// Removed (or, in a dry run, to be removed), oldest first.
    public var removed: [PrunedRun]
    /// Outside the latest `keep` of their platform and scope, kept because a milestone cites them.
    public var cited: [PrunedRun]
    /// Runs left of each gate.
    public var verifyRuns: Int
    public var drillRuns: Int
}

extension Corpus {
    /// Applies the retention policy with `keep` runs per platform, gate and scope; with `dryRun`
    /// only says what it would remove.
    ///
    /// ```swift
    /// let prune = try corpus.pruneRuns(keep: 10, dryRun: true)
    /// prune.removed.map(\.id)    // what `duet runs prune --keep 10` would remove
    /// ```
    public func pruneRuns(keep: Int = RunRetention.defaultKeep, dryRun: Bool = false) throws -> RunPrune {
        precondition(keep > 0, "keep at least one run per platform and scope")
        return try write(touchesTree: false) {
            let (removed, cited) = try retentionCandidates(keep: keep)
            if !dryRun { try remove(removed) }
            let verify = Int(try database.scalarInteger("SELECT count(*) FROM runs") ?? 0)
            let drill = Int(try database.scalarInteger("SELECT count(*) FROM drill_runs") ?? 0)
            return RunPrune(keep: keep, dryRun: dryRun, removed: removed, cited: cited,
                            verifyRuns: verify - (dryRun ? removed.count { $0.gate == .verify } : 0),
                            drillRuns: drill - (dryRun ? removed.count { $0.gate == .drill } : 0))
        }
    }

    /// The policy at its default bound, inside the write that stored a run.
    func applyRetention() throws {
        try remove(try retentionCandidates(keep: RunRetention.defaultKeep).removed)
    }

    private func retentionCandidates(keep: Int) throws -> (removed: [PrunedRun], cited: [PrunedRun]) {
        var beyond: [PrunedRun] = []
        for (gate, table, full) in [(PrunedRun.Gate.verify, "runs", "coalesce(scope = 'full', 0)"), (.drill, "drill_runs", "scope = 'full'")] {
            try database.cachedStatement("""
                SELECT id, platform, full, started_at FROM (
                    SELECT id, platform, \(full) AS full, started_at,
                           row_number() OVER (PARTITION BY platform, \(full) ORDER BY id DESC) AS rank
                    FROM \(table))
                WHERE rank > ?1 ORDER BY id
                """).forEachRow([SQLValue(keep)]) { row in
                beyond.append(PrunedRun(gate: gate, id: row.int64(at: 0), platform: row.text(at: 1) ?? "",
                                        scope: row.int(at: 2) == 1 ? "full" : "filtered", startedAt: row.text(at: 3) ?? ""))
            }
        }
        guard !beyond.isEmpty else { return ([], []) }
        let citations = try milestoneCitations()
        let cited = beyond.filter { citations.contains($0) }
        return (beyond.filter { !citations.contains($0) }, cited)
    }

    private func remove(_ runs: [PrunedRun]) throws {
        let statements = [
            PrunedRun.Gate.verify: ["DELETE FROM run_divergent_states WHERE run_id = ?", "DELETE FROM run_results WHERE run_id = ?",
                                    "DELETE FROM runs WHERE id = ?"],
            .drill: ["DELETE FROM drill_findings WHERE run_id = ?", "DELETE FROM drill_runs WHERE id = ?"],
        ]
        for run in runs {
            for sql in statements[run.gate] ?? [] { try database.cachedStatement(sql).execute([.integer(run.id)]) }
        }
    }

    /// The runs the stored milestones stand on: by id, or — for a report stored before it named its
    /// runs — by platform and start time among full runs (as the report's failure detail finds them).
    private func milestoneCitations() throws -> MilestoneCitations {
        var citations = MilestoneCitations()
        for row in try database.rows("SELECT name, report FROM milestones") {
            let report: CitedRuns
            do {
                report = try CanonicalDecoder().decode(CitedRuns.self, from: row[1].blob ?? [])
            } catch {
                throw EnvironmentError("stored milestone \(row[0].text ?? "?") cannot be read (\(error)), so the runs it cites are unknown; nothing was pruned",
                                       fix: "run any duet verb inside the repository to sync parity/milestones/, or rebuild the corpus with `duet corpus load`")
            }
            for (gate, runs) in [(PrunedRun.Gate.verify, report.verify), (.drill, report.drill ?? [])] {
                for run in runs {
                    if let id = run.run { citations.ids.insert(CitationKey(gate: gate, id: id)) }
                    citations.starts.insert(StartKey(gate: gate, platform: run.platform, startedAt: run.startedAt))
                }
            }
        }
        return citations
    }
}

/// What a stored milestone report says of the runs it stands on (the rest of the report is not read).
private struct CitedRuns: Decodable {
    struct Run: Decodable {
        var platform: String
        var startedAt: String
        var run: Int64?
    }
    var verify: [Run]
    var drill: [Run]?
}

private struct CitationKey: Hashable { var gate: PrunedRun.Gate; var id: Int64 }
private struct StartKey: Hashable { var gate: PrunedRun.Gate; var platform: String; var startedAt: String }

private struct MilestoneCitations {
    var ids: Set<CitationKey> = []
    var starts: Set<StartKey> = []

    func contains(_ run: PrunedRun) -> Bool {
        ids.contains(CitationKey(gate: run.gate, id: run.id))
            || (run.scope == "full" && starts.contains(StartKey(gate: run.gate, platform: run.platform, startedAt: run.startedAt)))
    }
}
