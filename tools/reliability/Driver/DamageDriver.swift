import Foundation

/// A byte flipped in a page no write verb reads first (a leaf of `blobs`, the largest table), then
/// each write verb: outside any tree it must stop with exit 3 naming the damage and leave the file
/// byte for byte as it was (so no run is stored); inside its tree the damaged file is moved aside
/// untouched (`corpus.db.damaged`, byte for byte the damaged file) and the verb runs on the index
/// rebuilt from the tree. Then a disk filled during a checkpoint: no damage.
struct DamageDriver {
    let tools: Workspace
    let quick: Bool

    func run() throws -> Report {
        let work = try tools.folder("damage")
        let tree = try tools.referenceTree(in: work, named: "tree")
        try tools.duet(["verify", "--results", work.appendingPathComponent("results.json").path], in: tree).expect(0, "the first verify")
        try Generations.writeManifest("A", islands: 20, to: work.appendingPathComponent("ledger.yaml"))
        try Generations.writeFixtures("A", fixtures: 3, steps: 4, to: work.appendingPathComponent("more"))
        let corpus = tree.appendingPathComponent("corpus.db")
        let fixtures = tree.appendingPathComponent("parity/fixtures"), keptFixtures = work.appendingPathComponent("fixtures")
        try FileManager.default.copyItem(at: fixtures, to: keptFixtures)
        let pristine = work.appendingPathComponent("pristine.db")
        try tools.restore(corpus, to: pristine)
        // For the verbs outside any tree: a corpus whose tree is gone (a tree's own corpus refuses a verb run elsewhere).
        let gone = work.appendingPathComponent("gone")
        try FileManager.default.copyItem(at: tree, to: gone)
        try tools.duet(["query", "fixtures"], in: gone).expect(0, "the copied tree's sync")
        let loosePristine = work.appendingPathComponent("loose-pristine.db")
        try tools.restore(gone.appendingPathComponent("corpus.db"), to: loosePristine)
        try FileManager.default.removeItem(at: gone)
        let page = try Self.leafPage(of: "blobs", in: pristine, work: work)
        let damaged = work.appendingPathComponent("damaged.db")
        try tools.restore(pristine, to: damaged)
        try Self.flip(page: page, of: damaged)
        let damagedBytes = try Data(contentsOf: damaged)
        let looseDamaged = work.appendingPathComponent("loose-damaged.db")
        try tools.restore(loosePristine, to: looseDamaged)
        let loosePage = try Self.leafPage(of: "blobs", in: loosePristine, work: work)
        try Self.flip(page: loosePage, of: looseDamaged)
        let looseBytes = try Data(contentsOf: looseDamaged)

        var report = Report(name: "damage before write")
        // The flip is damage: corpus check names the page.
        let check = try tools.duet(["--corpus", damaged.path, "corpus", "check"], in: work)
        if check.status != 1 || !check.stdout.contains("page \(page)") { report.violations.append("corpus check of the flipped file: exit \(check.status): \(check.stdout.prefix(200))") }
        try tools.restore(pristine, to: damaged)
        try Self.flip(page: page, of: damaged)

        let verbs: [(String, [String])] = [
            ("verify", ["verify", "--runner", tools.memoryLaneRunner]),
            ("import", ["import", work.appendingPathComponent("more").path]),
            ("record", ["record", "--write", "--feature", "memorydetail", "--runner", tools.memoryLaneRunner]),
            ("milestone", ["milestone", "m1"]),
            ("ledger sync", ["ledger", "sync", "--manifest", work.appendingPathComponent("ledger.yaml").path]),
            ("runs import", ["runs", "import", work.appendingPathComponent("results.json").path]),
        ]
        // Outside any tree: the corpus copied out of its tree, whose tree is then gone.
        let loose = try tools.folder("damage-loose"), cwd = try tools.folder("damage-cwd")
        var stopped = 0
        for (name, arguments) in verbs {
            let file = loose.appendingPathComponent("corpus.db")
            try tools.restore(looseDamaged, to: file)
            let cwdBefore = try Snapshot(cwd)
            let run = try tools.duet(["--corpus", file.path] + arguments, in: cwd)
            var problems: [String] = []
            if run.status != 3 { problems.append("exit \(run.status), expected 3") }
            if !run.stderr.contains("page \(loosePage)") { problems.append("does not name the damage") }
            if try Data(contentsOf: file) != looseBytes { problems.append("wrote into the damaged file before reporting it") }
            if FileManager.default.fileExists(atPath: file.path + "-wal"), (try? Data(contentsOf: URL(fileURLWithPath: file.path + "-wal")).count) ?? 0 > 0 {
                problems.append("left a WAL with frames beside it")
            }
            if let change = cwdBefore.change(now: try Snapshot(cwd)) { problems.append("the working folder: \(change)") }
            if let raw = FailureDriver.raw.first(where: run.stderr.contains) { problems.append("raw text (\(raw))") }
            if problems.isEmpty { stopped += 1 }
            report.violations += problems.map { "outside a tree, \(name): \($0): \(run.stderr.prefix(200))" }
        }
        report.figures.append("page \(page) of \(damagedBytes.count / 16_384) flipped (a leaf of blobs); corpus check names it (exit \(check.status))")
        report.figures.append("outside any tree: \(stopped)/\(verbs.count) write verbs (\(verbs.map(\.0).joined(separator: ", "))) stopped with exit 3 naming the damage, "
                              + "the file byte for byte as damaged")

        // Inside the tree: moved aside untouched, rebuilt from the tree, the verb answers.
        var rebuilt = 0
        for (name, arguments) in verbs {
            try tools.restore(damaged, to: corpus)
            for suffix in [".damaged", "-damage"] { try? FileManager.default.removeItem(atPath: corpus.path + suffix) }
            try? FileManager.default.removeItem(at: tree.appendingPathComponent("parity/milestones"))
            try FileManager.default.removeItem(at: fixtures)
            try FileManager.default.copyItem(at: keptFixtures, to: fixtures)
            let run = try tools.duet(arguments, in: tree)
            var problems: [String] = []
            if run.status >= 2 { problems.append("exit \(run.status)") }
            if !run.stderr.contains("was damaged") { problems.append("does not say the corpus was damaged") }
            let aside = URL(fileURLWithPath: corpus.path + ".damaged")
            if (try? Data(contentsOf: aside)) != damagedBytes { problems.append("corpus.db.damaged is not the damaged file byte for byte") }
            let held = try tools.duet(["corpus", "check"], in: tree)
            if held.status != 0 { problems.append("corpus check of the rebuilt corpus exits \(held.status)") }
            if problems.isEmpty { rebuilt += 1 }
            report.violations += problems.map { "inside the tree, \(name): \($0): \(run.stderr.prefix(200))" }
        }
        report.figures.append("inside its tree: \(rebuilt)/\(verbs.count) write verbs moved the damaged file aside untouched, rebuilt the index from the tree and ran; corpus check holds after")
        report.figures.append(try negativeControl(damaged: damaged, bytes: damagedBytes, work: work))
        return report
    }

