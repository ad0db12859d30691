import Foundation
import DuetAudit
import DuetCorpus
import DuetManifest

/// The gates `duet milestone` runs before it reports, so that nothing stale stands for now: the
/// structure the corpus lacks is asked of the runners, the manifest is linted, every platform whose
/// runner can start is verified and drilled again — incrementally, so only fixtures whose behaviour,
/// runner build or `describe` changed since they last passed are replayed — and the stored audit is
/// run again when its sources or the structures changed. A platform whose runner cannot start (not
/// built yet, not on `PATH`) is not checked, and a run stored for it is reported stale when it judged
/// other fixtures; no failed run is stored for it.
///
/// ```swift
/// let inputs = try MilestoneGates(corpus: corpus, manifest: manifest).run()
/// inputs.verified["swift"]?.replayed     // 1: one fixture changed since the last run
/// let (report, _) = try corpus.recordMilestone(named: "beta", manifest: manifest, inputs: inputs, now: Date(), tree: tree)
/// ```
public struct MilestoneGates {
    public let corpus: Corpus
    /// `Manifest(file: "")` when there is none.
    public let manifest: Manifest
    public var timeout: Double = 10
    public var startupTimeout: Double = 120
    /// Where runner commands stored with a run (not from the manifest) are started from.
    public var workingDirectory: String = FileManager.default.currentDirectoryPath

    public init(corpus: Corpus, manifest: Manifest) { self.corpus = corpus; self.manifest = manifest }

    public enum Gate: String, Sendable { case verify, drill }

    public func run(progress: ((_ gate: Gate, _ platform: String, _ done: Int, _ total: Int) -> Void)? = nil) throws -> MilestoneInputs {
        var inputs = MilestoneInputs()
        let manifestPath = manifest.file.isEmpty ? nil : manifest.file
        if manifestPath != nil {
            _ = try StructureFromRunner(corpus: corpus, manifest: manifest).ensure(describes: true)
            inputs.lint = try LintWorkflow(corpus: corpus, manifestPath: manifest.file).run()
        }
        let current = try corpus.currentInputs(manifestPath: manifestPath)
        for platform in Set(manifest.runners.keys).union(try corpus.platformsWithRuns()).sorted() {
            let latest = try corpus.runs(platform: platform, limit: 1, fullOnly: true, withResults: false).first
            let stored = latest.map { StoredGateRun(id: $0.id ?? 0, at: $0.startedAt, inputs: $0.inputs, runner: $0.runner) }
            switch try standOrRun(.verify, platform: platform, latest: stored, current: current, run: { command in
                try VerifyWorkflow(corpus: corpus, runners: command, timeout: timeout, startupTimeout: startupTimeout, manifestPath: manifestPath)
                    .run { progress?(.verify, platform, $1, $2) }.reuse[platform]
            }) {
            case .ran(let run): inputs.verified[platform] = run
            case .notChecked(let reason): inputs.notVerified[platform] = reason
            case .leftToTheReport: break
            }
        }
        for platform in Set(manifest.runners.keys).union(try corpus.platformsWithDrillRuns()).sorted() {
            let latest = try corpus.drillRuns(platform: platform, fullOnly: true, limit: 1).first
            let stored = latest.map { StoredGateRun(id: $0.id ?? 0, at: $0.startedAt, inputs: $0.inputs, runner: $0.runner) }
            switch try standOrRun(.drill, platform: platform, latest: stored, current: current, run: { command in
                try DrillWorkflow(corpus: corpus, runners: command.commands, timeout: timeout, startupTimeout: startupTimeout,
                                  rulings: manifest.drillRulings, manifestPath: manifestPath)
                    .run { progress?(.drill, platform, $1, $2) }.reuse[platform]
            }) {
            case .ran(let run): inputs.drilled[platform] = run
            case .notChecked(let reason): inputs.notDrilled[platform] = reason
            case .leftToTheReport: break
            }
        }
        try checkAudit(&inputs, current: current)
        return inputs
    }

    struct NotChecked: Error { var reason: String }

    /// The latest full run of a gate on a platform, as the milestone weighs it.
    private struct StoredGateRun { var id: Int64; var at: String; var inputs: ResultInputs?; var runner: String }

    private enum Verdict { case ran(GateRun), notChecked(String), leftToTheReport }

