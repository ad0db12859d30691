import Duet
import DuetCorpus
import DuetReplay
import Foundation

/// `duet record`: ask the runner for its scenarios, record them, gate or write them.
///
/// ```swift
/// let outcome = try RecordWorkflow(corpus: corpus, runner: command, mode: .gate).run(RecordSelection(feature: "timeline"))
/// outcome.exitStatus     // .findings when a fixture is new or its behaviour drifted
/// ```
public struct RecordWorkflow {
    public enum Mode: Sendable {
        /// Write every new or changed fixture (a plain `record` outside CI, or `--write`).
        case write
        /// The drift gate (`--check`, or CI without `--write`): metadata-only churn is written,
        /// new and changed recordings are kept pending and fail.
        case gate
    }

    public let corpus: Corpus
    public let runner: String
    public let mode: Mode
    public var timeout: Double
    public var startupTimeout: Double
    public var platform = "swift"

    public init(corpus: Corpus, runner: String, mode: Mode, timeout: Double = 10, startupTimeout: Double = 120) {
        self.corpus = corpus; self.runner = runner; self.mode = mode; self.timeout = timeout; self.startupTimeout = startupTimeout
    }

    public func run(_ selection: RecordSelection = RecordSelection()) throws -> RecordOutcome {
        let session = ReplaySession(command: runner, timeout: timeout, startupTimeout: startupTimeout)
        defer { session.close() }
        var outcome = RecordOutcome(mode: mode)
        let scenarios: RunnerScenarios, structures: [FeatureStructure]
        do {
            let client = try session.client()
            scenarios = try client.scenarios().get()
            structures = try client.describe().get()
        } catch {
            outcome.environmentFailure = "\(error)"
            return outcome
        }
        let recording = ScenarioRecorder(session: session).record(scenarios, selection: selection)
        if scenarios.scenarios.isEmpty && scenarios.chains.isEmpty {
            outcome.environmentFailure = "runner `\(runner)` carries no scenarios — register them with addScenarios/addChains"
        }
        outcome.matchedNothing = (selection.feature != nil || selection.fixture != nil)
            && recording.fixtures.isEmpty && recording.failures.isEmpty && recording.notRun.isEmpty
        outcome.failures = recording.failures
        outcome.notRun = recording.notRun
        outcome.environmentFailure = outcome.environmentFailure ?? session.endedBy.map { "\($0)" }
        var stored: [String: Fixture] = [:]
        for fixture in try corpus.fixtures() { stored[fixture.name] = fixture }
        outcome.entries = DriftCheck.compare(recorded: recording.fixtures, stored: stored)
        try store(outcome.entries, scenarios: scenarios, structures: structures, outcome: &outcome)
        return outcome
    }

    private func store(_ entries: [DriftEntry], scenarios: RunnerScenarios, structures: [FeatureStructure], outcome: inout RecordOutcome) throws {
        let now = RecordingTimestamp.now()
        try corpus.write {
            try corpus.setStructures(structures, origin: "runner:\(platform)")
            try corpus.storeRunnerDescribe(platform: platform, structures: structures)
            for scenario in scenarios.scenarios {
                try corpus.upsertScenario(fixture: scenario.fixture, feature: scenario.feature, description: scenario.description,
                                          source: scenario.source, definition: ScenarioCoding.tree(scenario))
            }
            for chain in scenarios.chains {
                let nodes = chain.steps.map(\.node).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
                try corpus.upsertScenario(fixture: "chain-" + chain.chain, feature: nodes.joined(separator: "+"),
                                          description: chain.description, source: chain.source, definition: ScenarioCoding.tree(chain))
            }
            var toWrite: [Fixture] = [], toKeep: [PendingRecording] = []
            for entry in entries {
                switch (entry.change, mode) {
                case (.unchanged, _): continue
                case (.metadata, _), (.new, .write), (.changed, .write): toWrite.append(entry.recorded)
                case (.new, .gate): toKeep.append(PendingRecording(fixture: entry.recorded, reason: .new, recordedAt: now))
                case (.changed, .gate):
                    let location = entry.location
                    toKeep.append(PendingRecording(fixture: entry.recorded, reason: .changed, recordedAt: now, step: location?.step,
                                                   path: location.map { Self.fieldPath($0) }, expected: location?.divergence.expected,
                                                   actual: location?.divergence.actual))
                }
            }
            try corpus.upsertFixtures(toWrite)
            try corpus.clearPending(names: toWrite.map(\.name))
            try corpus.keepPending(toKeep)
            outcome.written = toWrite.map(\.name)
            outcome.pending = toKeep.map(\.name)
        }
    }

    static func fieldPath(_ location: DriftLocation) -> String {
        let path = location.divergence.path
        if path.isEmpty { return location.field }
        return location.field + (path.hasPrefix("[") ? "" : ".") + path
    }
}

/// What `record` did.
public struct RecordOutcome: Sendable {
    public var mode: RecordWorkflow.Mode
    public var entries: [DriftEntry] = []
    public var written: [String] = []
    public var pending: [String] = []
    /// Scenarios the runner could not record (refused step, runner failure while in flight).
    public var failures: [FixtureResult] = []
    public var notRun: [String] = []
    /// The runner could not be started or kept failing.
    public var environmentFailure: String?
    /// `--feature`/`--fixture` named no scenario the runner carries.
    public var matchedNothing = false

    public var exitStatus: ExitStatus {
        if environmentFailure != nil { return .environment }
        if matchedNothing { return .usage }
        if !failures.isEmpty || !notRun.isEmpty { return .findings }
        if mode == .gate && entries.contains(where: { $0.change == .new || $0.change == .changed }) { return .findings }
        return .holds
    }
}

enum RecordingTimestamp {
    static func now() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date())
    }
}
