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
             exploreCell(row), row.detail.map { .text($0) } ?? .none]
        }
        let baselines: [[Table.Cell]] = outcome.baselines.map { baseline in
            [.text(baseline.platform), .text(baseline.passed ? "passed" : "failed"), .int(baseline.fixtures),
             .text(seconds(baseline.buildMilliseconds)), .text(seconds(baseline.verifyMilliseconds)), baseline.detail.map { .text($0) } ?? .none]
        }
        let caught = outcome.rows.count { $0.verdict == .caught }
        var summary = "\(caught) of \(outcome.rows.count) mutants caught over \(outcome.fixtureCount) fixtures in \(seconds(outcome.milliseconds))"
        summary += outcome.holds ? " — holds" : " — fails"
        if let stop = outcome.stoppedBy { summary += "\nstopped: \(stop)" }
        for score in outcome.scores {
            summary += "\nscore \(score.platform): fixtures alone caught \(score.byFixtures) of \(score.mutants) (\(percent(score.byFixtures, score.mutants)))"
            if outcome.exploreBudget != nil {
                summary += "; fixtures + explore --budget \(outcome.exploreBudget!) caught \(score.withExplore) (\(percent(score.withExplore, score.mutants)))"
            }
        }
        let equivalent = outcome.rows.filter { $0.equivalent != nil }.map(\.name)
        if !equivalent.isEmpty { summary += "\nnot scored (equivalent): \(equivalent.joined(separator: ", "))" }
        if let baseline = outcome.exploreBaseline { summary += "\nexplore of the unmutated copy: \(baseline.caught ? "found a disagreement" : "nothing found") in \(baseline.steps) steps" }
        for verdict in [MutationOutcome.Verdict.survived, .stale, .unbuildable, .notRun] {
            let names = outcome.rows.filter { $0.verdict == verdict }.map(\.name)
            if !names.isEmpty { summary += "\n\(verdict.rawValue): \(names.joined(separator: ", "))" }
        }
        return Report(sections: [
            Report.Section(id: "baselines", title: "Baselines (the unmutated copy)", content: .table(Table(
                columns: ["platform", "status", "fixtures", "build", "verify", "detail"], rows: baselines))),
            Report.Section(id: "rows", title: "Mutants", content: .table(Table(
                columns: ["row", "platform", "verdict", "caught_by", "fixtures", "site", "time", "explore", "detail"], rows: rows))),
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
        object["exploreBudget"] = outcome.exploreBudget.map { .int(Int64($0)) }
        object["exploreBaseline"] = outcome.exploreBaseline.map(exploreJSON)
        object["scores"] = .array(outcome.scores.map { score in
            var entry = JSONObject()
            entry["platform"] = .string(score.platform)
            entry["mutants"] = .int(Int64(score.mutants))
            entry["byFixtures"] = .int(Int64(score.byFixtures))
            entry["withExplore"] = .int(Int64(score.withExplore))
            return .object(entry)
        })
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
            entry["equivalent"] = row.equivalent.map(JSONValue.string)
            entry["explore"] = row.explore.map(exploreJSON)
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

    /// Explore's part of a row; no `fixture` or `path` keys (tools read those as the catching fixtures).
    static func exploreJSON(_ explore: MutationOutcome.ExploreCatch) -> JSONValue {
        var entry = JSONObject()
        entry["verdict"] = .string(explore.caught ? "caught" : "survived")
        entry["steps"] = .int(Int64(explore.steps))
        entry["stepsToFinding"] = explore.stepsToFinding.map { .int(Int64($0)) }
        entry["kind"] = explore.kind.map(JSONValue.string)
        entry["at"] = explore.at.map(JSONValue.string)
        entry["actions"] = explore.actions.map { .int(Int64($0)) }
        entry["explored"] = explore.explored.map { .int(Int64($0)) }
        entry["message"] = explore.message.map(JSONValue.string)
        entry["milliseconds"] = .int(Int64(explore.milliseconds))
        return .object(entry)
    }

    static func exploreCell(_ row: MutationOutcome.Row) -> Table.Cell {
        guard let explore = row.explore else { return .none }
        guard explore.caught else { return .text("survived \(explore.steps) steps") }
        return .text("caught at step \(explore.stepsToFinding ?? explore.steps), \(explore.actions ?? 0) action(s) shrunk")
    }

    static func percent(_ part: Int, _ whole: Int) -> String {
        whole == 0 ? "–" : String(format: "%.0f%%", Double(part) * 100 / Double(whole))
    }

    static func seconds(_ milliseconds: Int) -> String {
        milliseconds >= 60_000 ? "\(milliseconds / 60_000)m \(milliseconds % 60_000 / 1000)s" : String(format: "%.1fs", Double(milliseconds) / 1000)
    }
}
