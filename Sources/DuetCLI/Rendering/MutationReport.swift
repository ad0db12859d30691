import Duet
import DuetGates
import Foundation

/// How `duet mutate` reads: the baselines, a row per mutant with who caught it, a summary.
enum MutationReport {
    static func report(_ outcome: MutationOutcome) -> Report {
        let rows: [[Table.Cell]] = outcome.rows.map { row in
            [.text(row.name), .text(row.platform), .text(row.verdict.rawValue), .int(row.caughtBy.count),
             .text(NameList.shortened(row.caughtBy.map { $0.fixture + ($0.path.map { " @" + ($0.isEmpty ? "(root)" : $0) } ?? "") }, limit: 3)),
             .text(row.file + (row.line.map { ":\($0)" } ?? "")), .text(seconds(row.buildMilliseconds + row.verifyMilliseconds)),
             row.detail.map { .text($0) } ?? .none]
        }
        let baselines: [[Table.Cell]] = outcome.baselines.map { baseline in
            [.text(baseline.platform), .text(baseline.passed ? "passed" : "failed"), .int(baseline.fixtures),
             .text(seconds(baseline.buildMilliseconds)), .text(seconds(baseline.verifyMilliseconds)), baseline.detail.map { .text($0) } ?? .none]
        }
        let caught = outcome.rows.count { $0.verdict == .caught }
        var summary = "\(caught) of \(outcome.rows.count) mutants caught over \(outcome.fixtureCount) fixtures in \(seconds(outcome.milliseconds))"
        summary += outcome.holds ? " — holds" : " — fails"
        if let stop = outcome.stoppedBy { summary += "\nstopped: \(stop)" }
        for verdict in [MutationOutcome.Verdict.survived, .stale, .unbuildable, .notRun] {
            let names = outcome.rows.filter { $0.verdict == verdict }.map(\.name)
            if !names.isEmpty { summary += "\n\(verdict.rawValue): \(names.joined(separator: ", "))" }
        }
        return Report(sections: [
            Report.Section(id: "baselines", title: "Baselines (the unmutated copy)", content: .table(Table(
                columns: ["platform", "status", "fixtures", "build", "verify", "detail"], rows: baselines))),
            Report.Section(id: "rows", title: "Mutants", content: .table(Table(
                columns: ["row", "platform", "verdict", "caught_by", "fixtures", "site", "time", "detail"], rows: rows))),
            Report.Section(id: "summary", title: "Summary", content: .text(summary)),
        ], json: json(outcome))
    }

    static func json(_ outcome: MutationOutcome) -> JSONValue {
        var object = JSONObject()
        object["status"] = .string(outcome.holds ? "holds" : "fails")
        object["fixtures"] = .int(Int64(outcome.fixtureCount))
        object["milliseconds"] = .int(Int64(outcome.milliseconds))
        object["workspace"] = .string(outcome.workspace)
        object["stoppedBy"] = outcome.stoppedBy.map(JSONValue.string)
        object["baselines"] = .array(outcome.baselines.map { baseline in
            var entry = JSONObject()
            entry["platform"] = .string(baseline.platform)
            entry["status"] = .string(baseline.passed ? "passed" : "failed")
            entry["failing"] = .array(baseline.failing.map(JSONValue.string))
            entry["buildMilliseconds"] = .int(Int64(baseline.buildMilliseconds))
            entry["verifyMilliseconds"] = .int(Int64(baseline.verifyMilliseconds))
            entry["detail"] = baseline.detail.map(JSONValue.string)
            return .object(entry)
        })
        object["rows"] = .array(outcome.rows.map { row in
            var entry = JSONObject()
            entry["name"] = .string(row.name)
            entry["platform"] = .string(row.platform)
            entry["file"] = .string(row.file)
            entry["line"] = row.line.map { .int(Int64($0)) }
            entry["about"] = row.about.map(JSONValue.string)
            entry["verdict"] = .string(row.verdict.rawValue)
            entry["detail"] = row.detail.map(JSONValue.string)
            entry["buildMilliseconds"] = .int(Int64(row.buildMilliseconds))
            entry["verifyMilliseconds"] = .int(Int64(row.verifyMilliseconds))
            entry["caughtBy"] = .array(row.caughtBy.map { caught in
                var item = JSONObject()
                item["fixture"] = .string(caught.fixture)
                item["kind"] = .string(caught.kind)
                item["step"] = caught.step.map { .int(Int64($0)) }
                item["path"] = caught.path.map(JSONValue.string)
                return .object(item)
            })
            return .object(entry)
        })
        return .object(object)
    }

    static func seconds(_ milliseconds: Int) -> String {
        milliseconds >= 60_000 ? "\(milliseconds / 60_000)m \(milliseconds % 60_000 / 1000)s" : String(format: "%.1fs", Double(milliseconds) / 1000)
    }
}
