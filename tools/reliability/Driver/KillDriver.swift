import Foundation
import DuetCorpus

/// SIGKILL at random points of a writing verb, then `duet corpus check` and the target's own
/// invariant after every kill. A target is one entry of `KillTarget.all`: how to set up, the
/// command of one round, and what the corpus must hold after a kill.
struct KillTarget: Sendable {
    var name: String
    /// Kills in the full run; the quick mode runs a sixth (at least 5).
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
    /// Brings the corpus back in step after a kill left it behind its tree (a verb the kill
    /// stopped before its commit); returns the state the next round starts from. nil: nothing to do.
    var repair: (@Sendable (_ tools: Workspace, _ work: URL) throws -> String)? = nil

    static func corpus(_ work: URL) -> URL { work.appendingPathComponent("corpus.db") }

    /// States where a multi-file write was cut between two files of record (each file is whole; the
    /// corpus follows the tree): not a broken promise, reported apart.
    static let partialStates: Set<String> = ["mixed", "partial"]
}

extension KillTarget {
    /// The targets, in the order they run.
    static let all: [KillTarget] = [importing, recording, syncing, ledgerSync, migrating, accepting]

    /// The sync every verb starts with, after the tree moved to the other generation of 40 fixtures
    /// × 60 steps: a killed sync leaves the corpus on one generation, whole, and the next verb completes it.
    static let syncing = KillTarget(name: "tree sync", kills: 60, prepare: { tools, work in
        for generation in Generations.names {
            try Generations.writeFixtures(generation, fixtures: 40, steps: 60, to: work.appendingPathComponent(generation))
        }
        try placeTree(work, generation: "A")
        try tools.duet(["--corpus", corpus(work).path, "query", "fixtures"], in: work).expect(0, "the first sync")
    }, round: { _, work, state in
        try placeTree(work, generation: state == "B" ? "A" : "B")
        return ["--corpus", corpus(work).path, "query", "fixtures"]
    }, observe: { _, work in
        // Read without a sync of our own (a duet verb would complete the sync first).
        let descriptions = Set(try Corpus.open(at: corpus(work).path).fixtures().compactMap(\.description))
        guard descriptions.count == 1, let only = descriptions.first else {
            throw DriverFailure("the corpus holds fixtures of \(descriptions.count) generations: a sync was cut in the middle")
        }
        return String(only.suffix(1))
    }, repair: { tools, work in
        try tools.duet(["--corpus", corpus(work).path, "query", "fixtures"], in: work).expect(0, "the sync after the kill")
        return String(try String(contentsOf: work.appendingPathComponent("tree-generation"), encoding: .utf8).prefix(1))
    })

    /// Replaces the tree's fixtures with `generation`'s (outside the kill: each round's starting point).
    private static func placeTree(_ work: URL, generation: String) throws {
        let fixtures = work.appendingPathComponent("parity/fixtures")
        try? FileManager.default.removeItem(at: fixtures)
        try FileManager.default.createDirectory(at: fixtures.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: work.appendingPathComponent(generation), to: fixtures)
        try Data(generation.utf8).write(to: work.appendingPathComponent("tree-generation"))
    }

    /// `duet import` switching between two generations of 40 fixtures × 60 steps.
    static let importing = KillTarget(name: "import", kills: 120, prepare: { tools, work in
        for generation in Generations.names {
            try Generations.writeFixtures(generation, fixtures: 40, steps: 60, to: work.appendingPathComponent(generation))
        }
        try tools.duet(["--corpus", corpus(work).path, "import", work.appendingPathComponent("A").path], in: work).expect(0, "the first import")
    }, round: { _, work, state in
        ["--corpus", corpus(work).path, "import", work.appendingPathComponent(state == "B" ? "A" : "B").path]
    }, observe: { tools, work in
        // The files of record are copied one by one, each whole: a kill between two leaves a tree of
        // both generations, which the corpus then follows ("mixed"), and the next import completes.
        let rows = try tools.rows("SELECT count(*), count(DISTINCT description), min(description) FROM fixtures", corpus: corpus(work))
        guard let row = rows.first, row.count == 3 else { throw DriverFailure("no answer about the fixtures") }
        guard row[0] == "40" else { throw DriverFailure("the corpus holds \(row[0]) fixtures, not 40") }
        return row[1] == "1" ? String(row[2].suffix(1)) : "mixed"
    })

