import DuetCorpus

/// The tables of the milestone's sections, shared by the Markdown and HTML forms so both show the same columns.
struct MilestoneTable {
    var columns: [String]
    var rows: [[String]]
}

extension MilestoneReport {
    /// The headline: every check and its status.
    var checksTable: MilestoneTable {
        MilestoneTable(columns: ["check", "status", "detail"], rows: checks.map { [$0.name, $0.status.rawValue, $0.detail] })
    }

    var drillTable: MilestoneTable {
        MilestoneTable(columns: ["platform", "status", "started", "fixtures", "snapshots", "steps", "findings", "ruled", "failing fixtures", "run"],
                       rows: (drill ?? []).map { d in
            let failing = d.failingFixtures.prefix(10).joined(separator: ", ") + (d.failingFixtures.count > 10 ? ", …" : "")
            return [d.platform, d.status, d.startedAt, "\(d.fixtures)", "\(d.snapshots)", "\(d.steps)", "\(d.findings)", "\(d.ruled)", failing,
                    Self.runLabel(d.ranForMilestone, use: d.use)]
        })
    }

    var verifyTable: MilestoneTable {
        MilestoneTable(columns: ["platform", "status", "started", "fixtures", "passed", "failed", "not run", "run"],
                       rows: verify.map { [$0.platform, $0.status, $0.startedAt, "\($0.fixtures)", "\($0.passed)", "\($0.failed)", "\($0.notRun)",
                                           Self.runLabel($0.ranForMilestone, use: $0.use)] })
    }

    /// Whether the milestone ran the gate itself (and how much it replayed) or reuses the latest full run stored.
    static func runLabel(_ ranForMilestone: Bool?, use: String? = nil) -> String {
        use ?? (ranForMilestone == true ? "run for this milestone" : "latest full run")
    }

    var failingTable: MilestoneTable {
        MilestoneTable(columns: ["platform", "fixture", "kind", "step", "path"], rows: verify.flatMap { run in
            (run.failing ?? []).map { [run.platform, $0.fixture, $0.kind, $0.step.map(String.init) ?? "", $0.path ?? ""] }
        })
    }

    var lintTable: MilestoneTable? {
        guard let lint else { return nil }
        return MilestoneTable(columns: ["place", "rule", "finding", "fix"], rows: (lint.errors + lint.findings).map {
            ["\($0.file):\($0.line):\($0.column)", $0.rule, $0.message, $0.fix]
        })
    }

    var auditTable: MilestoneTable? {
        guard let audit else { return nil }
        return MilestoneTable(columns: ["place", "rule", "field", "finding"], rows: audit.findings.map {
            ["\($0.file):\($0.line)", $0.rule, $0.subject, $0.message]
        })
    }

    /// Lines of the difference section: additions and removals, status changes, newly failing fixtures.
    var differenceLines: [String] {
        guard let difference else { return [] }
        var lines: [String] = []
        for change in difference.statusChanges ?? [] { lines.append("\(change.check): \(change.from) → \(change.to)") }
        if let failing = difference.failing {
            if !failing.added.isEmpty { lines.append("newly failing: \(failing.added.joined(separator: ", "))") }
            if !failing.removed.isEmpty { lines.append("passing again: \(failing.removed.joined(separator: ", "))") }
        }
        if let failing = difference.drillFailing {
            if !failing.added.isEmpty { lines.append("newly failing the restore drill: \(failing.added.joined(separator: ", "))") }
            if !failing.removed.isEmpty { lines.append("passing the restore drill again: \(failing.removed.joined(separator: ", "))") }
        }
        if let map = difference.navigation, !map.isEmpty { lines.append("navigation map: \(Self.summary(map))") }
        let changes: [(String, MilestoneDifference.Change?)] = [
            ("kinds", difference.kinds), ("fields", difference.fields), ("fixtures", difference.fixtures), ("ledger entries", difference.entries),
            ("action cases sent by fixtures", difference.actionCases), ("reached only by explore", difference.exploreOnly)]
        for case let (label, change?) in changes {
            if !change.added.isEmpty { lines.append("\(label) added: \(change.added.joined(separator: ", "))") }
            if !change.removed.isEmpty { lines.append("\(label) removed: \(change.removed.joined(separator: ", "))") }
        }
        return lines
    }
}
