import Foundation
import Duet
import DuetCorpus
import DuetManifest
import DuetReplay

/// `duet lint` (and the lint `verify` and `milestone` run first): the manifest against its grammar,
/// the tree and what the corpus knows, optionally asking the runners for a fresh `describe`.
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

    public init(corpus: Corpus, manifestPath: String, refresh: RunnerCommands? = nil) {
        self.corpus = corpus; self.manifestPath = manifestPath; self.refresh = refresh
    }

    public func run(now: Date = Date()) throws -> LintReport {
        let reading = Manifest.read(path: manifestPath)
        if reading.errors.isEmpty {
            // The corpus indexes what the manifest declares, so the rules see the structures it names.
            try corpus.setStructures(manifest: reading.manifest)
        }
        if let refresh { try refreshDescribes(refresh) }
        let known = try corpus.knownStructures()
        let inputs = LintInputs(structures: Dictionary(known.map { ($0.feature, $0) }, uniquingKeysWith: { a, _ in a }),
                                kinds: try corpus.knownKinds(), describes: try corpus.runnerDescribes(), now: now)
        return ManifestLint.check(reading, inputs: inputs)
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

extension LintReport {
    /// The exit status of a lint on its own: 2 unreadable, 1 findings, 0 holds.
    var exitStatus: ExitStatus { unparseable ? .usage : holds ? .holds : .findings }
}

extension LintWorkflow {
    /// The lint a gate runs first (`verify`, `milestone`): nil when there is no manifest to lint.
    /// Findings go to stderr; the caller reports the result and lets it count.
    static func beforeGate(_ gate: String, manifestPath: String?, context: VerbContext) throws -> LintReport? {
        guard let path = manifestPath ?? Manifest.locate(from: context.workingDirectory) else {
            context.note("duet \(gate): no parity/manifest.yaml: lint not run")
            return nil
        }
        let report = try LintWorkflow(corpus: try context.corpus(), manifestPath: path).run()
        for finding in report.errors + report.findings { context.note("duet \(gate): \(finding.description)") }
        context.note("duet \(gate): \(report.summary)")
        return report
    }
}

extension Report {
    /// Adds the lint a gate ran first: a section, and `lint` in the JSON form.
    mutating func attach(_ lint: LintReport?) {
        guard let lint else { return }
        sections.append(Report.Section(id: "lint", title: "Lint", content: .text(lint.summary)))
        if case .object(var object)? = json, let encoded = try? CanonicalEncoder().encode(lint) {
            object["lint"] = encoded
            json = .object(object)
        }
    }
}
