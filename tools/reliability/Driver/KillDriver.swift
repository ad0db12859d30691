import Foundation
import DuetCorpus

/// SIGKILL at random points of a writing verb, then `duet corpus check` and the target's own
/// invariant after every kill. A target is one entry of `KillTarget.all`: how to set up, the
/// command of one round, and what the corpus must hold after a kill.
struct KillTarget: Sendable {
    var name: String
    /// Kills in the full run; the quick mode runs a fifth (at least 5).
    var kills: Int
    /// The state every round starts from when `round` restores one; nil when a round starts where the last ended.
    var startsFrom: String? = nil
    /// Builds the target's folder under `work`, once.
    var prepare: @Sendable (_ tools: Workspace, _ work: URL) throws -> Void
    /// Sets up one round (e.g. restores a starting file) and returns the `duet` arguments to kill.
    var round: @Sendable (_ tools: Workspace, _ work: URL, _ state: String) throws -> [String]
    /// What the corpus holds after a run or a kill (one word per consistent state), or a `DriverFailure`
    /// when it holds something inconsistent. Runs before the corpus check.
    var observe: @Sendable (_ tools: Workspace, _ work: URL) throws -> String

    static func corpus(_ work: URL) -> URL { work.appendingPathComponent("corpus.db") }
}

extension KillTarget {
    /// The targets, in the order they run. The tree sync gets its entry here once it exists.
    static let all: [KillTarget] = [importing, recording, ledgerSync, migrating]

    /// `duet import` switching between two generations of 40 fixtures × 60 steps.
    static let importing = KillTarget(name: "import", kills: 120, prepare: { tools, work in
        for generation in Generations.names {
            try Generations.writeFixtures(generation, fixtures: 40, steps: 60, to: work.appendingPathComponent(generation))
        }
        try tools.duet(["--corpus", corpus(work).path, "import", work.appendingPathComponent("A").path]).expect(0, "the first import")
    }, round: { _, work, state in
        ["--corpus", corpus(work).path, "import", work.appendingPathComponent(state == "A" ? "B" : "A").path]
    }, observe: { tools, work in
        let rows = try tools.rows("SELECT count(*), count(DISTINCT description), min(description) FROM fixtures", corpus: corpus(work))
        guard let row = rows.first, row.count == 3 else { throw DriverFailure("no answer about the fixtures") }
        guard row[0] == "40", row[1] == "1" else { throw DriverFailure("the corpus holds \(row[0]) fixtures of \(row[1]) generations") }
        return String(row[2].suffix(1))
    })

    /// `duet record --write` of the reference app into an empty corpus.
    static let recording = KillTarget(name: "record", kills: 30, startsFrom: "empty", prepare: { tools, work in
        try tools.duet(["--corpus", work.appendingPathComponent("empty.db").path, "corpus", "stats"]).expect(0, "an empty corpus")
        try tools.restore(work.appendingPathComponent("empty.db"), to: corpus(work))
    }, round: { tools, work, _ in
        try tools.restore(work.appendingPathComponent("empty.db"), to: corpus(work))
        return ["--corpus", corpus(work).path, "record", "--write", "--runner", tools.memoryLaneRunner]
    }, observe: { tools, work in
        let row = try tools.rows("SELECT (SELECT count(*) FROM fixtures), (SELECT count(*) FROM scenarios), (SELECT count(*) FROM runner_describes)",
                                 corpus: corpus(work)).first ?? []
        switch row {
        case ["0", "0", "0"]: return "empty"
        case let counts where counts.count == 3 && counts[0] != "0" && counts[1] != "0" && counts[2] != "0": return "recorded"
        default: throw DriverFailure("a partial recording: fixtures, scenarios, describes = \(row)")
        }
    })

    /// `duet ledger sync` switching a manifest of 800 island entries between two generations.
    static let ledgerSync = KillTarget(name: "ledger sync", kills: 30, prepare: { tools, work in
        for generation in Generations.names {
            try Generations.writeManifest(generation, islands: 800, to: work.appendingPathComponent("\(generation).yaml"))
        }
        try tools.duet(["--corpus", corpus(work).path, "ledger", "sync", "--manifest", work.appendingPathComponent("A.yaml").path])
            .expect(0, "the first sync")
    }, round: { _, work, state in
        ["--corpus", corpus(work).path, "ledger", "sync", "--manifest", work.appendingPathComponent(state == "A" ? "B.yaml" : "A.yaml").path]
    }, observe: { tools, work in
        let open = try tools.rows("""
            SELECT count(*), count(DISTINCT substr(body, instr(body, 'generation-') + 11, 1)), min(substr(body, instr(body, 'generation-') + 11, 1))
            FROM ledger_entries WHERE valid_to IS NULL
            """, corpus: corpus(work)).first ?? []
        let twice = try tools.rows("SELECT count(*) FROM (SELECT 1 FROM ledger_entries WHERE valid_to IS NULL GROUP BY section, entry_key HAVING count(*) > 1)",
                                   corpus: corpus(work)).first ?? []
        guard open.count == 3, open[0] == "800", open[1] == "1", twice == ["0"] else {
            throw DriverFailure("the ledger holds \(open) open entries, \(twice) of them open twice")
        }
        return open[2]
    })

