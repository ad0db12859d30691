import Duet
import DuetGates

/// The report of `drill restore`: a findings table and a summary in every format; the JSON form
/// is `{"summary": {"fixtures", "snapshots", "steps", "findings"}, "findings": [{"fixture", "step",
/// "node", "rule", "path", "expected", "actual"}]}` (absent values are null; with several platforms
/// each finding also names its `platform`).
enum DrillReports {
    static func restore(_ outcome: DrillOutcome) -> Report {
        let several = outcome.runs.count > 1
        let findings = outcome.runs.flatMap { run in run.findings.map { (run.platform, $0) } }
        let rows: [[Table.Cell]] = findings.map { platform, f in
            [.text(platform), .text(f.fixture), f.step.map { .int($0) } ?? .text("initial"), f.node.map { .text($0) } ?? .none,
             .text(f.rule.rawValue), f.path.map { .text($0.isEmpty ? "(root)" : $0) } ?? .none,
             f.expected.map { .text($0) } ?? .none, f.actual.map { .text($0) } ?? .none, .text(f.message)]
        }
        var summary = JSONObject()
        summary["fixtures"] = .int(Int64(outcome.fixtureCount))
        summary["snapshots"] = .int(Int64(outcome.runs.reduce(0) { $0 + $1.snapshotCount }))
        summary["steps"] = .int(Int64(outcome.runs.reduce(0) { $0 + $1.stepCount }))
        summary["findings"] = .int(Int64(findings.count))
        var json = JSONObject()
        json["summary"] = .object(summary)
        json["findings"] = .array(findings.map { platform, f in
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
            return .object(object)
        })
        var sections: [Report.Section] = []
        if !rows.isEmpty {
            let table = Table(columns: ["platform", "fixture", "step", "node", "rule", "path", "expected", "actual", "detail"], rows: rows)
            sections.append(Report.Section(id: "findings", title: "Restore drill findings", content: .table(table)))
        }
        sections.append(Report.Section(id: "summary", title: "Restore drill", content: .text(summaryText(outcome))))
        return Report(sections: sections, json: .object(json))
    }

    static func summaryText(_ outcome: DrillOutcome) -> String {
        var lines = outcome.runs.map { run in
            let empty = run.results.count { $0.emptySpine }
            var line = "\(run.platform): \(run.passed ? "passed" : "failed") — \(run.results.count) fixtures, \(run.snapshotCount) snapshots,"
            line += " \(run.stepCount) steps drilled, \(run.findings.count) findings (\(run.failedFixtures.count) fixtures) in \(run.durationMilliseconds) ms,"
            line += " \(run.requests) requests"
            if empty > 0 {
                line += "\n  \(empty) of them have an empty spine (no L0 field, no island): each restored once, nothing persisted can diverge"
            }
            return line
        }
        lines += outcome.missingRunners.map { "\($0): failed — no runner" }
        if outcome.fixtureCount == 0 { lines.append("nothing drilled — no stored fixture matches") }
        if let filter = outcome.filter { lines.append("filtered drill (\(filter)): stored as filtered; milestones report full drills only") }
        return lines.joined(separator: "\n")
    }
}
