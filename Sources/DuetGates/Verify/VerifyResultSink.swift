import DuetCorpus
import DuetReplay

/// What a verify run keeps of its replayed results: the counts, the passes encoded as the stored run
/// keeps them (`PassSet`), the names that lose their cached pass, and the failures in full up to
/// `maxFailures` — so a run over a million steps holds a few bytes per fixture, not a value per result.
/// `keepPasses` keeps every result instead (`--junit` and `--results` list every fixture).
struct VerifyResultSink {
    let maxFailures: Int?
    let keepPasses: Bool
    private(set) var tally = VerifyRun.Tally()
    /// The failures kept (every result with `keepPasses`), in name order.
    private(set) var kept: [FixtureResult] = []
    private(set) var passes = PassSet.Encoder()
    /// Fixtures that failed (not those left unrun): their cached passes are forgotten.
    private(set) var failed = PassSet.Encoder()
    private var failuresKept = 0

    init(maxFailures: Int?, keepPasses: Bool) { self.maxFailures = maxFailures; self.keepPasses = keepPasses }

    /// `results` in name order, after those added before.
    mutating func add(_ results: [FixtureResult]) {
        for result in results.sorted(by: { $0.fixture.utf8.lexicographicallyPrecedes($1.fixture.utf8) }) { add(result) }
    }

    private mutating func add(_ result: FixtureResult) {
        tally.count(result)
        if result.status == .passed {
            passes.append(result.fixture, steps: result.stepsRun)
            if keepPasses { kept.append(result) }
            return
        }
        if result.failure?.kind != .notRun { failed.append(result.fixture, steps: 0) }
        if keepPasses || maxFailures.map({ failuresKept < $0 }) ?? true {
            kept.append(result)
            failuresKept += 1
        } else {
            tally.omittedFailures += 1
        }
    }
}

extension VerifyRun.Tally {
    /// Both counts together (a run's replayed results and the passes it reused).
    func adding(_ other: VerifyRun.Tally) -> VerifyRun.Tally {
        var sum = self
        sum.fixtures += other.fixtures; sum.passed += other.passed; sum.failed += other.failed
        sum.notRun += other.notRun; sum.steps += other.steps; sum.omittedFailures += other.omittedFailures
        return sum
    }
}
