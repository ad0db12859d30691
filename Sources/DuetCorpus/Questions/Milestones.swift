import Foundation
import Duet
import DuetManifest
import DuetAudit
import DuetFixtures

extension Corpus {
    /// Builds the milestone report as of now and compares it with the latest stored milestone of
    /// another name; nothing is stored (`recordMilestone` stores it).
    ///
    /// ```swift
    /// let report = try corpus.milestoneReport(named: "preview", manifest: manifest, inputs: gates, now: Date())
    /// report.difference?.kinds.added
    /// ```
    public func milestoneReport(named name: String, manifest: Manifest, inputs: MilestoneInputs = MilestoneInputs(),
                                now: Date) throws -> MilestoneReport {
        let stamp = LedgerEntryVersion.timestamp(now)
        let current = try currentInputs(manifestPath: manifest.file.isEmpty ? nil : manifest.file)
        let census = try self.census(rulings: manifest.rulings)
        let coverage = try kindCoverage()
        let ledger = try milestoneLedger(manifest)
        let (verify, staleVerify) = try standingVerifyRuns(verified: inputs.verified, current: current, excluding: Set(inputs.notVerified.keys))
        let verified = Set(verify.map(\.platform))
        let expected = Set(inputs.notVerified.keys).union(try platformsWithRuns())
        let missing = try expected.subtracting(verified).sorted().map { platform in
            MissingVerify(platform: platform, reason: try inputs.notVerified[platform] ?? staleVerify[platform] ?? missingReason(platform))
        }
        let audit = try standingAudit(inputs, current: current)
        var report = MilestoneReport(name: name, createdAt: stamp, corpus: try corpusSize(), verify: verify, verifyMissing: missing,
                                     lint: inputs.lint, audit: audit.report,
                                     census: census, coverage: coverage, islands: try islandSweep(ledger: manifest.islands),
                                     ledger: ledger, inventory: MilestoneInventory(kinds: [], fields: [], fixtures: [], entries: []), difference: nil)
        report.inputs = current
        report.auditUse = audit.use
        report.auditStale = audit.stale
        let (drills, staleDrills) = try standingDrills(drilled: inputs.drilled, current: current, excluding: Set(inputs.notDrilled.keys))
        report.drill = drills
        let drilled = Set(drills.map(\.platform))
        let undrilled = staleDrills.merging(inputs.notDrilled) { _, given in given }.filter { !drilled.contains($0.key) }
        report.drillMissing = undrilled.isEmpty ? nil : undrilled.sorted { $0.key < $1.key }.map { MissingVerify(platform: $0.key, reason: $0.value) }
        report.inventory = MilestoneInventory(
            kinds: coverage.entries.filter(\.reached).map(\.kind).sorted(),
            fields: try database.rows("SELECT feature || '.' || field || ' (' || primitive || ')' FROM l0_fields ORDER BY 1")
                .compactMap { $0[0].text },
            fixtures: try database.rows("SELECT name FROM fixtures ORDER BY name").compactMap { $0[0].text },
            entries: ledger.map { "\($0.section.rawValue) \($0.feature)|\($0.subject)|\($0.platform ?? "all")" }.sorted(),
            checks: report.checkInventory,
            failing: verify.flatMap { run in (run.failing ?? []).map { "\(run.platform) \($0.fixture)" } }.sorted(),
            drillFailing: (report.drill ?? []).flatMap { drill in drill.failingFixtures.map { "\(drill.platform) \($0)" } }.sorted())
        try addActionCoverage(to: &report)
        var old: MilestoneReport?
        if let previous = try database.rows("""
            SELECT report FROM milestones WHERE name != ? ORDER BY created_at DESC, name DESC LIMIT 1
            """, [.text(name)]).first?[0].blob {
            let decoded = try CanonicalDecoder().decode(MilestoneReport.self, from: previous)
            report.difference = MilestoneDifference(previous: decoded.name, previousCreatedAt: decoded.createdAt,
                                                    from: decoded.inventory, to: report.inventory)
            old = decoded
        }
        try addPictures(to: &report, previous: old, build: inputs.build)
        return report
    }

    /// Builds the milestone report and stores it under `name`: the file `parity/milestones/NAME.json`
    /// (written atomically, with paths relative to the tree) and the corpus, together; a milestone of
    /// that name is replaced (`replaced` says so).
    ///
    /// ```swift
    /// let (report, replaced) = try corpus.recordMilestone(named: "beta-1", manifest: manifest, inputs: gates, now: Date(), tree: tree)
    /// ```
    public func recordMilestone(named name: String, manifest: Manifest, inputs: MilestoneInputs = MilestoneInputs(),
                                now: Date, tree: RecordTree) throws -> (report: MilestoneReport, replaced: Bool) {
        try MilestoneName.check(name)
        let path = try filePath(kind: .milestone, name: name, tree: tree)
        // A transaction that fails after the file was written (a commit on a full disk) takes the file back.
        let undo = FileUndo(path)
        do {
            return try write {
                // A committed file: runners and files named relative to the tree, never by this machine's paths.
                let report = try tree.portable(try milestoneReport(named: name, manifest: manifest, inputs: inputs, now: now))
                let replaced = try milestoneBytes(named: name) != nil
                let bytes = try CanonicalEncoder().canonicalBytes(report)
                try writeFile(try CanonicalJSON.parse(bytes).prettyBytes, kind: .milestone, name: name, to: path, tree: tree)
                try storeMilestoneRow(name: name, createdAt: report.createdAt, canonicalBytes: bytes)
                return (report, replaced)
            }
        } catch {
            undo.restore()
            throw error
        }
    }

