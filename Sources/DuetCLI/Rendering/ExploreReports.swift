import Duet
import DuetCorpus
import DuetGates

/// The reports of `duet explore` and `duet explore --replay`: the same facts as a table, text and
/// a typed JSON form for tools.
enum ExploreReports {
    static func explore(_ outcome: ExploreOutcome) -> Report {
        let features = Table(columns: ["feature", "starts", "cases", "cases_reached", "steps", "not_generated"], rows: outcome.features.map { feature in
            [.text(feature.name), .int(feature.starts), .int(feature.cases), .int(feature.casesReached), .int(feature.steps),
             feature.unknownCases.isEmpty ? .none : .text(feature.unknownCases.joined(separator: ", "))]
        })
        let findings = Table(columns: ["name", "kind", "feature", "step", "path", "actions", "walks", "detail"], rows: outcome.findings.map { finding in
            [.text(finding.name), .text(finding.kind), .text(finding.feature), .int(finding.step),
             finding.path.map { .text($0.isEmpty ? "(root)" : $0) } ?? .none, .text("\(finding.shrunk) (of \(finding.explored))"),
             .int(finding.occurrences), .text(finding.message)]
        })
        var sections = [Report.Section(id: "features", title: "Explored", content: .table(features))]
        if !outcome.findings.isEmpty {
            sections.append(Report.Section(id: "findings", title: "Findings", content: .table(findings)))
            sections.append(Report.Section(id: "sides", title: "What each platform answered", content: .text(outcome.findings.map(sides).joined(separator: "\n\n"))))
        }
        sections.append(Report.Section(id: "summary", title: "Summary", content: .text(summary(outcome))))
        return Report(sections: sections, json: json(outcome))
    }

    static func summary(_ outcome: ExploreOutcome) -> String {
        var lines: [String] = []
        let rate = Int(outcome.stepsPerSecond.rounded())
        lines.append("\(outcome.steps) steps in \(outcome.walks) walks on \(outcome.platforms.joined(separator: " and ")) (seed \(outcome.options.seed), budget \(outcome.options.budget), depth \(outcome.options.depth)) in \(outcome.durationMilliseconds) ms — \(rate) steps/s")
        if outcome.rejected > 0 { lines.append("\(outcome.rejected) generated actions with values outside what the fixtures send were refused by every platform (not findings)") }
        if outcome.restoredWalks > 0 || outcome.options.restoreEvery > 0 {
            lines.append("restore drill at explored states: \(outcome.restoredWalks) walks, \(outcome.restoreRequests) requests" + (outcome.ruledRestores > 0 ? ", \(outcome.ruledRestores) findings accepted by drill.rulings" : ""))
        }
        let unknown = outcome.features.filter { !$0.unknownCases.isEmpty }
        if !unknown.isEmpty {
            lines.append("not generated (no fixture sends them, so their payload is unknown — record the fixture first): "
                         + unknown.map { "\($0.name): \($0.unknownCases.joined(separator: ", "))" }.joined(separator: "; "))
        }
        for finding in outcome.findings { lines.append("replay: \(finding.replay)") }
        if outcome.moreFindings > 0 { lines.append("\(outcome.moreFindings) more distinct finding(s) not shrunk (raise --max-findings)") }
        if let failure = outcome.runnerFailure {
            lines.append("failed — the run stopped: \(failure)")
        } else if !outcome.missingRunners.isEmpty {
            lines.append("failed — no runner for \(outcome.missingRunners.joined(separator: ", "))")
        } else if outcome.steps == 0 {
            lines.append("failed — nothing explored: no recorded state to start from")
        } else if outcome.holds {
            lines.append("holds — the platforms agreed on every step" + (outcome.platforms.count < 2 ? " (one platform: only refusals, crashes and the restore rules were judged)" : ""))
        } else {
            lines.append("failed — \(outcome.findings.count + outcome.moreFindings) finding(s)")
        }
        return lines.joined(separator: "\n")
    }

    /// The platforms' answers at the step a finding shows, one block per platform.
    static func sides(_ finding: ExploreOutcome.Finding) -> String {
        var lines = ["\(finding.name) step \(finding.step): \(finding.message)"]
        lines.append("  actions: " + finding.actions.joined(separator: " → "))
        lines.append("  from: \(finding.startFixture)" + (finding.startStep.map { " after step \($0)" } ?? " (initial state)"))
        for answer in finding.answers { lines += side(answer).map { "  " + $0 } }
        return lines.joined(separator: "\n")
    }

    static func side(_ answer: StoredExploreAnswer) -> [String] {
        if let error = answer.error { return ["\(answer.platform): \(error)"] }
        return ["\(answer.platform) state:   \(answer.state ?? "")", "\(answer.platform) effects: \(answer.effects ?? "")"]
    }