    /// Shows the byte comparison can fail: a write that skips the whole-file check (the stock
    /// `sqlite3` shell) changes the damaged file, and the comparison sees it.
    private func negativeControl(damaged: URL, bytes: Data, work: URL) throws -> String {
        let copy = work.appendingPathComponent("control.db")
        try tools.restore(damaged, to: copy)
        _ = try ProcessOutcome.run(["/usr/bin/sqlite3", copy.path, "INSERT INTO corpus_meta(key, value) VALUES ('control', 'x');"], in: work)
        guard try Data(contentsOf: copy) != bytes else { throw DriverFailure("negative control: a write without the check went unseen") }
        return "negative control: a write that skips the check (the sqlite3 shell) changes the damaged file, and the comparison sees it"
    }

    /// The last leaf page of `table` (read with the stock shell's `dbstat`).
    static func leafPage(of table: String, in file: URL, work: URL) throws -> Int {
        let run = try ProcessOutcome.run(["/usr/bin/sqlite3", "-readonly", file.path,
                                          "SELECT max(pageno) FROM dbstat WHERE name = '\(table)' AND pagetype = 'leaf';"], in: work)
        guard run.status == 0, let page = Int(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), page > 1 else {
            throw DriverFailure("no leaf page of \(table): \(run.stdout)\(run.stderr)")
        }
        return page
    }

    /// Flips one bit in the middle of `page` (1-based, 16 KiB pages).
    static func flip(page: Int, of file: URL) throws {
        let handle = try FileHandle(forUpdating: file)
        defer { try? handle.close() }
        let offset = UInt64((page - 1) * 16_384 + 4_000)
        try handle.seek(toOffset: offset)
        var byte = try handle.read(upToCount: 1) ?? Data([0])
        byte[0] ^= 0x04
        try handle.seek(toOffset: offset)
        try handle.write(contentsOf: byte)
    }
}
