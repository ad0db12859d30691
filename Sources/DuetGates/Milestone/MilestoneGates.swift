import Foundation
import DuetCorpus
import DuetManifest

/// The gates `duet milestone` runs before it reports: the manifest's lint, a full `verify` and a
/// full restore drill of every platform that has a runner but no such run yet, so a fresh clone's
/// report shows real results. A platform whose runner cannot start (not built yet, not on `PATH`)
/// is reported as not checked, with what to do — no failed run is stored for it.
///
/// ```swift
/// let inputs = try MilestoneGates(corpus: corpus, manifest: manifest).run()
/// let (report, _) = try corpus.recordMilestone(named: "beta", manifest: manifest, inputs: inputs, now: Date())
/// ```
public struct MilestoneGates {
    public let corpus: Corpus
    /// `Manifest(file: "")` when there is none.
    public let manifest: Manifest
    public var timeout: Double = 10
    public var startupTimeout: Double = 120

    public init(corpus: Corpus, manifest: Manifest) { self.corpus = corpus; self.manifest = manifest }

    public enum Gate: String, Sendable { case verify, drill }

    public func run(progress: ((_ gate: Gate, _ platform: String, _ done: Int, _ total: Int) -> Void)? = nil) throws -> MilestoneInputs {
        var inputs = MilestoneInputs()
        if !manifest.file.isEmpty { inputs.lint = try LintWorkflow(corpus: corpus, manifestPath: manifest.file).run() }
        let expected = Set(manifest.runners.keys).union(try corpus.platformsWithRuns()).sorted()
        for platform in expected where try corpus.runs(platform: platform, limit: 1, fullOnly: true).isEmpty {
            let command: RunnerCommands
            switch runner(platform, gate: .verify) {
            case .success(let found): command = found
            case .failure(let notChecked): inputs.notVerified[platform] = notChecked.reason; continue
            }
            let outcome = try VerifyWorkflow(corpus: corpus, runners: command, timeout: timeout, startupTimeout: startupTimeout)
                .run { progress?(.verify, platform, $1, $2) }
            if outcome.runs.isEmpty {
                inputs.notVerified[platform] = "no stored fixture to verify"
            } else {
                inputs.verifiedNow.append(platform)
            }
        }
        for platform in manifest.runners.keys.sorted() where try corpus.drillRuns(platform: platform, fullOnly: true, limit: 1).isEmpty {
            let command: RunnerCommands
            switch runner(platform, gate: .drill) {
            case .success(let found): command = found
            case .failure(let notChecked): inputs.notDrilled[platform] = notChecked.reason; continue
            }
            let outcome = try DrillWorkflow(corpus: corpus, runners: command.commands, timeout: timeout, startupTimeout: startupTimeout,
                                            rulings: manifest.drillRulings)
                .run { progress?(.drill, platform, $1, $2) }
            if outcome.runs.isEmpty {
                inputs.notDrilled[platform] = "no stored fixture to drill"
            } else {
                inputs.drilledNow.append(platform)
            }
        }
        return inputs
    }

    struct NotChecked: Error { var reason: String }

    /// The platform's runner command, or why the gate cannot run it.
    private func runner(_ platform: String, gate: Gate) -> Result<RunnerCommands, NotChecked> {
        guard let raw = manifest.runners[platform] else {
            return .failure(NotChecked(reason: "no runner under runners: in parity/manifest.yaml, and no full \(gate == .verify ? "run" : "drill") is stored"))
        }
        if let problem = RunnerPreflight.problem(command: raw, root: RunnerCommands.root(of: manifest)) {
            let fix = gate == .verify ? "duet verify --platform \(platform)" : "duet drill restore --platform \(platform)"
            return .failure(NotChecked(reason: "\(problem): build it, then run `\(fix)`"))
        }
        return .success(RunnerCommands.resolve(platforms: [platform], explicit: nil, manifest: manifest))
    }
}
