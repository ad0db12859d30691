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
}

extension Corpus {
    /// The latest full drill per platform (filtered runs never stand for the corpus), by platform.
    func latestFullDrills(ranNow: Set<String> = []) throws -> [DrillStatus] {
        try database.rows("SELECT platform FROM latest_drills ORDER BY platform").compactMap { row in
            guard let platform = row[0].text, let run = try drillRuns(platform: platform, fullOnly: true, limit: 1).first else { return nil }
            return DrillStatus(platform: platform, status: run.status, startedAt: run.startedAt, fixtures: run.fixtureCount,
                               snapshots: run.snapshotCount, steps: run.stepCount, findings: run.openFindingCount,
                               ruled: run.findings.count - run.openFindingCount, failingFixtures: run.failingFixtures,
                               ranForMilestone: ranNow.contains(platform))
        }
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
                           detail: "\(d.fixtures) fixtures, \(d.steps) steps, \(d.findings) finding(s)" + (d.ruled > 0 ? ", \(d.ruled) ruled" : ""))
        } + missing
    }
}