    /// `duet record --write` of the reference app into an empty corpus.
    static let recording = KillTarget(name: "record", kills: 30, startsFrom: "empty", prepare: { tools, work in
        try tools.duet(["--corpus", work.appendingPathComponent("empty.db").path, "corpus", "stats"], in: work).expect(0, "an empty corpus")
        try tools.restore(work.appendingPathComponent("empty.db"), to: corpus(work))
    }, round: { tools, work, _ in
        try? FileManager.default.removeItem(at: work.appendingPathComponent("parity"))
        try tools.restore(work.appendingPathComponent("empty.db"), to: corpus(work))
        return ["--corpus", corpus(work).path, "record", "--write", "--runner", tools.memoryLaneRunner]
    }, observe: { tools, work in
        // Each fixture file is written whole; a kill between two leaves part of the recording in the
        // tree, which the corpus follows ("partial"), and the next record completes it.
        let row = try tools.rows("SELECT (SELECT count(*) FROM fixtures), (SELECT count(*) FROM scenarios)", corpus: corpus(work)).first ?? []
        guard row.count == 2 else { throw DriverFailure("no answer about the recording") }
        return row == ["0", "0"] ? "empty" : row[1] != "0" && row[0] == Self.recordedFixtures ? "recorded" : "partial"
    })

