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

    /// `platform: fixture` for every fixture failing in `new` that did not fail on the same platform
    /// in `old` (a platform `old` has no drill for counts as having had no failure).
    static func newlyFailing(old: [DrillStatus]?, new: [DrillStatus]) -> [String] {
        let before = Dictionary((old ?? []).map { ($0.platform, Set($0.failingFixtures)) }, uniquingKeysWith: { a, _ in a })
        return new.flatMap { drill in
            drill.failingFixtures.filter { !(before[drill.platform]?.contains($0) ?? false) }.map { "\(drill.platform): \($0)" }
        }
    }
}

extension Corpus {
    /// The latest full drill per platform (filtered runs never stand for the corpus), by platform.
    func latestFullDrills() throws -> [DrillStatus] {
        try database.rows("SELECT platform FROM latest_drills ORDER BY platform").compactMap { row in
            guard let platform = row[0].text, let run = try drillRuns(platform: platform, fullOnly: true, limit: 1).first else { return nil }
            return DrillStatus(platform: platform, status: run.status, startedAt: run.startedAt, fixtures: run.fixtureCount,
                               snapshots: run.snapshotCount, steps: run.stepCount, findings: run.openFindingCount,
                               ruled: run.findings.count - run.openFindingCount, failingFixtures: run.failingFixtures)
        }
    }
}

extension MilestoneReport {
    /// The drill section's rows, shared by the Markdown and HTML renderings.
    var drillRows: [[String]] {
        (drill ?? []).map { d in
            let failing = d.failingFixtures.prefix(10).joined(separator: ", ") + (d.failingFixtures.count > 10 ? ", …" : "")
            return [d.platform, d.status, d.startedAt, "\(d.fixtures)", "\(d.snapshots)", "\(d.steps)", "\(d.findings)", "\(d.ruled)", failing]
        }
    }

    static let drillColumns = ["platform", "status", "started", "fixtures", "snapshots", "steps", "findings", "ruled", "failing fixtures"]
}
