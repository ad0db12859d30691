/// An explore run as the corpus keeps it (table `explore_runs`), with what it reached and found.
///
/// ```swift
/// let id = try corpus.storeExploreRun(run)
/// try corpus.exploreRuns(limit: 1).first?.coverage.count
/// ```
public struct StoredExploreRun: Sendable, Equatable {
    /// `full` when every explorable feature was explored, `filtered` under `--feature`.
    public enum Scope: String, Sendable { case full, filtered }

    /// Row id; nil before the run is stored.
    public var id: Int64?
    public var startedAt: String
    /// The platforms compared, sorted.
    public var platforms: [String]
    public var scope: Scope
    public var filter: String?
    /// `passed` or `failed`.
    public var status: String
    public var seed: UInt64
    public var budget: Int
    public var depth: Int
    public var steps: Int
    public var walks: Int
    public var restores: Int
    public var runnerFailure: String?
    public var durationMilliseconds: Int
    public var coverage: [StoredExploreReach]
    public var findings: [StoredExploreFinding]

    public init(id: Int64? = nil, startedAt: String, platforms: [String], scope: Scope, filter: String?, status: String, seed: UInt64,
                budget: Int, depth: Int, steps: Int, walks: Int, restores: Int, runnerFailure: String?, durationMilliseconds: Int,
                coverage: [StoredExploreReach], findings: [StoredExploreFinding]) {
        self.id = id; self.startedAt = startedAt; self.platforms = platforms; self.scope = scope; self.filter = filter
        self.status = status; self.seed = seed; self.budget = budget; self.depth = depth; self.steps = steps; self.walks = walks
        self.restores = restores; self.runnerFailure = runnerFailure; self.durationMilliseconds = durationMilliseconds
        self.coverage = coverage; self.findings = findings
    }
}

/// What explored steps reached (table `explore_coverage`): an action case, or — with `kind` and
/// `change` — an L0 transition entered or left by that case, as `step_transitions` has them for fixtures.
public struct StoredExploreReach: Sendable, Equatable, Hashable {
    public enum Change: String, Sendable { case entered, left }
    public var feature: String
    public var actionCase: String
    public var kind: String?
    public var change: Change?
    public var count: Int

    public init(feature: String, actionCase: String, kind: String? = nil, change: Change? = nil, count: Int) {
        self.feature = feature; self.actionCase = actionCase; self.kind = kind; self.change = change; self.count = count
    }
}

/// One shrunk finding of an explore run (table `explore_findings`), with every platform's answers
/// at each step of its recording (`explore_answers`).
public struct StoredExploreFinding: Sendable, Equatable {
    /// The pending recording it was written as: `explore.<feature>.<hash>`.
    public var name: String
    public var feature: String
    /// `state`, `effects`, `refused`, `crash`, or a restore rule (`round-trip`, `carry-on`, …).
    public var kind: String
    /// 0-based step of the recording where it shows.
    public var step: Int
    public var path: String?
    /// What findings are deduplicated by: feature, kind, action case and path (indices dropped).
    public var signature: String
    /// Walks that showed it.
    public var occurrences: Int
    /// Actions of the walk that first showed it, and of the shrunk recording.
    public var explored: Int
    public var shrunk: Int
    /// The recorded state the recording starts from: fixture and 0-based step (nil: its initial state).
    public var startFixture: String?
    public var startStep: Int?
    public var message: String
    /// When a replay found the platforms in agreement; nil while open.
    public var resolvedAt: String?
    public var answers: [StoredExploreAnswer]

    public init(name: String, feature: String, kind: String, step: Int, path: String?, signature: String, occurrences: Int,
                explored: Int, shrunk: Int, startFixture: String?, startStep: Int?, message: String, resolvedAt: String? = nil,
                answers: [StoredExploreAnswer]) {
        self.name = name; self.feature = feature; self.kind = kind; self.step = step; self.path = path; self.signature = signature
        self.occurrences = occurrences; self.explored = explored; self.shrunk = shrunk; self.startFixture = startFixture
        self.startStep = startStep; self.message = message; self.resolvedAt = resolvedAt; self.answers = answers
    }

    /// The answers of `platform`, by step.
    public func answers(of platform: String) -> [StoredExploreAnswer] {
        answers.filter { $0.platform == platform }.sorted { $0.step < $1.step }
    }

    /// The platforms that answered, sorted.
    public var platforms: [String] { Array(Set(answers.map(\.platform))).sorted() }
}

/// One platform's answer to one step: canonical state and effects, or why there is none.
public struct StoredExploreAnswer: Sendable, Equatable {
    public var platform: String
    public var step: Int
    public var state: String?
    public var effects: String?
    /// The runner's refusal, or how it failed (crash, timeout).
    public var error: String?

    public init(platform: String, step: Int, state: String?, effects: String?, error: String?) {
        self.platform = platform; self.step = step; self.state = state; self.effects = effects; self.error = error
    }
}