    /// Every stored milestone's name.
    public func milestoneNames() throws -> [String] {
        try database.rows("SELECT name FROM milestones ORDER BY name").compactMap { $0[0].text }
    }

    func milestoneBytes(named name: String) throws -> [UInt8]? {
        try database.rows("SELECT report FROM milestones WHERE name = ?", [.text(name)]).first?[0].blob
    }

    func storeMilestoneRow(name: String, createdAt: String, canonicalBytes: [UInt8]) throws {
        try database.execute("DELETE FROM milestones WHERE name = ?", [.text(name)])
        try database.execute("INSERT INTO milestones(name, created_at, report) VALUES (?, ?, ?)",
                             [.text(name), .text(createdAt), .blob(canonicalBytes)])
    }

    /// Stored milestones, oldest first.
    public func milestones() throws -> [MilestoneListing] {
        try database.rows("SELECT report FROM milestones ORDER BY created_at, name").map { row in
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

    /// The verify run a report stands on per platform: the run a gate made for it (`verified`), else
    /// the latest full run when it judged the current fixture set; the others are returned as stale,
    /// with why. Filtered runs never stand in. (The gates also confirm the runner: `MilestoneGates`.)
    /// `excluding`: platforms the gates found no standing run for (they say why).
    func standingVerifyRuns(verified: [String: GateRun], current: ResultInputs,
                            excluding: Set<String> = []) throws -> (standing: [PlatformStatus], stale: [String: String]) {
        var standing: [PlatformStatus] = [], stale: [String: String] = [:]
        let withFullRuns = try database.rows("SELECT DISTINCT platform FROM runs WHERE scope = 'full'").compactMap { $0[0].text }
        for platform in Set(verified.keys).union(withFullRuns).subtracting(excluding).sorted() {
            if let gate = verified[platform], let run = try run(id: gate.run) {
                standing.append(try platformStatus(run, use: MilestoneUse.ran(gate), ranNow: true))
                continue
            }
            guard let run = try runs(platform: platform, limit: 1, fullOnly: true, withResults: false).first else { continue }
            let changed = run.inputs?.changed(to: current, among: [.fixtures]) ?? ResultInputs.Input.allCases
            if changed.isEmpty {
                standing.append(try platformStatus(run, use: MilestoneUse.latest(run.id ?? 0, gate: "verify"), ranNow: false))
            } else {
                stale[platform] = MilestoneUse.stale(run.inputs == nil ? nil : changed, gate: "verify", run: run.id ?? 0, at: run.startedAt)
            }
        }
        return (standing, stale)
    }

    /// A stored run as the report shows it, with its failing fixtures.
    private func platformStatus(_ run: StoredRun, use: String, ranNow: Bool) throws -> PlatformStatus {
        let failing = try database.rows("""
            SELECT fixture, coalesce(failure_kind, 'failed'), step, path FROM run_results WHERE run_id = ? AND status = 'failed' ORDER BY fixture
            """, [SQLValue(run.id)]).map {
            FailingFixture(fixture: $0[0].text ?? "", kind: $0[1].text ?? "", step: $0[2].integer.map { Int($0) }, path: $0[3].text)
        }
        var status = PlatformStatus(platform: run.platform, status: run.status, startedAt: run.startedAt, fixtures: run.fixtureCount,
                                    passed: run.passedCount, failed: run.failedCount, notRun: run.notRunCount, scope: "full",
                                    ranForMilestone: ranNow, runnerFailure: run.runnerFailure, failing: failing)
        status.run = run.id
        status.use = use
        status.inputs = run.inputs
        return status
    }

    /// The audit a report stands on: the one the gates checked, else the latest when it judged the
    /// current structures and its sources read the same now; otherwise why it is stale.
    private func standingAudit(_ inputs: MilestoneInputs, current: ResultInputs) throws -> (report: AuditReport?, use: String?, stale: String?) {
        if let stale = inputs.auditStale { return (nil, nil, stale) }
        guard let latest = try latestStoredAudit() else { return (nil, nil, nil) }
        if let use = inputs.audit, use.id == latest.id {
            return (latest.report, use.ranForReport ? "run for this milestone (audit \(latest.id))" : "audit \(latest.id), on the same sources and structures", nil)
        }
        switch try auditStanding(latest, current: current) {
        case .stands: return (latest.report, "audit \(latest.id), on the same sources and structures", nil)
        case .stale(let reason): return (nil, nil, reason)
        }
    }

    /// Why a platform with stored runs has no full one.
    private func missingReason(_ platform: String) throws -> String {
        let filtered = try database.rows("SELECT coalesce(scope, 'of unknown scope') FROM runs WHERE platform = ? ORDER BY id DESC LIMIT 1",
                                         [.text(platform)]).first?[0].text
        guard let filtered else { return "no verify run is stored" }
        return "only filtered runs are stored (latest: \(filtered)); a filtered run never stands for the whole — run `duet verify --platform \(platform)`"
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
