import Duet
import DuetCorpus
import DuetReplay
import Foundation
import DuetFixtures
import DuetRunner

/// `duet record`: ask the runner for its scenarios, record them, and write, keep pending or only
/// check them against the fixtures of record.
///
/// ```swift
/// let outcome = try RecordWorkflow(corpus: corpus, tree: tree, runner: command, mode: .record).run(RecordSelection(feature: "timeline"))
/// outcome.holds          // false when a fixture's behaviour drifted (kept pending, file untouched)
/// ```
public struct RecordWorkflow {
    /// How recordings meet the fixtures of record, as in insta and swift-snapshot-testing.
    public enum Mode: Sendable {
        /// Plain `record`: new scenarios and metadata-only changes are written; a fixture whose
        /// behaviour changed is never overwritten — it is kept pending and the run fails.
        case record
        /// `--write`: every recording is written, drift included.
        case overwrite
        /// `--check` (and `CI` set): nothing is written at all; behavioural drift, a new scenario or
        /// (by default) an unreferenced fixture fails; metadata-only differences are counted, and pass.
        case check
    }

    /// What happens to fixtures whose scenario the runner no longer carries.
    public enum UnreferencedPolicy: String, Sendable, CaseIterable {
        /// Listed on stderr; the run is not failed.
        case warn
        /// Listed; the run fails.
        case reject
        /// Their files and rows are removed.
        case delete
    }

    public let corpus: Corpus
    public let tree: RecordTree
    public let runner: String
    public let mode: Mode
    /// `.reject` under `--check` (the tree must equal the scenarios), else `.warn`, unless set.
    public var unreferenced: UnreferencedPolicy
    public var timeout: Double
    public var startupTimeout: Double
    public var platform = "swift"

    public init(corpus: Corpus, tree: RecordTree, runner: String, mode: Mode, timeout: Double = 10, startupTimeout: Double = 120) {
        self.corpus = corpus; self.tree = tree; self.runner = runner; self.mode = mode
        self.timeout = timeout; self.startupTimeout = startupTimeout
        unreferenced = mode == .check ? .reject : .warn
    }

    public func run(_ selection: RecordSelection = RecordSelection()) throws -> RecordOutcome {
        let session = ReplaySession(command: runner, timeout: timeout, startupTimeout: startupTimeout)
        defer { session.close() }
        var outcome = RecordOutcome(mode: mode, unreferencedPolicy: unreferenced)
        let scenarios: RunnerScenarios, structures: [FeatureStructure]
        do {
            let client = try session.client()
            scenarios = try client.scenarios().get()
            structures = try client.describe().get()
        } catch {
            outcome.environmentFailure = "\(error)"
            return outcome
        }
        try ScenarioNames.check(scenarios)
        let recording = ScenarioRecorder(session: session).record(scenarios, selection: selection)
        if scenarios.scenarios.isEmpty && scenarios.chains.isEmpty {
            outcome.environmentFailure = "runner `\(runner)` carries no scenarios — register them with addScenarios/addChains"
        }
        outcome.matchedNothing = (selection.feature != nil || selection.fixture != nil)
            && recording.fixtures.isEmpty && recording.failures.isEmpty && recording.notRun.isEmpty
        outcome.servedFixtures = Array(Set(scenarios.scenarios.flatMap { [$0.fixture] + $0.paths().map(\.fixture) }
                                           + scenarios.chains.map { "chain-" + $0.chain })).sorted()
        outcome.servedFeatures = Array(Set(scenarios.scenarios.map(\.feature) + structures.map(\.feature))).sorted()
        outcome.failures = recording.failures
        outcome.notRun = recording.notRun
        outcome.environmentFailure = outcome.environmentFailure ?? session.endedBy.map { "\($0)" }
        var stored: [String: Fixture] = [:]
        for fixture in try corpus.fixtures() { stored[fixture.name] = fixture }
        outcome.entries = DriftCheck.compare(recorded: recording.fixtures, stored: stored)
        if outcome.environmentFailure == nil {
            outcome.unreferenced = Self.unreferenced(stored: stored.values, defined: scenarios, selection: selection)
        }
        if mode != .check {
            try store(outcome.entries, scenarios: scenarios, structures: structures, outcome: &outcome)
        }
        return outcome
    }

    /// Stored fixtures in the selection's scope that no scenario or chain of the runner records.
    static func unreferenced(stored: Dictionary<String, Fixture>.Values, defined: RunnerScenarios, selection: RecordSelection) -> [String] {
        guard selection.fixture == nil else { return [] }
        let names = Set(defined.scenarios.flatMap { $0.paths().map(\.fixture) } + defined.chains.map { "chain-" + $0.chain })
        return stored.filter { fixture in
            guard !names.contains(fixture.name) else { return false }
            guard let feature = selection.feature else { return true }
            return fixture.feature == feature || fixture.steps.contains { $0.node == feature }
        }.map(\.name).sorted(by: CanonicalOrder.precedes)
    }

    private func store(_ entries: [DriftEntry], scenarios: RunnerScenarios, structures: [FeatureStructure], outcome: inout RecordOutcome) throws {
        let now = RecordingTimestamp.now()
        try corpus.write {
            try corpus.setStructures(structures, origin: "runner:\(platform)")
            try corpus.storeRunnerDescribe(platform: platform, structures: structures)
            for scenario in scenarios.scenarios {
                try corpus.upsertScenario(fixture: scenario.fixture, feature: scenario.feature, description: scenario.description,
                                          source: scenario.source, definition: ScenarioCoding.tree(scenario, claims: false))
            }
            for chain in scenarios.chains {
                let nodes = chain.steps.map(\.node).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
                try corpus.upsertScenario(fixture: "chain-" + chain.chain, feature: nodes.joined(separator: "+"),
                                          description: chain.description, source: chain.source, definition: ScenarioCoding.tree(chain))
            }
            var toWrite: [Fixture] = [], toKeep: [PendingRecording] = [], unchanged: [String] = []
            for entry in entries {
                switch (entry.change, mode) {
                case (.unchanged, _): unchanged.append(entry.fixture)
                case (.changed, .record):
                    let location = entry.location
                    toKeep.append(PendingRecording(fixture: entry.recorded, reason: .changed, recordedAt: now,
                                                   base: try corpus.pendingBase(forFixture: entry.fixture), step: location?.step,
                                                   path: location?.fieldPath, expected: location?.divergence.expected,
                                                   actual: location?.divergence.actual))
                default: toWrite.append(entry.recorded)
                }
            }
            try corpus.recordFixtures(toWrite, in: tree)
            // A recording that no longer differs (or was just written) makes an older pending one moot.
            outcome.superseded = try corpus.clearPending(names: toWrite.map(\.name) + unchanged, in: tree)
            try corpus.writePending(toKeep, in: tree)
            if unreferenced == .delete, !outcome.unreferenced.isEmpty {
                try corpus.removeFixtures(named: outcome.unreferenced, from: tree)
                outcome.deleted = outcome.unreferenced
            }
            outcome.written = toWrite.map(\.name)
            outcome.pending = toKeep.map(\.name)
        }
    }
}

enum RecordingTimestamp {
    static func now() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date())
    }
}
