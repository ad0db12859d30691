import Foundation
import Duet
import DuetCorpus
import DuetManifest
import DuetReplay

/// `duet lint` (and the lint `verify` and `milestone` run first): the manifest against its grammar,
/// the tree and what the corpus knows, optionally asking the runners for a fresh `describe`. Each
/// result is stored with what it judged (fixtures, manifest, structures, the describes compared).
///
/// ```swift
/// let outcome = try LintWorkflow(corpus: corpus, manifestPath: "parity/manifest.yaml").run()
/// outcome.report.findings.map(\.description)   // FILE:LINE:COL: rule: message — fix
/// ```
public struct LintWorkflow {
    public let corpus: Corpus
    public let manifestPath: String
    /// Runners to ask for `describe` before linting (`--refresh`); nil lints what the corpus last stored.
    public var refresh: RunnerCommands?
    public var timeout: Double = 10
    public var startupTimeout: Double = 120
    /// `--strict`: declared action cases no fixture sends are findings, not warnings.
    public var strict = false

    public init(corpus: Corpus, manifestPath: String, refresh: RunnerCommands? = nil) {
        self.corpus = corpus; self.manifestPath = manifestPath; self.refresh = refresh
    }

    public func run(now: Date = Date()) throws -> LintReport {
        // Its questions scan every step: read, not mapped, so the file does not stay resident.
        try corpus.withUnmappedReads { try runUnmapped(now: now) }
    }

    private func runUnmapped(now: Date) throws -> LintReport {
        let reading = Manifest.read(path: manifestPath)
        if reading.errors.isEmpty {
            // The corpus indexes what the manifest declares, so the rules see the structures it names.
            try corpus.setStructures(manifest: reading.manifest)
        }
        if let refresh { try refreshDescribes(refresh) }
        let known = try corpus.knownStructures()
        var inputs = LintInputs(structures: Dictionary(known.map { ($0.feature, $0) }, uniquingKeysWith: { a, _ in a }),
                                kinds: try corpus.knownKinds(), describes: try corpus.runnerDescribes(),
                                recorded: try corpus.recordedFeatures(), now: now)
        inputs.unreachedActionCases = Dictionary(try corpus.actionCoverage().features.filter { !$0.unreached.isEmpty }.map { ($0.feature, $0.unreached) },
                                                 uniquingKeysWith: { a, _ in a })
        inputs.strict = strict
        let report = ManifestLint.check(reading, inputs: inputs)
        try corpus.storeCheckResult(.lint, report, holds: report.holds, findings: report.errors.count + report.findings.count,
                                    inputs: try corpus.currentInputs(manifestPath: manifestPath), describes: try corpus.runnerDescribesHash(),
                                    createdAt: RestoreDrill.timestamp(now))
        return report
    }

    /// Asks each runner for `describe` and stores the answer; a runner that cannot answer stops the lint.
    private func refreshDescribes(_ runners: RunnerCommands) throws {
        if let platform = runners.missing.first {
            throw EnvironmentError("no runner for \(platform) to refresh its describe", fix: "set runners.\(platform) in parity/manifest.yaml")
        }
        for (platform, command) in runners.commands.sorted(by: { $0.key < $1.key }) {
            let session = ReplaySession(command: command, timeout: timeout, startupTimeout: startupTimeout)
            defer { session.close() }
            let structures: [FeatureStructure]
            do {
                structures = try session.client().describe().get()
            } catch {
                throw EnvironmentError("the \(platform) runner could not describe its features: \(error)",
                                       fix: "check runners.\(platform) in parity/manifest.yaml starts the runner")
            }
            try corpus.storeRunnerDescribe(platform: platform, structures: structures)
        }
    }
}

extension LintReport: GateOutcome {
    public var environmentFailed: Bool { false }
    /// The manifest could not be read at all.
    public var badInput: Bool { unparseable }
}

extension LintWorkflow {
    /// The lint a gate runs with it (`verify`): the manifest at `manifestPath`, else the one found
    /// walking up from `directory`; nil when there is none, so the gate can say it was not run.
    public static func forGate(corpus: Corpus, manifestPath: String?, from directory: String) throws -> LintReport? {
        guard let path = manifestPath ?? Manifest.locate(from: directory) else { return nil }
        return try LintWorkflow(corpus: corpus, manifestPath: path).run()
    }
}
