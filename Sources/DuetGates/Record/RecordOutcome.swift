import DuetReplay

/// What `record` did.
public struct RecordOutcome: Sendable {
    public var mode: RecordWorkflow.Mode
    public var unreferencedPolicy: RecordWorkflow.UnreferencedPolicy
    public var entries: [DriftEntry] = []
    public var written: [String] = []
    public var pending: [String] = []
    /// Stored fixtures whose scenario the runner no longer carries.
    public var unreferenced: [String] = []
    /// Of those, the ones removed (`--unreferenced delete`).
    public var deleted: [String] = []
    /// Scenarios the runner could not record (refused step, runner failure while in flight).
    public var failures: [FixtureResult] = []
    public var notRun: [String] = []
    /// The runner could not be started or kept failing.
    public var environmentFailure: String?
    /// `--feature`/`--fixture` named no scenario the runner carries.
    public var matchedNothing = false
    /// The fixture names and features the runner's scenarios and chains record (what `--fixture` and `--feature` may name).
    public var servedFixtures: [String] = []
    public var servedFeatures: [String] = []

    /// Pending recordings dropped because this recording superseded them (written, or unchanged).
    public var superseded: [String] = []

    /// Recordings whose behaviour differs from the fixtures of record, or that have none (what `--check` fails on).
    public var drift: [DriftEntry] { entries.filter { $0.change == .changed || $0.change == .new } }
    /// Recordings that differ only in metadata: admissible, written by plain `record`.
    public var metadataOnly: [DriftEntry] { entries.filter { $0.change == .metadata } }
}

extension RecordOutcome: GateOutcome {
    /// The runner could not be started, carried no scenarios or kept failing.
    public var environmentFailed: Bool { environmentFailure != nil }
    /// `--feature`/`--fixture` named no scenario the runner carries.
    public var badInput: Bool { matchedNothing }
    /// Every scenario was recorded and none is left pending, drifted or new under `--check`, or
    /// unreferenced under `reject`. Metadata-only differences never fail it.
    public var holds: Bool {
        guard !environmentFailed, !badInput, failures.isEmpty, notRun.isEmpty, pending.isEmpty else { return false }
        if mode == .check && !drift.isEmpty { return false }
        return !(unreferencedPolicy == .reject && !unreferenced.isEmpty)
    }
}