    /// How many fixtures a whole recording of the reference app holds: what its seed holds.
    static let recordedFixtures: String = {
        let seed = (try? String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("corpus.db.seed"), encoding: .utf8)) ?? ""
        return String(seed.components(separatedBy: "\n").filter { $0.hasPrefix("INSERT INTO \"fixtures\" VALUES(") }.count)
    }()

    /// `duet ledger sync` switching a manifest of 800 island entries between two generations.
    static let ledgerSync = KillTarget(name: "ledger sync", kills: 30, prepare: { tools, work in
        for generation in Generations.names {
            try Generations.writeManifest(generation, islands: 800, to: work.appendingPathComponent("\(generation).yaml"))
        }
        try tools.duet(["--corpus", corpus(work).path, "ledger", "sync", "--manifest", work.appendingPathComponent("A.yaml").path], in: work)
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
        try tools.duet(["--corpus", loaded.path, "corpus", "load", tools.seed.path], in: work).expect(0, "loading the seed")
        try tools.duet(["--corpus", loaded.path, "export", work.appendingPathComponent("fixtures").path], in: work).expect(0, "exporting the seed")
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
        let again = try tools.duet(["--corpus", corpus(work).path, "corpus", "migrate"], in: work)
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
        let kills = quick ? max(5, target.kills / 6) : target.kills
        var report = Report(name: "kill \(target.name)")
        var finishedFirst = 0, changed = 0, partial = 0, reported = 0
        var strayAfterKill = 0, killsLeavingStrays = 0
        var violations: [String] = []
        let started = Date()
        for round in 1...kills {
            let before = target.startsFrom ?? state
            let arguments = try target.round(tools, work, before)
            let outcome = try ProcessOutcome.kill([tools.duet] + arguments, in: work, after: Double.random(in: 0...span))
            if outcome.finishedFirst { finishedFirst += 1 }
            let left = StrayFiles.find(in: work.appendingPathComponent("parity"))
            strayAfterKill += left.count
            if !left.isEmpty { killsLeavingStrays += 1 }
            var observed = before
            do {
                state = try target.observe(tools, work)
                observed = state
                // The verb reports on stdout only once its change is committed: then it must have lasted, whole.
                if !outcome.stdout.isEmpty && (state == before || KillTarget.partialStates.contains(state)) {
                    throw DriverFailure("the run reported its change before the kill, but the corpus holds \(state)")
                }
                if !outcome.stdout.isEmpty { reported += 1 }
                if let repair = target.repair { state = try repair(tools, work) }
                let check = try tools.duet(["--corpus", KillTarget.corpus(work).path, "corpus", "check"], in: work)
                if check.status != 0 { throw DriverFailure("corpus check exits \(check.status): \(check.stdout)\(check.stderr)") }
                try tools.treeAgreesWithCorpus(in: work, corpus: KillTarget.corpus(work))
                // The verbs after the kill synced the tree: what the kill left is swept.
                let stays = StrayFiles.find(in: work.appendingPathComponent("parity"))
                if !stays.isEmpty { throw DriverFailure("after the next verbs \(stays.count) stray file(s) stay in parity/: \(stays.prefix(3).joined(separator: ", "))") }
            } catch {
                violations.append("kill \(round): \(error)")
                break
            }
            if KillTarget.partialStates.contains(observed) { partial += 1 } else if observed != before { changed += 1 }
        }
        report.figures = [
            "\(kills) kills at random points of \(duration(span)) (an unkilled run takes \(duration(unkilled.min()!))–\(duration(unkilled.max()!))); \(finishedFirst) runs ended before their kill",
            "after each: corpus check held and the corpus agreed with the tree \(kills - violations.count)/\(kills); the run's change was whole in \(changed) "
                + "(\(reported) had reported it: all kept), absent in \(kills - changed - partial - violations.count), in part of the files of record in \(partial)",
            "temporary files in parity/: \(strayAfterKill) left by \(killsLeavingStrays) of the \(kills) kills, "
                + "\(violations.contains { $0.contains("stray file") } ? "some" : "0") left after the next verb",
            "\(duration(Date().timeIntervalSince(started))) for the kills",
        ]
        report.violations = violations
        if FileManager.default.fileExists(atPath: work.appendingPathComponent("parity/fixtures").path) {
            do { report.figures.append(try sweepControl(work)) } catch { report.violations.append("sweep control: \(error)") }
        }
        return report
    }

    /// Shows the count can fail: a temporary file of a process that is gone, planted in the tree,
    /// is seen and then swept by the next verb; one of a process still running (this driver) is seen and stays.
    private func sweepControl(_ work: URL) throws -> String {
        let gone = Process.configured(["/bin/true"], in: work, environment: [:])
        try gone.run()
        gone.waitUntilExit()
        let fixtures = work.appendingPathComponent("parity/fixtures")
        let dead = fixtures.appendingPathComponent(".planted.fixture.json.duet-\(gone.processIdentifier)-1.tmp")
        let live = fixtures.appendingPathComponent(".planted.fixture.json.duet-\(getpid())-2.tmp")
        for file in [dead, live] { try Data("{".utf8).write(to: file) }
        defer { try? FileManager.default.removeItem(at: live) }
        let seen = StrayFiles.find(in: work.appendingPathComponent("parity")).count
        guard seen == 2 else { throw DriverFailure("2 planted temporary files, \(seen) seen") }
        try tools.duet(["--corpus", KillTarget.corpus(work).path, "corpus", "check"], in: work).expect(0, "the verb after planting")
        let left = StrayFiles.find(in: work.appendingPathComponent("parity"))
        guard left == ["fixtures/" + live.lastPathComponent] else { throw DriverFailure("after the next verb: \(left)") }
        return "control: a planted temporary file of a gone process is seen and swept by the next verb; one of a running process is seen and kept"
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

/// Files under a tree's `parity/` that no verb put there to keep: temporary files of a write
/// (`.NAME.duet-PID-N.tmp`) and any other hidden file beside the files of record (the
/// `.pending` folder and what it holds are the tree's own).
enum StrayFiles {
    static func find(in parity: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: parity.path) else { return [] }
        var found: [String] = []
        while let path = walker.nextObject() as? String {
            let name = (path as NSString).lastPathComponent
            guard name.hasPrefix(".") else { continue }
            if path == ".pending" { continue }
            if name.contains(".duet-") && name.hasSuffix(".tmp") || !path.hasPrefix(".pending/") { found.append(path) }
        }
        return found
    }
}
