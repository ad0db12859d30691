import Duet
import DuetCorpus
import DuetGates
import DuetReplay

/// The reports of `record`, `verify` and `pending`: same columns in every format, and a
/// typed JSON form for tools.
enum ReplayReports {
    /// The recordings that differ from the fixtures of record (metadata-only ones with `verbose`),
    /// those not recorded and the unreferenced fixtures; the JSON form lists everything.
    static func record(_ outcome: RecordOutcome, verbose: Bool = false) -> Report {
        let listed = outcome.entries.filter { $0.change != .unchanged && (verbose || $0.change != .metadata) }
        let rows: [[Table.Cell]] = listed.map { entry in
            let status = outcome.pending.contains(entry.fixture) ? "pending" : outcome.written.contains(entry.fixture) ? "written"
                : outcome.mode == .check ? "not written (--check)" : "unchanged"
            let detail = entry.location?.description ?? entry.metadataChanges.joined(separator: ", ")
            return [.text(entry.fixture), .text(entry.change == .metadata ? "metadata-only" : entry.change.rawValue), .text(status), .text(detail)]
        } + outcome.failures.map { result in
            [.text(result.fixture), .text("failed"), .text("not recorded"), .text(result.failure?.description ?? "")]
        } + outcome.notRun.map { [.text($0), .text("not-run"), .text("not recorded"), .text("the runner kept failing")] }
          + outcome.unreferenced.map { name in
            [.text(name), .text("unreferenced"), .text(outcome.deleted.contains(name) ? "deleted" : "kept"),
             .text("no scenario of the runner records it")]
        }
        var json = JSONObject()
        json["written"] = .array(outcome.written.map(JSONValue.string))
        json["pending"] = .array(outcome.pending.map(JSONValue.string))
        json["unchanged"] = .int(Int64(outcome.entries.count { $0.change == .unchanged }))
        json["fixtures"] = .int(Int64(outcome.entries.count))
        json["metadataOnly"] = .array(outcome.metadataOnly.map { .string($0.fixture) })
        json["superseded"] = .array(outcome.superseded.map(JSONValue.string))
        json["changes"] = .array(outcome.entries.filter { $0.change != .unchanged }.map { entry in
            var object = JSONObject()
            object["fixture"] = .string(entry.fixture)
            object["change"] = .string(entry.change.rawValue)
            object["metadata"] = entry.metadataChanges.isEmpty ? nil : .array(entry.metadataChanges.map(JSONValue.string))
            object["step"] = entry.location?.step.map { .int(Int64($0)) }
            object["path"] = entry.location.map { .string($0.fieldPath) }
            object["stored"] = entry.location?.divergence.expected.map(JSONValue.string)
            object["recorded"] = entry.location?.divergence.actual.map(JSONValue.string)
            return .object(object)
        })
        json["failures"] = .array(outcome.failures.map { failureJSON($0) })
        json["notRun"] = .array(outcome.notRun.map(JSONValue.string))
        json["unreferenced"] = .array(outcome.unreferenced.map(JSONValue.string))
        json["deleted"] = .array(outcome.deleted.map(JSONValue.string))
        json["mode"] = .string(outcome.mode == .check ? "check" : outcome.mode == .overwrite ? "write" : "record")
        json["environmentFailure"] = outcome.environmentFailure.map(JSONValue.string)
        json["unreferencedPolicy"] = .string(outcome.unreferencedPolicy.rawValue)
        let title = "Recordings that differ from parity/fixtures"
        guard !rows.isEmpty else { return Report(sections: [Report.Section(id: "rows", content: .text(title + ": none"))], json: .object(json)) }
        return Report(Table(columns: ["fixture", "change", "status", "detail"], rows: rows), title: title, json: .object(json))
    }

