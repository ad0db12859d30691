import Duet

/// One thing the restore drill found: which fixture, step and node, which rule, and where the
/// spine first differs with both canonical fragments.
///
/// ```swift
/// finding.description   // timeline step 3 node timeline: carry-on at path[0].value.memoryId: expected "…", got (absent)
/// ```
public struct DrillFinding: Sendable, Equatable, CustomStringConvertible {
    /// The rules a drill checks, by the names reports and the corpus use.
    public enum Rule: String, Sendable, CaseIterable {
        /// spine(restore(spine(s))) differs from spine(s) outside the islands.
        case roundTrip = "round-trip"
        /// Relaunched from a restored state, a later state's spine differs from the recorded one.
        case carryOn = "carry-on"
        /// A restored island does not come back at its boundary summary.
        case islandSummary = "island-summary"
        /// An island whose boundary summary is empty does not restore to its initial state.
        case islandEmptyBoundary = "island-empty-boundary"
        /// An island's summary holds an L0 field (islands own no L0 children).
        case islandL0 = "island-l0"
        /// A spine larger than the saved-state budget (`--max-spine-bytes`).
        case spineSize = "spine-size"
        /// A spine holds a value marked as existing only at run time.
        case runtimeOnly = "runtime-only"
        /// The runner answered `{"error":…}` to a restore or a reduce.
        case refused
        /// The fixture's feature (or a chain node) has no described structure: no spine to project.
        case noStructure = "no-structure"
        /// The fixture cannot be drilled as stored.
        case malformed
        /// The runner crashed, hung or wrote garbage while this fixture was in flight.
        case runner
        /// Not drilled: the run stopped because the runner kept failing.
        case notRun = "not-run"
    }

    public var fixture: String
    /// 0-based step of the snapshot (nil: the initial state, or no snapshot).
    public var step: Int?
    /// The feature drilled: a leaf's feature, or the chain node.
    public var node: String?
    public var rule: Rule
    /// First divergent JSON path in the spine (`sheet.value.config`, `path[0]`); "" for the root.
    public var path: String?
    /// Canonical fragments at `path`; nil where absent. For `refused`, `runner` and the like, `actual` is the reason.
    public var expected: String?
    public var actual: String?
    /// What happened, in words (the relaunch point of a carry-on, the runner's error).
    public var message: String

    public init(fixture: String, step: Int?, node: String?, rule: Rule, path: String? = nil, expected: String? = nil,
                actual: String? = nil, message: String) {
        self.fixture = fixture; self.step = step; self.node = node; self.rule = rule; self.path = path
        self.expected = expected; self.actual = actual; self.message = message
    }

    public var description: String {
        var text = fixture + (step.map { " step \($0)" } ?? " initial state") + (node.map { " node \($0)" } ?? "") + ": \(rule.rawValue)"
        if let path { text += " at \(path.isEmpty ? "(root)" : path): expected \(expected ?? "(absent)"), got \(actual ?? "(absent)")" }
        return text + " — " + message
    }
}
