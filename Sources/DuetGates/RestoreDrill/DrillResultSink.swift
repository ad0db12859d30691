import DuetCorpus
import DuetManifest

/// What a drill run keeps of its results as they finish: the counts, the fixtures with findings
/// or ruled findings in full up to `maxFailures`, the rulings that matched (for stale rulings),
/// and the clean fixtures and the others as compact name lists for the pass cache — a few bytes
/// per fixture, not a result each. `keepAll` keeps every result (`--junit` lists every fixture).
struct DrillResultSink {
    let maxFailures: Int?
    let keepAll: Bool
    let rulings: [DrillRuling]
    private(set) var tally = DrillRun.Tally()
    private(set) var kept: [DrillFixtureResult] = []
    /// Rulings some finding matched, kept or not.
    private(set) var matchedRulings: [DrillRuling] = []
    /// Clean fixtures with their steps, and the same names with their snapshots (in completion order).
    private(set) var clean = PassSet.Encoder(ordered: false), cleanSnapshots = PassSet.Encoder(ordered: false)
    /// Fixtures with a finding, ruled or not: their cached passes are forgotten.
    private(set) var unclean = PassSet.Encoder(ordered: false)
    private(set) var omittedFindings = 0, omittedRuled = 0

    init(maxFailures: Int?, keepAll: Bool, rulings: [DrillRuling]) {
        self.maxFailures = maxFailures; self.keepAll = keepAll; self.rulings = rulings
    }

    mutating func add(_ drilled: DrillFixtureResult) {
        let result = DrillRulings.apply(rulings, to: drilled)
        tally.count(result)
        for ruled in result.ruled where !matchedRulings.contains(ruled.ruling) { matchedRulings.append(ruled.ruling) }
        guard !(result.findings.isEmpty && result.ruled.isEmpty) else {
            clean.append(result.fixture, steps: result.steps)
            cleanSnapshots.append(result.fixture, steps: result.snapshots)
            if keepAll { kept.append(result) }
            return
        }
        unclean.append(result.fixture, steps: 0)
        if keepAll || maxFailures.map({ kept.count < $0 }) ?? true {
            kept.append(result)
        } else {
            if !result.passed { tally.omittedFailures += 1 }
            omittedFindings += result.findings.count
            omittedRuled += result.ruled.count
        }
    }
}

extension DrillRun.Tally {
    /// Both counts together (a run's drilled fixtures and the passes it reused).
    func adding(_ other: DrillRun.Tally) -> DrillRun.Tally {
        var sum = self
        sum.fixtures += other.fixtures; sum.snapshots += other.snapshots; sum.steps += other.steps
        sum.emptySpines += other.emptySpines; sum.failedFixtures += other.failedFixtures; sum.findings += other.findings
        sum.ruled += other.ruled; sum.omittedFailures += other.omittedFailures
        return sum
    }
}
