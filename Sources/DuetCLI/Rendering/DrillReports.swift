import Duet
import DuetGates

/// The report of `drill restore`: a findings table and a summary in every format; the JSON form
/// is `{"summary": {"fixtures", "snapshots", "steps", "findings"}, "findings": [{"fixture", "step",
/// "node", "rule", "path", "expected", "actual"}]}` (absent values are null; with several platforms
/// each finding also names its `platform`). Ruled findings, when there are any, follow under `ruled`
/// with their `reason`; they are not counted in `summary.findings`. `runs` names, per platform, the
/// stored run, how many fixtures it drilled (`replayed`) and kept unchanged since `unchangedSince`,
/// and the runner that judged it (`runnerBuild`, null: unidentified; `describe`). The verb adds
/// `verdict` (`GateVerdict`). Beyond `--max-failures` fixtures with findings, the rest are counted
/// (`summary.findings` counts every finding, `summary.failuresOmitted` the fixtures not listed).
enum DrillReports {
    /// `stored`: per platform, the counts of a stored run shown again (`duet explain`), whose
    /// results hold only the fixtures with findings; without them the counts are the results'.
    static func restore(_ outcome: DrillOutcome, stored: [String: StoredDrillCounts] = [:]) -> Report {
        let several = outcome.runs.count > 1
        let findings = outcome.runs.flatMap { run in run.findings.map { (run.platform, $0) } }
        let ruled = outcome.runs.flatMap { run in run.ruled.map { (run.platform, $0) } }
        func row(_ platform: String, _ f: DrillFinding, rule: String, detail: String) -> [Table.Cell] {
            func fragment(_ s: String?) -> Table.Cell { s.map { .text($0) } ?? (f.path == nil ? .none : .text("(absent)")) }
            return [.text(platform), .text(f.fixture), f.step.map { .int($0) } ?? .text("initial"), f.node.map { .text($0) } ?? .none,
                    .text(rule), f.path.map { .text($0.isEmpty ? "(root)" : $0) } ?? .none, fragment(f.expected), fragment(f.actual), .text(detail)]
        }
        let rows = findings.map { row($0, $1, rule: $1.rule.rawValue, detail: $1.message) }
        let ruledRows = ruled.map { row($0, $1.finding, rule: $1.finding.rule.rawValue, detail: $1.ruling.reason) }
        var summary = JSONObject()
        summary["fixtures"] = .int(Int64(outcome.fixtureCount))
        summary["snapshots"] = .int(Int64(outcome.runs.reduce(0) { $0 + (stored[$1.platform]?.snapshots ?? $1.snapshotCount) }))
        summary["steps"] = .int(Int64(outcome.runs.reduce(0) { $0 + (stored[$1.platform]?.steps ?? $1.stepCount) }))
        summary["findings"] = .int(Int64(outcome.runs.reduce(0) { $0 + $1.findingCount }))
        summary["failuresOmitted"] = .int(Int64(outcome.runs.reduce(0) { $0 + $1.omittedFailures }))
        func object(_ platform: String, _ f: DrillFinding) -> JSONObject {
            func text(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
            var object = JSONObject()
            object["fixture"] = .string(f.fixture)
            object["step"] = f.step.map { .int(Int64($0)) } ?? .null
            object["node"] = text(f.node)
            object["rule"] = .string(f.rule.rawValue)
            object["path"] = text(f.path)
            object["expected"] = text(f.expected)
            object["actual"] = text(f.actual)
            if several { object["platform"] = .string(platform) }
            return object
        }
        var json = JSONObject()
        json["summary"] = .object(summary)
        json["runs"] = .array(outcome.runs.compactMap { run in
            outcome.reuse[run.platform].map { reuse in
                var object = ReplayReports.reuseJSON(reuse)
                object["platform"] = .string(run.platform)
                return .object(object)
            }
        })
        json["findings"] = .array(findings.map { .object(object($0, $1)) })
        if !ruled.isEmpty {
            json["ruled"] = .array(ruled.map { platform, r in
                var entry = object(platform, r.finding)
                entry["reason"] = .string(r.ruling.reason)
                return .object(entry)
            })
        }
        var sections: [Report.Section] = []
        let columns = ["platform", "fixture", "step", "node", "rule", "path", "expected", "actual"]
        if !rows.isEmpty {
            let table = Table(columns: columns + ["detail"], rows: rows)
            sections.append(Report.Section(id: "findings", title: "Restore drill findings", content: .table(table)))
        }
        // Gaps the team accepted are not findings: their own table, headed as what they are.
        if !ruledRows.isEmpty {
            let table = Table(columns: columns + ["reason"], rows: ruledRows)
            sections.append(Report.Section(id: "ruled", title: "Ruled gaps (drill.rulings in parity/manifest.yaml; not findings)", content: .table(table)))
        }
        sections.append(Report.Section(id: "summary", title: "Restore drill", content: .text(summaryText(outcome, stored: stored))))
        return Report(sections: sections, json: .object(json))
    }

    static func summaryText(_ outcome: DrillOutcome, stored: [String: StoredDrillCounts] = [:]) -> String {
        var lines = outcome.runs.map { run in
            let kept = stored[run.platform]
            let empty = run.emptySpineCount
            var line = "\(run.platform): \((kept?.held ?? run.passed) ? "passed" : "failed") — \(kept?.fixtures ?? run.fixtureCount) fixtures,"
            line += " \(kept?.snapshots ?? run.snapshotCount) snapshots,"
            line += " \(kept?.steps ?? run.stepCount) steps drilled, \(run.findingCount) findings (\(run.failedFixtureCount) fixtures)"
            if run.ruledCount > 0 { line += ", \(run.ruledCount) ruled (drill.rulings)" }
            line += " in \(run.durationMilliseconds) ms"
            // A stored run does not keep how many requests it made.
            if kept == nil { line += ", \(run.requests) requests" }
            if run.omittedFailures > 0 {
                line += "\n  \(run.omittedFailures) more fixtures with findings not kept (--max-failures): counted above, not listed or stored"
            }
            if let reuse = outcome.reuse[run.platform] {
                line += "\n  \(reuse.summary.replacingOccurrences(of: "replayed", with: "drilled")); runner \(reuse.identity.build)"
            }
            if empty > 0 {
                line += "\n  \(empty) of them have an empty spine (no L0 field, no island): each restored once, nothing persisted can diverge"
            }
            return line
        }
        lines += outcome.missingRunners.map { "\($0): failed — no runner" }
        lines += outcome.staleRulings.map { "stale ruling: \($0.fixture) \($0.rule) matches no finding — remove it from drill.rulings" }
        if outcome.fixtureCount == 0 { lines.append("nothing drilled — no stored fixture matches") }
        if let filter = outcome.filter { lines.append("filtered drill (\(filter)): stored as filtered; milestones report full drills only") }
        return lines.joined(separator: "\n")
    }
}
