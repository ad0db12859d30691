/// How much to explore and how: the budget in steps, the walks' depth, the seed everything
/// follows from, and how findings and restores are sampled.
///
/// ```swift
/// var options = ExploreOptions()
/// options.budget = 100_000; options.seed = 1
/// ```
public struct ExploreOptions: Sendable, Equatable {
    public var seed: UInt64 = 1
    /// Steps (one action sent to every platform) the run may take.
    public var budget = 10_000
    /// Actions per walk at most.
    public var depth = 8
    /// Wall-clock limit in seconds; no new walk starts after it.
    public var seconds: Double?
    /// Walks in flight at once (each has one step in flight).
    public var window = 256
    /// Distinct findings shrunk and recorded at most; more are counted.
    public var maxFindings = 10
    /// Stop at the first finding (mutation drills: one is enough).
    public var stopAtFirstFinding = false
    /// Restore-drill every n-th walk (0: none).
    public var restoreEvery = 8
    /// Walks restore-drilled at most (each is held in memory until the drill).
    public var restoreLimit = 1_000
    /// Candidate sequences the shrinker may replay per finding.
    public var shrinkAttempts = 2_000
    public var timeout: Double = 10
    public var startupTimeout: Double = 120

    public init() {}
}
