import DuetAudit
import DuetCorpus
import DuetGates
import DuetManifest
import DuetReplay

/// The closing line of each gate, from its typed outcome. `holds` is passed in from the exit status
/// the verb returns, so the line and the exit code cannot disagree.
enum GateVerdicts {
    static func record(_ outcome: RecordOutcome, holds: Bool) -> GateVerdict {
        let gate = switch outcome.mode { case .check: "record --check"; case .overwrite: "record --write"; case .record: "record" }
        if let failure = outcome.environmentFailure { return GateVerdict(gate: gate, holds: false, says: "not checked", detail: failure) }
        if outcome.matchedNothing { return GateVerdict(gate: gate, holds: false, says: "not checked", detail: "no scenario matches --feature/--fixture") }
        let count = { (change: DriftEntry.Change) in outcome.entries.count { $0.change == change } }
        let total = Counted(outcome.entries.count, "fixture")
        let unreferenced = outcome.unreferenced.isEmpty ? nil : "\(outcome.unreferenced.count) unreferenced"
            + (!outcome.deleted.isEmpty ? " (deleted)" : outcome.unreferencedPolicy == .reject ? "" : " (warned)")
        let notRecorded = outcome.failures.count + outcome.notRun.count
        var parts: [String?]
        switch outcome.mode {
        case .check:
            parts = [count(.changed) > 0 ? "\(count(.changed)) changed behaviour" : nil, count(.new) > 0 ? "\(count(.new)) new" : nil,
                     notRecorded > 0 ? "\(notRecorded) not recorded" : nil, unreferenced, "\(count(.metadata)) metadata-only"]
            let detail = "\(total), " + parts.compactMap { $0 }.joined(separator: ", ")
            return GateVerdict(gate: gate, holds: holds, says: holds ? "no drift" : "drift", detail: detail)
        case .record, .overwrite:
            let rewritten = count(.metadata)
            parts = [outcome.pending.isEmpty ? nil : "\(outcome.pending.count) changed behaviour, kept pending in \(RecordTree.pendingFolder)",
                     notRecorded > 0 ? "\(notRecorded) not recorded" : nil,
                     count(.new) > 0 ? "\(count(.new)) new written" : nil,
                     outcome.mode == .overwrite && count(.changed) > 0 ? "\(count(.changed)) behaviour change(s) written" : nil,
                     "\(count(.unchanged)) unchanged", "\(rewritten) metadata-only rewritten", unreferenced,
                     outcome.superseded.isEmpty ? nil : "\(outcome.superseded.count) pending superseded"]
            return GateVerdict(gate: gate, holds: holds, detail: "\(total): " + parts.compactMap { $0 }.joined(separator: ", "))
        }
    }

    static func verify(_ outcome: VerifyOutcome, lint: LintReport?, holds: Bool) -> GateVerdict {
        let gate = "verify" + (outcome.shard.map { " --shard \($0.shard)" } ?? "")
        if outcome.fixtureCount == 0 { return GateVerdict(gate: gate, holds: false, says: "not checked", detail: "no stored fixture matches") }
        var parts = outcome.runs.map { run in
            run.passed ? "\(run.platform) \(run.passedCount) passed of \(run.fixtureCount)"
                : "\(run.platform) \(run.failedCount) failed, \(run.notRunCount) not run of \(run.fixtureCount)"
                    + (run.runnerFailure == nil ? "" : " (runner stopped)")
        }
        parts += outcome.missingRunners.map { "\($0) not checked (no runner)" }
        if let declarations = outcome.declarations, !declarations.holds { parts.append("declarations differ") }
        if let lint, !lint.holds { parts.append(lint.unparseable ? "lint: manifest unreadable" : "lint: \(Counted(lint.findings.count, "finding"))") }
        return GateVerdict(gate: gate, holds: holds, detail: parts.joined(separator: "; "))
    }

    static func drill(_ outcome: DrillOutcome, holds: Bool) -> GateVerdict {
        let gate = "drill restore"
        if outcome.fixtureCount == 0 { return GateVerdict(gate: gate, holds: false, says: "not checked", detail: "no stored fixture matches") }
        let findings = outcome.runs.reduce(0) { $0 + $1.findingCount }, ruled = outcome.runs.reduce(0) { $0 + $1.ruledCount }
        var detail = "\(Counted(findings, "finding")), \(ruled) ruled"
        let platforms = outcome.runs.map { $0.platform + ($0.runnerFailure == nil ? "" : " (runner stopped)") }
            + outcome.missingRunners.map { "\($0) not checked (no runner)" }
        detail += " — \(Counted(outcome.fixtureCount, "fixture")) on " + platforms.joined(separator: ", ")
        if !outcome.staleRulings.isEmpty { detail += "; \(Counted(outcome.staleRulings.count, "stale ruling"))" }
        if outcome.filter != nil { detail += "; filtered, not a full drill" }
        return GateVerdict(gate: gate, holds: holds, detail: detail)
    }

