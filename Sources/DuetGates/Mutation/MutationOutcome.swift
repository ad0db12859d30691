/// What `duet mutate` found: the baselines, then per row whether the gate caught the mutant and
/// which fixtures did.
public struct MutationOutcome: Sendable {
    public enum Verdict: String, Sendable {
        /// At least one fixture turned red: the gate sees this change.
        case caught
        /// Every fixture stayed green: the gate is blind to this change.
        case survived
        /// `old` does not occur exactly once in the file: the row no longer names one place.
        case stale
        /// The mutant does not build, so it says nothing about the gate.
        case unbuildable
        /// The drill stopped before this row.
        case notRun = "not-run"
    }

    public struct Row: Sendable {
        public var name: String
        public var file: String
        public var line: Int?
        public var platform: String
        public var about: String?
        public var verdict: Verdict
        /// Why a row is stale or unbuildable, or how the runner failed.
        public var detail: String?
        public var caughtBy: [Catch] = []
        public var buildMilliseconds = 0
        public var verifyMilliseconds = 0
    }

    /// A fixture that turned red under the mutant, and where.
    public struct Catch: Sendable, Equatable {
        public var fixture: String
        public var kind: String
        public var step: Int?
        public var path: String?
    }

    public struct Baseline: Sendable {
        public var platform: String
        public var passed: Bool
        public var fixtures: Int
        public var failing: [String]
        public var buildMilliseconds: Int
        public var verifyMilliseconds: Int
        public var detail: String?
    }

    public var fixtureCount = 0
    public var baselines: [Baseline] = []
    public var rows: [Row] = []
    /// Why the drill stopped before the rows: a red or unbuildable baseline, no fixtures.
    public var stoppedBy: String?
    /// The stop is the environment's (no runner, the copy does not build, the runner fails).
    public var stoppedByEnvironment = false
    public var workspace = ""
    public var filesSynced = 0
    /// Links of the repository the copy does not hold (to a folder, to nothing): the copy holds files, never links.
    public var linksNotCopied: [String] = []
    public var milliseconds = 0

    /// Every row ran and was caught.
    public var holds: Bool { stoppedBy == nil && !rows.isEmpty && rows.allSatisfy { $0.verdict == .caught } }
}

extension MutationOutcome: GateOutcome {
    public var environmentFailed: Bool { stoppedByEnvironment }
    /// An unknown row or a malformed plan is refused before the drill starts (`InputError`).
    public var badInput: Bool { false }
}