    /// `duet corpus migrate` of a corpus made with the first half of the migrations, holding the reference app.
    static let migrating = KillTarget(name: "migrate", kills: 30, startsFrom: "old", prepare: { tools, work in
        let loaded = work.appendingPathComponent("loaded.db")
        try tools.duet(["--corpus", loaded.path, "corpus", "load", tools.seed.path]).expect(0, "loading the seed")
        try tools.duet(["--corpus", loaded.path, "export", work.appendingPathComponent("fixtures").path]).expect(0, "exporting the seed")
        let migrations = Migration.embedded
        do {   // closed before it is copied, so its WAL is folded into the file
            let old = try Corpus.open(at: work.appendingPathComponent("old.db").path,
                                      migrator: Migrator(migrations: Array(migrations.prefix(migrations.count / 2))))
            try old.importFixtures(from: work.appendingPathComponent("fixtures").path)
        }
        try tools.restore(work.appendingPathComponent("old.db"), to: corpus(work))
    }, round: { tools, work, _ in
        try tools.restore(work.appendingPathComponent("old.db"), to: corpus(work))
        return ["--corpus", corpus(work).path, "corpus", "migrate"]
    }, observe: { tools, work in
        // Every migration is all or nothing: whatever the kill left, migrating again completes.
        let again = try tools.duet(["--corpus", corpus(work).path, "corpus", "migrate"])
        guard again.status == 0 else { throw DriverFailure("migrating after the kill fails: \(again.stderr)") }
        let fixtures = try tools.rows("SELECT count(*) FROM fixtures", corpus: corpus(work)).first ?? []
        guard fixtures != ["0"] else { throw DriverFailure("the fixtures are gone after migrating") }
        return again.stdout.contains("up to date") ? "migrated" : "old"
    })
}

/// Runs the kill rounds of one target and reports its figures.
struct KillDriver {
    let tools: Workspace
    let quick: Bool

    func run(_ target: KillTarget) throws -> Report {
        let work = try tools.folder("kill-" + target.name.replacingOccurrences(of: " ", with: "-"))
        try target.prepare(tools, work)
        var state = try target.observe(tools, work)
        // Three unkilled rounds first: the kills fall uniformly over the shortest of them and a tenth more.
        var unkilled: [Double] = []
        for _ in 0..<3 {
            let run = try ProcessOutcome.run([tools.duet] + (try target.round(tools, work, state)), in: work)
            guard run.status == 0 else { throw DriverFailure("\(target.name): an unkilled round fails (\(run.status)): \(run.stderr)") }
            state = try target.observe(tools, work)
            unkilled.append(run.seconds)
        }
        let span = unkilled.min()! * 1.1
        let kills = quick ? max(5, target.kills / 5) : target.kills
        var report = Report(name: "kill \(target.name)")
        var finishedFirst = 0, changed = 0, reported = 0
        var violations: [String] = []
        let started = Date()
        for round in 1...kills {
            let before = target.startsFrom ?? state
            let arguments = try target.round(tools, work, before)
            let outcome = try ProcessOutcome.kill([tools.duet] + arguments, in: work, after: Double.random(in: 0...span))
            if outcome.finishedFirst { finishedFirst += 1 }
            do {
                state = try target.observe(tools, work)
                // The verb reports on stdout only once its change is committed: then it must have lasted.
                if !outcome.stdout.isEmpty && state == before {
                    throw DriverFailure("the run reported its change before the kill, but the corpus does not hold it (still \(state))")
                }
                if !outcome.stdout.isEmpty { reported += 1 }
                let check = try tools.duet(["--corpus", KillTarget.corpus(work).path, "corpus", "check"])
                if check.status != 0 { throw DriverFailure("corpus check exits \(check.status): \(check.stdout)\(check.stderr)") }
            } catch {
                violations.append("kill \(round): \(error)")
                break
            }
            if state != before { changed += 1 }
        }
        report.figures = [
            "\(kills) kills at random points of \(duration(span)) (an unkilled run takes \(duration(unkilled.min()!))–\(duration(unkilled.max()!))); \(finishedFirst) runs ended before their kill",
            "after each: corpus check held \(kills - violations.count)/\(kills); the run's change was whole in \(changed) (\(reported) had reported it: all kept), absent in \(kills - changed - violations.count), half-done in \(violations.count)",
            "\(duration(Date().timeIntervalSince(started))) for the kills",
        ]
        report.violations = violations
        return report
    }
}

extension ProcessOutcome {
    /// Throws unless the process exited with `status`.
    @discardableResult
    func expect(_ status: Int32, _ what: String) throws -> ProcessOutcome {
        guard self.status == status, !signaled else { throw DriverFailure("\(what) exits \(self.status) (expected \(status)): \(stderr)") }
        return self
    }
}