    /// Runs the gate again (incrementally) when its runner can start; otherwise says why nothing stands.
    private func standOrRun(_ gate: Gate, platform: String, latest: StoredGateRun?, current: ResultInputs,
                            run: (RunnerCommands) throws -> ReuseSummary?) throws -> Verdict {
        switch runner(platform, gate: gate, stored: latest?.runner) {
        case .failure(let notChecked):
            let reason = standingReason(notChecked.reason, platform: platform, latest: latest.map { ($0.id, $0.at, $0.inputs) },
                                        gate: gate, current: current)
            return reason.map(Verdict.notChecked) ?? .leftToTheReport
        case .success(let command):
            guard let reuse = try run(command), let id = reuse.run else {
                return .notChecked("no stored fixture to \(gate == .verify ? "verify" : "drill")")
            }
            return .ran(GateRun(run: id, replayed: reuse.replayed, reused: reuse.reused, since: reuse.since))
        }
    }

    /// The platform's runner: the manifest's, else the command its latest full run was made with;
    /// or why the gate cannot run it.
    private func runner(_ platform: String, gate: Gate, stored: String?) -> Result<RunnerCommands, NotChecked> {
        let fix = gate == .verify ? "duet verify --platform \(platform)" : "duet drill restore --platform \(platform)"
        if let raw = manifest.runners[platform] {
            if let problem = RunnerPreflight.problem(command: raw, root: RunnerCommands.root(of: manifest)) {
                return .failure(NotChecked(reason: "\(problem): build it, then run `\(fix)`"))
            }
            return .success(RunnerCommands.resolve(platforms: [platform], explicit: nil, manifest: manifest))
        }
        guard let stored else {
            return .failure(NotChecked(reason: "no runner under runners: in parity/manifest.yaml, and no full \(gate == .verify ? "run" : "drill") is stored"))
        }
        if let problem = RunnerPreflight.problem(command: stored, root: workingDirectory) {
            return .failure(NotChecked(reason: "the runner of the stored run cannot start (\(problem)) and none is under runners: in parity/manifest.yaml"))
        }
        return .success(RunnerCommands(commands: [platform: stored], missing: []))
    }

    /// Why nothing stands for a platform whose runner cannot start: its latest full run is stale
    /// when it judged other inputs; otherwise it cannot be confirmed without its runner. nil leaves
    /// the reason to the report (a platform with only filtered runs).
    private func standingReason(_ problem: String, platform: String, latest: (id: Int64, at: String, inputs: ResultInputs?)?, gate: Gate,
                                current: ResultInputs) -> String? {
        guard let latest else { return manifest.runners[platform] == nil ? nil : problem }
        let what = "\(gate == .verify ? "verify" : "drill") run \(latest.id) (\(latest.at))"
        let judged: [ResultInputs.Input] = gate == .verify ? [.fixtures] : [.fixtures, .manifest, .structures]
        let changed = latest.inputs?.changed(to: current, among: judged)
        if let changed, !changed.isEmpty { return ResultInputs.staleReason(changed, since: what) + "; \(problem)" }
        if changed == nil { return "stale: \(what) was stored before results named their inputs; \(problem)" }
        return "not confirmed: \(what) judged these fixtures, but its runner cannot start to say whether it is the same build — \(problem)"
    }

    /// The latest audit stands when its sources and the structures read the same; else it is run
    /// again over the same paths, or reported stale when they are gone.
    private func checkAudit(_ inputs: inout MilestoneInputs, current: ResultInputs) throws {
        guard let latest = try corpus.latestStoredAudit() else { return }
        switch try corpus.auditStanding(latest, current: current) {
        case .stands:
            inputs.audit = AuditUse(id: latest.id, ranForReport: false)
        case .stale(let reason):
            guard let base = latest.base,
                  let report = try? SourceAudit.run(paths: latest.report.paths, relativeTo: base, structures: try corpus.knownStructures(), now: Date())
            else { inputs.auditStale = reason; return }
            try corpus.storeAudit(report, inputs: current, sources: try ResultInputs.sourcesHash(paths: report.paths, base: base), base: base)
            inputs.audit = AuditUse(id: try corpus.latestStoredAudit()?.id ?? 0, ranForReport: true)
        }
    }
}