    static func json(_ outcome: ExploreOutcome) -> JSONValue {
        var object = JSONObject()
        object["status"] = .string(outcome.holds ? "holds" : "fails")
        object["platforms"] = .array(outcome.platforms.map(JSONValue.string))
        object["missingRunners"] = .array(outcome.missingRunners.map(JSONValue.string))
        object["feature"] = outcome.feature.map(JSONValue.string)
        object["seed"] = .int(Int64(bitPattern: outcome.options.seed))
        object["budget"] = .int(Int64(outcome.options.budget))
        object["depth"] = .int(Int64(outcome.options.depth))
        object["steps"] = .int(Int64(outcome.steps))
        object["walks"] = .int(Int64(outcome.walks))
        object["rejected"] = .int(Int64(outcome.rejected))
        object["durationMs"] = .int(Int64(outcome.durationMilliseconds))
        object["stepsToFirstFinding"] = outcome.stepsToFirstFinding.map { .int(Int64($0)) }
        object["shrinkReplays"] = .int(Int64(outcome.shrinkReplays))
        object["restore"] = .object(entries([("walks", .int(Int64(outcome.restoredWalks))), ("requests", .int(Int64(outcome.restoreRequests))),
                                             ("ruled", .int(Int64(outcome.ruledRestores)))]))
        object["features"] = .array(outcome.features.map { feature in
            .object(entries([("name", .string(feature.name)), ("starts", .int(Int64(feature.starts))), ("cases", .int(Int64(feature.cases))),
                             ("casesReached", .int(Int64(feature.casesReached))), ("steps", .int(Int64(feature.steps))),
                             ("notGenerated", .array(feature.unknownCases.map(JSONValue.string)))]))
        })
        object["unserved"] = .object(entries(outcome.unserved.sorted { $0.key < $1.key }.map { ($0.key, .array($0.value.map(JSONValue.string))) }))
        object["findings"] = .array(outcome.findings.map(findingJSON))
        object["moreFindings"] = .int(Int64(outcome.moreFindings))
        object["runnerFailure"] = outcome.runnerFailure.map(JSONValue.string)
        object["runId"] = outcome.runID.map { .int($0) }
        return .object(object)
    }

    static func findingJSON(_ finding: ExploreOutcome.Finding) -> JSONValue {
        .object(entries([
            ("name", .string(finding.name)), ("kind", .string(finding.kind)), ("feature", .string(finding.feature)),
            ("step", .int(Int64(finding.step))), ("path", finding.path.map(JSONValue.string) ?? .null), ("message", .string(finding.message)),
            ("signature", .string(finding.signature)), ("occurrences", .int(Int64(finding.occurrences))),
            ("explored", .int(Int64(finding.explored))), ("shrunk", .int(Int64(finding.shrunk))),
            ("startFixture", .string(finding.startFixture)), ("startStep", finding.startStep.map { .int(Int64($0)) } ?? .null),
            ("actions", .array(finding.actions.map { (try? CanonicalJSON.parse($0)) ?? .string($0) })),
            ("answers", .array(finding.answers.map(answerJSON))), ("replay", .string(finding.replay)),
        ]))
    }

    static func answerJSON(_ answer: StoredExploreAnswer) -> JSONValue {
        .object(entries([("platform", .string(answer.platform)), ("step", .int(Int64(answer.step))),
                         ("state", answer.state.map { (try? CanonicalJSON.parse($0)) ?? .string($0) } ?? .null),
                         ("effects", answer.effects.map { (try? CanonicalJSON.parse($0)) ?? .string($0) } ?? .null),
                         ("error", answer.error.map(JSONValue.string) ?? .null)]))
    }

    static func replay(_ outcome: ExploreReplayOutcome) -> Report {
        let rows: [[Table.Cell]] = outcome.answers.map { answer in
            [.int(answer.step), .text(answer.platform), .text(answer.error ?? "reduced"), .text(answer.state ?? ""), .text(answer.effects ?? "")]
        }
        var lines: [String] = []
        if let failure = outcome.runnerFailure {
            lines.append("failed — a runner failed: \(failure)")
        } else if !outcome.missingRunners.isEmpty {
            lines.append("failed — no runner for \(outcome.missingRunners.joined(separator: ", "))")
        } else if let kind = outcome.kind {
            lines.append("fails — \(kind) at step \(outcome.step ?? 0)" + (outcome.path.map { " (\($0.isEmpty ? "(root)" : $0))" } ?? "") + ": \(outcome.message ?? "")")
        } else if outcome.rerecorded {
            lines.append("holds — the platforms agree on every step; re-recorded with their answers: `duet pending accept \(outcome.name)` makes it a fixture of record")
        } else {
            lines.append("holds — the platforms agree on every step")
        }
        var json = JSONObject()
        json["name"] = .string(outcome.name)
        json["status"] = .string(outcome.holds ? "holds" : "fails")
        json["platforms"] = .array(outcome.platforms.map(JSONValue.string))
        json["kind"] = outcome.kind.map(JSONValue.string)
        json["step"] = outcome.step.map { .int(Int64($0)) }
        json["path"] = outcome.path.map(JSONValue.string)
        json["message"] = outcome.message.map(JSONValue.string)
        json["rerecorded"] = .bool(outcome.rerecorded)
        json["answers"] = .array(outcome.answers.map(answerJSON))
        json["runnerFailure"] = outcome.runnerFailure.map(JSONValue.string)
        return Report(sections: [
            Report.Section(id: "answers", title: "Replay of \(outcome.name)",
                           content: .table(Table(columns: ["step", "platform", "answer", "state", "effects"], rows: rows))),
            Report.Section(id: "summary", content: .text(lines.joined(separator: "\n"))),
        ], json: .object(json))
    }

    /// An object from distinct keys, nulls left out.
    static func entries(_ pairs: [(String, JSONValue)]) -> JSONObject {
        var object = JSONObject()
        for (key, value) in pairs where value != .null { object[key] = value }
        return object
    }
}
