import DuetCorpus
import DuetReplay

/// What `verify` found, per platform.
public struct VerifyOutcome: Sendable {
    public var runs: [VerifyRun] = []
    /// Platforms asked for that have no runner command: a failure, never a pass.
    public var missingRunners: [String]
    public var fixtureCount: Int
    /// What the runs covered, as stored.
    public var scope: RunScope = .full
    /// The shard replayed, with `--shard`.
    public var shard: ShardPlan?
    /// The runs as stored in the corpus (what `--results` writes).
    public var stored: [StoredRun] = []
    /// With more than one platform: whether their runners declare the same features.
    public var declarations: DeclarationCheck?
    /// Per platform: how many fixtures were replayed and how many stood unchanged, and which runner answered.
    public var reuse: [String: ReuseSummary] = [:]
}

extension VerifyOutcome: GateOutcome {
    /// A platform has no runner, a runner kept failing, or one could not describe its features.
    public var environmentFailed: Bool {
        !missingRunners.isEmpty || runs.contains { $0.runnerFailure != nil } || declarations?.failures.contains(where: \.environment) == true
    }
    /// A selection that matches nothing is a finding of verify, not bad input: nothing was verified.
    public var badInput: Bool { false }
    /// Fixtures were replayed on every platform asked for, all passed, and (with several) their declarations agree.
    public var holds: Bool {
        guard !environmentFailed, fixtureCount > 0, !runs.isEmpty, runs.allSatisfy(\.passed) else { return false }
        return declarations?.holds ?? true
    }
}