    static func lint(_ report: LintReport, holds: Bool) -> GateVerdict {
        if report.unparseable {
            return GateVerdict(gate: "lint", holds: false, says: "not checked", detail: "the manifest cannot be read (\(Counted(report.errors.count, "error")))")
        }
        return GateVerdict(gate: "lint", holds: holds, detail: "\(Counted(report.findings.count, "finding")), \(Counted(report.rules.count, "rule")); \(report.parity.summary)")
    }

    static func audit(_ report: AuditReport, holds: Bool) -> GateVerdict {
        if report.judgedNothing { return GateVerdict(gate: "audit", holds: false, says: "not checked", detail: "no feature structure is known") }
        return GateVerdict(gate: "audit", holds: holds, detail: "\(Counted(report.findings.count, "finding")) in \(Counted(report.files, "file"))")
    }

    static func census(_ census: Census, holds: Bool) -> GateVerdict {
        if census.judgedNothing && census.unknownStructure.isEmpty {
            return GateVerdict(gate: "census", holds: false, says: "not checked", detail: "no feature has a structure")
        }
        let d = census.declared
        var detail = "\(Counted(census.features.count, "feature")): path \(d.path), slot \(d.slot), tabs \(d.tabs), stage \(d.stage);"
        detail += " \(census.unruled.count) unruled, \(census.candidates.count - census.unruled.count) ruled candidate(s)"
        if !census.unknownStructure.isEmpty { detail += "; structure unknown: \(census.unknownStructure.joined(separator: ", "))" }
        return GateVerdict(gate: "census", holds: holds, detail: detail)
    }

    static func islands(_ sweep: IslandSweep, holds: Bool) -> GateVerdict {
        let promote = sweep.promotions.map(\.id)
        return GateVerdict(gate: "islands", holds: holds, detail: "\(Counted(sweep.islands.count, "island")), "
                           + (promote.isEmpty ? "none to promote" : "promote \(promote.joined(separator: ", "))"))
    }

    static func milestone(_ report: MilestoneReport, gate: String, holds: Bool) -> GateVerdict {
        let failing = report.checks.filter { $0.status == .fails }.map(\.name)
        let unchecked = report.checks.filter { $0.status == .notChecked }.map(\.name)
        var detail = failing.isEmpty ? "every check that ran holds" : "\(failing.joined(separator: ", ")) fail"
        detail += " (\(Counted(report.checks.count - unchecked.count, "check")) ran"
        detail += unchecked.isEmpty ? ")" : "; not checked: \(unchecked.joined(separator: ", ")))"
        return GateVerdict(gate: gate, holds: holds, detail: detail)
    }

    static func mutate(_ outcome: MutationOutcome, holds: Bool) -> GateVerdict {
        if let stop = outcome.stoppedBy { return GateVerdict(gate: "mutate", holds: false, says: "not checked", detail: "stopped: \(stop)") }
        let caught = outcome.rows.count { $0.verdict == .caught }
        var detail = "\(caught) of \(Counted(outcome.rows.count, "mutant")) caught over \(Counted(outcome.fixtureCount, "fixture"))"
        let missed = outcome.rows.filter { $0.verdict != .caught }.map { "\($0.name) \($0.verdict.rawValue)" }
        if !missed.isEmpty { detail += "; " + missed.joined(separator: ", ") }
        return GateVerdict(gate: "mutate", holds: holds, detail: detail)
    }

    static func runsImport(_ merged: [MergedRun], holds: Bool) -> GateVerdict {
        let detail = merged.map { part in
            "\(part.run.platform) full run \(part.run.status): \(part.run.passedCount) passed of \(Counted(part.run.fixtureCount, "fixture")) from \(Counted(part.sources.count, "file"))"
        }.joined(separator: "; ")
        return GateVerdict(gate: "runs import", holds: holds, detail: detail.isEmpty ? "nothing merged" : detail)
    }
}

/// `1 fixture`, `3 fixtures`.
struct Counted: CustomStringConvertible {
    var count: Int
    var noun: String
    init(_ count: Int, _ noun: String) { self.count = count; self.noun = noun }
    var description: String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}
