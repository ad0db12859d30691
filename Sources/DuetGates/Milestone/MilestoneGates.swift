import Foundation
import DuetCorpus
import DuetManifest

/// The gates `duet milestone` runs before it reports: the manifest's lint, and a full `verify` of
/// every platform that has a runner but no full run yet, so a fresh clone's report shows real results.
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

    public func run(progress: ((_ platform: String, _ done: Int, _ total: Int) -> Void)? = nil) throws -> MilestoneInputs {
        var inputs = MilestoneInputs()
        if !manifest.file.isEmpty { inputs.lint = try LintWorkflow(corpus: corpus, manifestPath: manifest.file).run() }
        let expected = Set(manifest.runners.keys).union(try corpus.platformsWithRuns()).sorted()
        for platform in expected where try corpus.runs(platform: platform, limit: 1, fullOnly: true).isEmpty {
            let commands = RunnerCommands.resolve(platforms: [platform], explicit: nil, manifest: manifest)
            guard !commands.commands.isEmpty else {
                inputs.notVerified[platform] = "no runner under runners: in parity/manifest.yaml, and no full run is stored"
                continue
            }
            let outcome = try VerifyWorkflow(corpus: corpus, runners: commands, timeout: timeout, startupTimeout: startupTimeout)
                .run(progress: progress)
            if outcome.runs.isEmpty {
                inputs.notVerified[platform] = "no stored fixture to verify"
            } else {
                inputs.verifiedNow.append(platform)
            }
        }
        return inputs
    }
}
