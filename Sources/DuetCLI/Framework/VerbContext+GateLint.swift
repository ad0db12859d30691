import DuetGates
import DuetManifest

extension VerbContext {
    /// The lint a gate runs with it (`verify`): its findings go to stderr; nil, said so, when there
    /// is no manifest to lint. The caller reports the result (its summary is in the gate's report,
    /// so it is not said twice) and lets it count.
    func gateLint(_ gate: String, manifestPath: String? = nil) throws -> LintReport? {
        guard let report = try LintWorkflow.forGate(corpus: try corpus(), manifestPath: manifestPath, from: workingDirectory) else {
            note("duet \(gate): no parity/manifest.yaml: lint not run")
            return nil
        }
        for finding in report.errors + report.findings { note("duet \(gate): \(finding.description)") }
        return report
    }
}
