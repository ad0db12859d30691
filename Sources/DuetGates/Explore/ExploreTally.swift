import Duet
import DuetCorpus
import DuetReplay

/// What the walks did, before shrinking: steps, findings by signature, what they reached, and
/// the walks kept for the restore drill.
struct ExploreTally {
    struct ReachKey: Hashable {
        var feature: String
        var actionCase: String
        var kind: String?
        var change: L0Transitions.Change.Direction?
    }

    var steps = 0
    var walks = 0
    /// Well-formedness unknown and refused by every platform: not a finding.
    var rejected = 0
    /// Distinct by signature, in the order they were first found.
    var findings: [ExploreFinding] = []
    var occurrences: [String: Int] = [:]
    /// Distinct signatures found beyond `maxFindings` (counted, not kept).
    var overflow = 0
    /// Steps taken when the first finding was judged.
    var stepsToFirstFinding: Int?
    var reach: [ReachKey: Int] = [:]
    var restoreWalks: [ExploreWalk] = []
    var stepsPerFeature: [String: Int] = [:]
    var runnerFailure: RunnerFailure?

    mutating func note(_ finding: ExploreFinding, limit: Int) {
        let signature = finding.signature
        if stepsToFirstFinding == nil { stepsToFirstFinding = steps }
        if let seen = occurrences[signature] { occurrences[signature] = seen + 1; return }
        occurrences[signature] = 1
        if findings.count < limit { findings.append(finding) } else { overflow += 1 }
    }

    var storedReach: [StoredExploreReach] {
        reach.map { key, count in
            StoredExploreReach(feature: key.feature, actionCase: key.actionCase, kind: key.kind,
                               change: key.change.flatMap { StoredExploreReach.Change(rawValue: $0.rawValue) }, count: count)
        }.sorted { ($0.feature, $0.actionCase, $0.kind ?? "", $0.change?.rawValue ?? "") < ($1.feature, $1.actionCase, $1.kind ?? "", $1.change?.rawValue ?? "") }
    }
}