    /// `stored`: per platform, the counts of a stored run shown again (`duet explain`), whose
    /// results hold its failures only; without them the counts are the results'.
    static func verify(_ outcome: VerifyOutcome, stored: [String: StoredRunCounts] = [:]) -> Report {
        func counts(_ run: VerifyRun) -> (passed: Bool, passedCount: Int, failed: Int, notRun: Int, steps: Int, stepsText: String) {
            guard let kept = stored[run.platform] else {
                return (run.passed, run.passedCount, run.failedCount, run.notRunCount, run.stepCount, "\(run.stepCount) steps")
            }
            return (kept.held, kept.passed, kept.failed, kept.notRun, kept.stepsReplayed,
                    "\(kept.stepsReplayed) steps" + (kept.reused > 0 ? " replayed" : ""))
        }
        var rows: [[Table.Cell]] = []
        for run in outcome.runs {
            for result in run.results where result.status != .passed {
                let failure = result.failure
                rows.append([.text(run.platform), .text(result.fixture), .text(result.status.rawValue), .int(result.stepsRun),
                             failure?.step.map { .int($0) } ?? .none, failure.map { .text($0.kind.rawValue) } ?? .none,
                             failure?.divergence.map { .text($0.path.isEmpty ? "(root)" : $0.path) } ?? .none,
                             failure.map { .text($0.description) } ?? .none])
            }
        }
        var json = JSONObject()
        json["fixtures"] = .int(Int64(outcome.fixtureCount))
        json["missingRunners"] = .array(outcome.missingRunners.map(JSONValue.string))
        json["runs"] = .array(outcome.runs.map { run in
            var object = JSONObject()
            object["platform"] = .string(run.platform)
            object["runner"] = .string(run.runner)
            let tally = counts(run)
            object["status"] = .string(tally.passed ? "passed" : "failed")
            object["startedAt"] = .string(run.startedAt)
            object["passed"] = .int(Int64(tally.passedCount))
            object["failed"] = .int(Int64(tally.failed))
            object["notRun"] = .int(Int64(tally.notRun))
            object["steps"] = .int(Int64(tally.steps))
            object["runnerFailure"] = run.runnerFailure.map { .string("\($0)") }
            object["results"] = .array(run.results.map { failureJSON($0) })
            object["failuresOmitted"] = .int(Int64(run.omittedFailures))
            if let reuse = outcome.reuse[run.platform] {
                let extra = reuseJSON(reuse)
                for key in extra.keys { object[key] = extra[key] }
            }
            return .object(object)
        })
        json["declarations"] = outcome.declarations.map(declarationsJSON)
        let table = Table(columns: ["platform", "fixture", "status", "steps", "failed_step", "kind", "path", "detail"], rows: rows)
        let summary = outcome.runs.map { run in
            let tally = counts(run)
            return "\(run.platform): \(tally.passed ? "passed" : "failed") — \(tally.passedCount) passed, \(tally.failed) failed, \(tally.notRun) not run, \(tally.stepsText) in \(run.durationMilliseconds) ms"
                + (outcome.reuse[run.platform].map { " (\($0.summary); runner \($0.identity.build))" } ?? "")
                + (run.omittedFailures > 0 ? "\n  \(run.omittedFailures) more failures not kept (--max-failures): counted above, not listed or stored" : "")
        } + outcome.missingRunners.map { "\($0): failed — no runner" } + (outcome.fixtureCount == 0 ? ["failed — no stored fixture matches"] : [])
        // Passes are counted in the summary, not listed: at a million steps they would be the whole report.
        var sections = rows.isEmpty ? [] : [Report.Section(id: "results", title: "Verify: fixtures that did not pass", content: .table(table))]
        if let declarations = outcome.declarations {
            sections.append(Report.Section(id: "declarations", title: "Declaration parity", content: .text(declarationsText(declarations))))
        }
        sections.append(Report.Section(id: "summary", title: "Summary", content: .text(summary.joined(separator: "\n"))))
        return Report(sections: sections, json: .object(json))
    }

    /// What a run reused and which runner judged it, as `verify` and `drill restore` print it in JSON.
    static func reuseJSON(_ reuse: ReuseSummary) -> JSONObject {
        var object = JSONObject()
        object["run"] = reuse.run.map { .int($0) }
        object["replayed"] = .int(Int64(reuse.replayed))
        object["unchanged"] = .int(Int64(reuse.reused))
        object["unchangedSince"] = reuse.since.map { .int($0) }
        object["runnerBuild"] = reuse.identity.build.stored.map(JSONValue.string) ?? .null
        object["runnerIdentity"] = .string(reuse.identity.build.description)
        object["describe"] = reuse.identity.describe.map(JSONValue.string) ?? .null
        return object
    }

