import Duet
import DuetCorpus

/// `duet runs prune [--keep N] [--dry-run] [--format F]`
struct RunsPruneVerb: Verb {
    static let name = "runs prune"
    static let summary = "Drop stored verify and drill runs beyond the retention policy (the latest N per platform and scope)."
    static let discussion = """
    The policy: per platform, the latest N full runs and the latest N filtered runs of verify, and
    the same of the restore drill, are kept (N is \(RunRetention.defaultKeep) unless --keep says
    otherwise), and every run a stored milestone cites, however old. Storing a run applies the
    policy at \(RunRetention.defaultKeep) by itself; this verb applies it now, at any N. The
    fixtures' pass cache is not touched: a fixture that passed stays passed for incremental verify
    and drill after the run that replayed it is gone. Freed pages are reused by later writes (the
    file does not shrink). Exit 0 whether or not anything was removed (it says which), 2 on bad usage.

    Example:
      duet runs prune --keep 10 --dry-run
      duet runs prune --format json | jq '.removed | length'
    """
    static let options: [OptionSpec] = [
        .value("--keep", placeholder: "N", help: "Keep the latest N runs per platform, gate and scope (default \(RunRetention.defaultKeep))."),
        .flag("--dry-run", help: "Say what would be removed; remove nothing."),
        .format,
    ]

    let keep: Int
    let dryRun: Bool
    let format: OutputFormat

    init(arguments: ParsedArguments) throws(UsageError) {
        let raw = arguments.value("--keep") ?? String(RunRetention.defaultKeep)
        guard let keep = Int(raw), keep > 0 else { throw UsageError("--keep takes a positive number, not '\(raw)'") }
        self.keep = keep
        dryRun = arguments.flag("--dry-run")
        format = try arguments.format()
    }

    func run(_ context: VerbContext) throws -> ExitStatus {
        let prune = try context.corpus().pruneRuns(keep: keep, dryRun: dryRun)
        context.render(Self.report(prune), as: format)
        if prune.removed.isEmpty {
            context.note("duet runs prune: nothing to remove — every platform keeps at most \(keep) runs per gate and scope")
        }
        return .holds
    }

    static func report(_ prune: RunPrune) -> Report {
        func json(_ run: PrunedRun) -> JSONValue {
            var object = JSONObject()
            object["gate"] = .string(run.gate.rawValue)
            object["id"] = .int(run.id)
            object["platform"] = .string(run.platform)
            object["scope"] = .string(run.scope)
            object["startedAt"] = .string(run.startedAt)
            return .object(object)
        }
        var object = JSONObject()
        object["keep"] = .int(Int64(prune.keep))
        object["dryRun"] = .bool(prune.dryRun)
        object["removed"] = .array(prune.removed.map(json))
        object["keptForMilestones"] = .array(prune.cited.map(json))
        object["verifyRuns"] = .int(Int64(prune.verifyRuns))
        object["drillRuns"] = .int(Int64(prune.drillRuns))
        let listed = prune.removed.map { ($0, prune.dryRun ? "would remove" : "removed") } + prune.cited.map { ($0, "kept: a milestone cites it") }
        let rows: [[Table.Cell]] = listed.map { run, what in
            [.text(what), .text(run.gate.rawValue), .int(Int(run.id)), .text(run.platform), .text(run.scope), .text(run.startedAt)]
        }
        let title = "\(prune.dryRun ? "Would remove" : "Removed") \(prune.removed.count) run\(prune.removed.count == 1 ? "" : "s"); "
            + "\(prune.verifyRuns) verify and \(prune.drillRuns) drill runs \(prune.dryRun ? "would " : "")remain"
        return Report(Table(columns: ["action", "gate", "id", "platform", "scope", "started_at"], rows: rows), title: title, json: .object(object))
    }
}
