/// The latest full restore drill of one platform, as a milestone reports it.
public struct DrillStatus: Sendable, Codable, Equatable {
    public var platform: String
    /// `passed` or `failed`.
    public var status: String
    public var startedAt: String
    public var fixtures: Int
    public var snapshots: Int
    public var steps: Int
    public var findings: Int
    /// Findings a `drill.rulings` entry accepts.
    public var ruled: Int
    /// Fixtures with at least one unruled finding, sorted.
    public var failingFixtures: [String]
    /// True when the milestone drilled the platform itself (nil in reports recorded before).
    public var ranForMilestone: Bool? = nil
    /// The stored drill run this is, how it stands for now, and what it judged (nil in older reports).
    public var run: Int64? = nil
    public var use: String? = nil
    public var inputs: ResultInputs? = nil
}

extension Corpus {
    /// The drill a report stands on per platform: the run a gate made for it (`drilled`), else the
    /// latest full drill when it judged the current fixtures, manifest and structures; the others are
    /// returned as missing, with why they are stale. Filtered runs never stand for the corpus.
    func standingDrills(drilled: [String: GateRun], current: ResultInputs,
                        excluding: Set<String> = []) throws -> (standing: [DrillStatus], stale: [String: String]) {
        var standing: [DrillStatus] = [], stale: [String: String] = [:]
        let platforms = Set(drilled.keys).union(try database.rows("SELECT platform FROM latest_drills").compactMap { $0[0].text })
            .subtracting(excluding)
        for platform in platforms.sorted() {
            if let gate = drilled[platform], let run = try drillRun(id: gate.run) {
                standing.append(drillStatus(run, use: MilestoneUse.ran(gate), ranNow: true))
                continue
            }
            guard let run = try drillRuns(platform: platform, fullOnly: true, limit: 1).first else { continue }
            let changed = run.inputs?.changed(to: current, among: [.fixtures, .manifest, .structures]) ?? ResultInputs.Input.allCases
            if changed.isEmpty {
                standing.append(drillStatus(run, use: MilestoneUse.latest(run.id ?? 0, gate: "drill"), ranNow: false))
            } else {
                stale[platform] = MilestoneUse.stale(run.inputs == nil ? nil : changed, gate: "drill", run: run.id ?? 0, at: run.startedAt)
            }
        }
        return (standing, stale)
    }

    private func drillStatus(_ run: StoredDrillRun, use: String, ranNow: Bool) -> DrillStatus {
        var status = DrillStatus(platform: run.platform, status: run.status, startedAt: run.startedAt, fixtures: run.fixtureCount,
                                 snapshots: run.snapshotCount, steps: run.stepCount, findings: run.openFindingCount + run.omittedFindings,
                                 ruled: run.findings.count - run.openFindingCount + run.omittedRuled, failingFixtures: run.failingFixtures, ranForMilestone: ranNow)
        status.run = run.id
        status.use = use
        status.inputs = run.inputs
        return status
    }
}

/// How a milestone words the standing of the runs it reports.
enum MilestoneUse {
    static func ran(_ gate: GateRun) -> String {
        "run for this milestone (run \(gate.run)): \(gate.replayed) replayed" + (gate.reused > 0 ? ", \(gate.reused) unchanged since run \(gate.since.map(String.init) ?? "?")" : "")
    }

    static func latest(_ id: Int64, gate: String) -> String { "latest full \(gate) run \(id), on the current inputs" }

    /// `stale: the fixtures changed since drill run 12 (T) — …`; `changed` nil: stored without its inputs.
    static func stale(_ changed: [ResultInputs.Input]?, gate: String, run: Int64, at: String) -> String {
        let what = "\(gate) run \(run) (\(at))"
        guard let changed else { return "stale: \(what) was stored before results named their inputs — run `duet \(gate == "drill" ? "drill restore" : "verify")`" }
        return ResultInputs.staleReason(changed, since: what) + " — run `duet \(gate == "drill" ? "drill restore" : "verify")`"
    }
}

extension MilestoneReport {
    /// One check per platform drilled; none stored is not checked, never holding.
    var drillChecks: [MilestoneCheck] {
        let missing = (drillMissing ?? []).map { MilestoneCheck(name: "drill \($0.platform)", status: .notChecked, detail: $0.reason) }
        guard let drill, !drill.isEmpty else {
            return missing.isEmpty
                ? [MilestoneCheck(name: "drill", status: .notChecked, detail: "no full restore drill is stored: run `duet drill restore`")]
                : missing
        }
        return drill.map { d in
            MilestoneCheck(name: "drill \(d.platform)", status: d.status == "passed" ? .holds : .fails,
                           detail: "\(d.fixtures) fixtures, \(d.steps) steps, \(d.findings) finding(s)" + (d.ruled > 0 ? ", \(d.ruled) ruled" : "")
                               + (d.use.map { "; \($0)" } ?? ""))
        } + missing
    }
}
