import Foundation
import Duet
import DuetReplay

extension MutationDrill {
    /// Explores the copy as it stands (the baseline, or a mutant): every platform's runner started
    /// in the copy, stopping at the first finding; nothing is stored or recorded — a mutant is not the app.
    func explore(platforms: [String], copy: MutationWorkspace) throws -> MutationOutcome.ExploreCatch {
        var commands = RunnerCommands(commands: [:], missing: [])
        for platform in platforms {
            if let runner = runners[platform] { commands.commands[platform] = "cd \(RunnerCommands.shellQuoted(copy.copy)) && \(runner)" }
            else { commands.missing.append(platform) }
        }
        var options = ExploreOptions()
        options.budget = exploreBudget ?? 0
        options.seed = exploreSeed
        options.stopAtFirstFinding = true
        options.maxFindings = 1
        // Only what the platforms answer is judged here: restore gaps are the drill's, not the mutant's.
        options.restoreEvery = 0
        options.timeout = timeout
        options.startupTimeout = startupTimeout
        var workflow = ExploreWorkflow(corpus: corpus, runners: commands, options: options)
        workflow.keepsResults = false
        let outcome = try workflow.run()
        if let failure = outcome.runnerFailure ?? (outcome.missingRunners.isEmpty ? nil : "no runner for \(outcome.missingRunners.joined(separator: ", "))") {
            throw EnvironmentError("explore of the mutation copy could not run: \(failure)", fix: "check runners: in parity/manifest.yaml start in the copy")
        }
        let finding = outcome.findings.first
        return MutationOutcome.ExploreCatch(caught: finding != nil, steps: outcome.steps, stepsToFinding: outcome.stepsToFirstFinding,
                                            kind: finding?.kind, at: finding?.path, actions: finding?.shrunk, explored: finding?.explored,
                                            message: finding.map { "\($0.message) — \($0.actions.joined(separator: " → "))" },
                                            milliseconds: outcome.durationMilliseconds)
    }
}
