import DuetCorpus

/// What `duet explore` did and found.
///
/// ```swift
/// let outcome = try ExploreWorkflow(corpus: corpus, runners: commands).run()
/// outcome.findings.first?.replay    // "duet explore --replay explore.timeline.3fa9c1e2b4d0"
/// ```
public struct ExploreOutcome: Sendable {
    public struct Feature: Sendable, Equatable {
        public var name: String
        /// Recorded states walks could start from.
        public var starts: Int
        /// Action cases generated (their payload shape is known from the fixtures).
        public var cases: Int
        /// Declared cases no fixture sends: not generated (record their fixture first).
        public var unknownCases: [String]
        public var steps: Int
        /// Cases the platforms reduced at least once.
        public var casesReached: Int
    }

    public struct Finding: Sendable, Equatable {
        /// The pending recording: `explore.<feature>.<hash>`.
        public var name: String
        public var feature: String
        /// `state`, `effects`, `refused`, `crash`, or a restore rule.
        public var kind: String
        /// 0-based step of the recording where it shows.
        public var step: Int
        public var path: String?
        public var message: String
        public var signature: String
        /// Walks that showed it.
        public var occurrences: Int
        /// Actions when first found, and after shrinking.
        public var explored: Int
        public var shrunk: Int
        public var startFixture: String
        public var startStep: Int?
        /// The actions of the recording, canonical.
        public var actions: [String]
        /// Each platform's answer at the step where it shows.
        public var answers: [StoredExploreAnswer]
        /// The one command that replays it.
        public var replay: String
    }

    public var startedAt = ""
    public var platforms: [String] = []
    public var missingRunners: [String] = []
    public var feature: String?
    public var options = ExploreOptions()
    public var features: [Feature] = []
    /// Features a runner does not serve (platform → features): not explored.
    public var unserved: [String: [String]] = [:]
    public var steps = 0
    public var walks = 0
    /// Refused by every platform with values whose domain is unknown: not findings.
    public var rejected = 0
    /// Walks restore-drilled, requests that took, and restore findings a ruling accepts.
    public var restoredWalks = 0
    public var restoreRequests = 0
    public var ruledRestores = 0
    public var findings: [Finding] = []
    /// Distinct findings beyond `maxFindings`, counted but not shrunk or recorded.
    public var moreFindings = 0
    /// Steps taken when the first finding showed (nil: none did).
    public var stepsToFirstFinding: Int?
    /// Candidate sequences the shrinker replayed.
    public var shrinkReplays = 0
    public var runnerFailure: String?
    public var durationMilliseconds = 0
    /// The stored run's id (nil when not stored: mutation drills).
    public var runID: Int64?
    public var coverage: [StoredExploreReach] = []

    public init() {}

    public var stepsPerSecond: Double { durationMilliseconds > 0 ? Double(steps) * 1000 / Double(durationMilliseconds) : 0 }
}

extension ExploreOutcome: GateOutcome {
    /// A runner is missing or kept failing.
    public var environmentFailed: Bool { !missingRunners.isEmpty || runnerFailure != nil }
    /// Unknown features and bad options are refused before the run (`InputError`).
    public var badInput: Bool { false }
    /// Something was explored and nothing was found. A run that took no step does not hold.
    public var holds: Bool { !environmentFailed && steps > 0 && findings.isEmpty && moreFindings == 0 }
}