    static func declarationsText(_ check: DeclarationCheck) -> String {
        var lines = check.failures.map { "\($0.platform): no describe answer — \($0.message)" }
        lines += check.differences.map(\.description)
        if check.holds {
            lines.append("holds — \(([check.reference] + check.compared).joined(separator: " and ")) declare the same \(check.featureCount) features (fields, roles, shapes, kinds, action and effect cases, initial states, restore, seams)")
        } else if check.compared.isEmpty && check.failures.isEmpty {
            lines.append("failed — no platform to compare with \(check.reference)")
        } else if check.featureCount == 0 && check.failures.isEmpty {
            lines.append("failed — \(check.reference) declared no features, so nothing was compared")
        } else if !check.differences.isEmpty {
            lines.append("failed — \(check.differences.count) difference(s) between \(([check.reference] + check.compared).joined(separator: " and "))")
        }
        return lines.joined(separator: "\n")
    }

    static func declarationsJSON(_ check: DeclarationCheck) -> JSONValue {
        var object = JSONObject()
        object["status"] = .string(check.holds ? "holds" : "fails")
        object["reference"] = .string(check.reference)
        object["compared"] = .array(check.compared.map(JSONValue.string))
        object["features"] = .int(Int64(check.featureCount))
        object["differences"] = .array(check.differences.map { difference in
            var entry = JSONObject()
            entry["feature"] = .string(difference.feature)
            entry["aspect"] = .string(difference.aspect.rawValue)
            entry["subject"] = .string(difference.subject)
            for side in [difference.left, difference.right] { entry[side.platform] = side.value.map(JSONValue.string) ?? .null }
            entry["description"] = .string(difference.description)
            return .object(entry)
        })
        object["failures"] = .array(check.failures.map { failure in
            var entry = JSONObject()
            entry["platform"] = .string(failure.platform)
            entry["message"] = .string(failure.message)
            return .object(entry)
        })
        return .object(object)
    }

    static func pending(_ recordings: [PendingRecording]) -> Report {
        let rows: [[Table.Cell]] = recordings.map { recording in
            [.text(recording.name), .text(recording.reason.rawValue), .text(recording.producer), recording.fixture.feature.map { .text($0) } ?? .none,
             recording.step.map { .int($0) } ?? .none, recording.path.map { .text($0) } ?? .none, .text(recording.recordedAt)]
        }
        let json = JSONValue.array(recordings.map { recording in
            var object = JSONObject()
            object["name"] = .string(recording.name)
            object["reason"] = .string(recording.reason.rawValue)
            object["producer"] = .string(recording.producer)
            object["file"] = .string(RecordTree.pendingFolder + "/" + recording.name + ".fixture.json")
            object["feature"] = recording.fixture.feature.map(JSONValue.string)
            object["step"] = recording.step.map { .int(Int64($0)) }
            object["path"] = recording.path.map(JSONValue.string)
            object["stored"] = recording.expected.map(JSONValue.string)
            object["recorded"] = recording.actual.map(JSONValue.string)
            object["recordedAt"] = .string(recording.recordedAt)
            return .object(object)
        })
        return Report(Table(columns: ["name", "reason", "producer", "feature", "step", "path", "recorded_at"], rows: rows),
                      title: "Pending recordings (\(RecordTree.pendingFolder))", json: json)
    }

    static func failureJSON(_ result: FixtureResult) -> JSONValue {
        var object = JSONObject()
        object["fixture"] = .string(result.fixture)
        object["status"] = .string(result.status.rawValue)
        object["stepsRun"] = .int(Int64(result.stepsRun))
        if let failure = result.failure {
            var detail = JSONObject()
            detail["kind"] = .string(failure.kind.rawValue)
            detail["step"] = failure.step.map { .int(Int64($0)) }
            detail["label"] = failure.label.map(JSONValue.string)
            detail["node"] = failure.node.map(JSONValue.string)
            detail["action"] = failure.action.map(JSONValue.string)
            detail["path"] = failure.divergence.map { .string($0.path) }
            detail["expected"] = failure.divergence?.expected.map(JSONValue.string)
            detail["actual"] = failure.divergence?.actual.map(JSONValue.string)
            detail["message"] = .string(failure.message)
            detail["source"] = failure.source.map(JSONValue.string)
            object["failure"] = .object(detail)
        }
        return .object(object)
    }
}
