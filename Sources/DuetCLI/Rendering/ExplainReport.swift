import Duet
import DuetCorpus
import DuetGates

/// The report of `explain`: what the stored run judged and whether that is still the tree, then
/// the run's own report as its gate renders it (`ReplayReports.verify`, `DrillReports.restore`).
/// JSON: `{"run": {gate, id, platform, scope, startedAt, runner, runnerBuild, fixtureSet, manifest,
/// structures, describe}, "now": {standsForNow, changed, runner, runnerDetail}, "report": <the gate's
/// JSON>, "verdict"}`.
enum ExplainReport {
    static func report(_ explanation: RunExplanation) -> Report {
        var gateReport: Report
        if let outcome = explanation.verify, let counts = explanation.verifyCounts {
            gateReport = ReplayReports.verify(outcome, stored: [explanation.platform: counts])
        } else if let outcome = explanation.drill, let counts = explanation.drillCounts {
            gateReport = DrillReports.restore(outcome, stored: [explanation.platform: counts])
        } else {
            gateReport = Report(sections: [])
        }
        // The stored run keeps its failures as rows and its passes as a count: a run that held has no row to show.
        for index in gateReport.sections.indices where gateReport.sections[index].id == "results" {
            gateReport.sections[index].title = "Verify: fixtures that did not pass (passes are counted in the summary)"
            gateReport.sections[index].omittedWhenEmpty = true
        }
        var json = JSONObject()
        json["run"] = runJSON(explanation)
        json["now"] = nowJSON(explanation)
        json["report"] = gateReport.json
        let sections = [Report.Section(id: "run", title: "Stored run", content: .text(runText(explanation))),
                        Report.Section(id: "now", title: "Against the tree now", content: .text(nowText(explanation)))]
            + gateReport.sections
        var report = Report(sections: sections, json: .object(json))
        report.verdict = GateVerdict(gate: "explain", holds: explanation.held, says: explanation.held ? "held" : "failed",
                                     detail: "\(name(explanation)) of \(explanation.startedAt)"
                                         + (explanation.standsForNow ? "" : "; a past run, judged on other inputs"))
        return report
    }

    static func name(_ explanation: RunExplanation) -> String {
        "\(explanation.gate.rawValue) run \(explanation.id) (\(explanation.platform), \(explanation.scope))"
    }

    static func runText(_ e: RunExplanation) -> String {
        var lines = ["\(name(e)), started \(e.startedAt)", "runner: \(e.runner)"]
        if let inputs = e.inputs {
            lines.append("runner build: \(inputs.runner?.build ?? "unidentified")" + (inputs.runner?.describe.map { ", describe \(ResultInputs.short($0))" } ?? ""))
            lines.append("judged: fixture set \(ResultInputs.short(inputs.fixtures)) (\(Counted(inputs.fixtureCount, "fixture"))), "
                         + "manifest \(inputs.manifest.map { ResultInputs.short($0) } ?? "none"), structures \(inputs.structures.map { ResultInputs.short($0) } ?? "none")")
        } else {
            lines.append("judged: not recorded (stored before results named their inputs)")
        }
        return lines.joined(separator: "\n")
    }

    static func nowText(_ e: RunExplanation) -> String {
        var lines: [String] = []
        if e.treeChanged.isEmpty {
            lines.append("tree: the same fixture set, manifest and structures")
        } else if e.inputs == nil {
            lines.append("tree: not known — the run did not record what it judged")
        } else {
            lines.append("tree: " + ResultInputs.staleReason(e.treeChanged, since: "this run").replacingOccurrences(of: "stale: ", with: ""))
        }
        switch e.runnerNow {
        case .same(let detail): lines.append("runner: the same — \(detail)")
        case .changed(let detail): lines.append("runner: changed — \(detail)")
        case .notChecked(let detail): lines.append("runner: not checked — \(detail)")
        }
        let rerun = e.gate == .verify ? "duet verify" : "duet drill restore"
        lines.append(e.standsForNow
            ? "This run judged what the tree holds now" + (caseNotChecked(e) ? " (as far as can be told without starting the runner)." : ".")
            : "A past run: what it found is not a result about now — run `\(rerun) --platform \(e.platform)` to judge now.")
        return lines.joined(separator: "\n")
    }

    private static func caseNotChecked(_ e: RunExplanation) -> Bool {
        if case .notChecked = e.runnerNow { return true } else { return false }
    }

    static func runJSON(_ e: RunExplanation) -> JSONValue {
        var object = JSONObject()
        object["gate"] = .string(e.gate.rawValue)
        object["id"] = .int(e.id)
        object["platform"] = .string(e.platform)
        object["scope"] = .string(e.scope)
        object["startedAt"] = .string(e.startedAt)
        object["runner"] = .string(e.runner)
        object["held"] = .bool(e.held)
        if let inputs = e.inputs {
            object["runnerBuild"] = inputs.runner?.build.map(JSONValue.string) ?? .null
            object["describe"] = inputs.runner?.describe.map(JSONValue.string) ?? .null
            object["fixtureSet"] = .string(inputs.fixtures)
            object["manifest"] = inputs.manifest.map(JSONValue.string) ?? .null
            object["structures"] = inputs.structures.map(JSONValue.string) ?? .null
        } else {
            object["inputs"] = .string("not recorded: stored before results named their inputs")
        }
        return .object(object)
    }

    static func nowJSON(_ e: RunExplanation) -> JSONValue {
        var object = JSONObject()
        object["standsForNow"] = .bool(e.standsForNow)
        object["changed"] = .array(e.treeChanged.map { .string($0.rawValue) })
        switch e.runnerNow {
        case .same(let detail): object["runner"] = .string("same"); object["runnerDetail"] = .string(detail)
        case .changed(let detail): object["runner"] = .string("changed"); object["runnerDetail"] = .string(detail)
        case .notChecked(let detail): object["runner"] = .string("not-checked"); object["runnerDetail"] = .string(detail)
        }
        return .object(object)
    }
}
