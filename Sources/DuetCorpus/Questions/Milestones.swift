import Foundation
import Duet
import DuetManifest

extension Corpus {
    /// Builds the milestone report, compares it with the previous milestone and stores it under
    /// `name` (replacing a milestone of that name; `replaced` says so). One transaction.
    ///
    /// ```swift
    /// let (report, replaced) = try corpus.recordMilestone(named: "beta-1", manifest: manifest, now: Date())
    /// report.difference?.kinds.added
    /// try report.markdown()   // or .html(), or CanonicalEncoder().encode(report)
    /// ```
    public func recordMilestone(named name: String, manifest: Manifest, now: Date) throws -> (report: MilestoneReport, replaced: Bool) {
        let stamp = LedgerEntryVersion.timestamp(now)
        return try write {
            let census = try self.census(rulings: manifest.rulings)
            let coverage = try kindCoverage()
            let ledger = try milestoneLedger(manifest)
            let inventory = MilestoneInventory(
                kinds: coverage.entries.filter(\.reached).map(\.kind).sorted(),
                fields: try database.rows("SELECT feature || '.' || field || ' (' || primitive || ')' FROM l0_fields ORDER BY 1")
                    .compactMap { $0[0].text },
                fixtures: try database.rows("SELECT name FROM fixtures ORDER BY name").compactMap { $0[0].text },
                entries: ledger.map { "\($0.section.rawValue) \($0.feature)|\($0.subject)|\($0.platform ?? "all")" }.sorted())
            var report = MilestoneReport(name: name, createdAt: stamp, corpus: try corpusSize(), verify: try latestVerifyRuns(),
                                         census: census, coverage: coverage, islands: try islandSweep(ledger: manifest.islands),
                                         ledger: ledger, inventory: inventory, difference: nil, drill: try latestFullDrills())
            if let previous = try database.rows("SELECT report FROM milestones WHERE name != ? ORDER BY id DESC LIMIT 1", [.text(name)])
                .first?[0].blob {
                let old = try CanonicalDecoder().decode(MilestoneReport.self, from: previous)
                report.difference = MilestoneDifference(previous: old.name, previousCreatedAt: old.createdAt,
                                                        from: old.inventory, to: inventory)
                report.difference?.drill = DrillStatus.newlyFailing(old: old.drill, new: report.drill ?? [])
            }
            try database.execute("DELETE FROM milestones WHERE name = ?", [.text(name)])
            let replaced = database.changes > 0
            try database.execute("INSERT INTO milestones(name, created_at, report) VALUES (?, ?, ?)",
                                 [.text(name), .text(stamp), .blob(try CanonicalEncoder().canonicalBytes(report))])
            return (report, replaced)
        }
    }

    /// Stored milestones, oldest first.
    public func milestones() throws -> [MilestoneListing] {
        try database.rows("SELECT report FROM milestones ORDER BY id").map { row in
            let report = try CanonicalDecoder().decode(MilestoneReport.self, from: row[0].blob ?? [])
            return MilestoneListing(name: report.name, createdAt: report.createdAt, holds: report.holds, fixtures: report.corpus.fixtures)
        }
    }

    /// The stored report of a milestone, nil when there is none of that name.
    public func milestone(named name: String) throws -> MilestoneReport? {
        guard let bytes = try database.rows("SELECT report FROM milestones WHERE name = ?", [.text(name)]).first?[0].blob else { return nil }
        return try CanonicalDecoder().decode(MilestoneReport.self, from: bytes)
    }

    func corpusSize() throws -> CorpusSize {
        func count(_ sql: String) throws -> Int { Int(try database.scalarInteger(sql) ?? 0) }
        return CorpusSize(fixtures: try count("SELECT count(*) FROM fixtures"),
                          steps: try count("SELECT count(*) FROM steps"),
                          snapshots: try count("SELECT count(DISTINCT snapshot) FROM fixture_snapshots"),
                          blobs: try count("SELECT count(*) FROM blobs"),
                          bytes: try count("SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()"))
    }

    func latestVerifyRuns() throws -> [PlatformStatus] {
        try database.rows("""
            SELECT platform, status, started_at, fixture_count, passed_count, failed_count, not_run_count FROM runs r
            WHERE id = (SELECT max(id) FROM runs r2 WHERE r2.platform = r.platform) ORDER BY platform
            """).map { row in
            PlatformStatus(platform: row[0].text ?? "", status: row[1].text ?? "", startedAt: row[2].text ?? "",
                           fixtures: Int(row[3].integer ?? 0), passed: Int(row[4].integer ?? 0),
                           failed: Int(row[5].integer ?? 0), notRun: Int(row[6].integer ?? 0))
        }
    }

    /// The manifest's entries, dated by the ledger history when a sync recorded them.
    private func milestoneLedger(_ manifest: Manifest) throws -> [LedgerEntryVersion] {
        let recorded = Dictionary(try currentLedger().map { ("\($0.section.rawValue)#\($0.key)", $0) }, uniquingKeysWith: { a, _ in a })
        return LedgerEntryVersion.entries(waivers: manifest.waivers, islands: manifest.islands).map { entry in
            var entry = entry
            if let stored = recorded["\(entry.section.rawValue)#\(entry.key)"], stored.body == entry.body { entry.validFrom = stored.validFrom }
            return entry
        }
    }
}
