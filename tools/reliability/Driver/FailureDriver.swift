import Foundation

/// Verbs that fail, each for one cause: the exit code must be the cause's (2 bad input, 3 the
/// environment), the message plain (no SQLite or Foundation text), and nothing left behind — no
/// milestone file, no stored run, no folder made. The read-only and full-disk cases run on a
/// small tmpfs, so they need root; without it they are reported as not run.
struct FailureDriver {
    let tools: Workspace
    let quick: Bool

    /// Text that must never reach a user.
    static let raw = ["SQLite error", "Error Domain", "NSCocoa", "disk I/O error", "unable to open database", "constraint failed", "File name too long"]

    struct Case {
        var name: String
        var arguments: [String]
        var exit: Int32
        /// What stderr must say; empty: nothing asked of it (an answer).
        var says: String
        /// Throws when something was left behind.
        var after: (() throws -> Void)? = nil
    }

    func run() throws -> Report {
        let work = try tools.folder("failures")
        let tree = try tools.referenceTree(in: work, named: "tree")
        var report = Report(name: "failures by cause")
        try tools.duet(["verify", "--results", "good.json"], in: tree).expect(0, "the control verify")
        let runs = { try self.tools.rows("SELECT count(*) FROM runs", corpus: tree.appendingPathComponent("corpus.db")).first?.first ?? "?" }
        let storedRuns = try runs()
        let good = try String(contentsOf: tree.appendingPathComponent("good.json"), encoding: .utf8)
        try Data(good.replacingOccurrences(of: #""status": "passed""#, with: #""status": "exploded""#).utf8).write(to: tree.appendingPathComponent("exploded.json"))
        guard let steps = good.range(of: #""stepsRun": [0-9]+"#, options: .regularExpression) else { throw DriverFailure("good.json has no stepsRun") }
        try Data(good.replacingCharacters(in: steps, with: #""stepsRun": -5"#).utf8).write(to: tree.appendingPathComponent("negative.json"))
        try Data().write(to: work.appendingPathComponent("empty.seed"))
        let foreign = work.appendingPathComponent("etc")
        try FileManager.default.createDirectory(at: foreign, withIntermediateDirectories: true)
        try Data("root:x:0:0\n".utf8).write(to: foreign.appendingPathComponent("passwd"))
        let sample = try sampleTree(in: work)
        let sampleRunner = tools.bin.appendingPathComponent("duet-sample-runner").path

        func nothingStored(_ what: String) -> () throws -> Void {
            { if try runs() != storedRuns { throw DriverFailure("\(what): a run was stored") } }
        }
        func absent(_ path: URL) -> () throws -> Void {
            { if FileManager.default.fileExists(atPath: path.path) { throw DriverFailure("\(path.lastPathComponent) was left") } }
        }
        var cases: [(URL, Case)] = [
            (tree, Case(name: "milestone --out into a missing folder", arguments: ["milestone", "beta-1", "--out", "missing/report.md"], exit: 2,
                        says: "does not exist", after: { try absent(tree.appendingPathComponent("parity/milestones/beta-1.json"))(); try nothingStored("milestone")() })),
            (tree, Case(name: "verify --junit into a missing folder", arguments: ["verify", "--junit", "missing/verify.xml"], exit: 2,
                        says: "does not exist", after: nothingStored("verify --junit"))),
            (tree, Case(name: "verify --results into a missing folder", arguments: ["verify", "--results", "missing/results.json"], exit: 2,
                        says: "does not exist", after: { try absent(tree.appendingPathComponent("missing"))(); try nothingStored("verify --results")() })),
            (tree, Case(name: "runs import of \"status\": \"exploded\"", arguments: ["runs", "import", "exploded.json"], exit: 2,
                        says: "is not passed or failed", after: nothingStored("runs import"))),
            (tree, Case(name: "runs import of \"stepsRun\": -5", arguments: ["runs", "import", "negative.json"], exit: 2, says: "stepsRun",
                        after: nothingStored("runs import"))),
            (work, Case(name: "an empty seed", arguments: ["--corpus", work.appendingPathComponent("other.db").path, "corpus", "load", "empty.seed"],
                        exit: 2, says: "holds no corpus", after: absent(work.appendingPathComponent("other.db")))),
            (sample, Case(name: "a 306-byte scenario name", arguments: ["record", "--runner", "'\(sampleRunner)' --odd-scenario long-name"], exit: 2,
                          says: "306 bytes long")),
            (sample, Case(name: "two scenarios named tally", arguments: ["record", "--runner", "'\(sampleRunner)' --odd-scenario duplicate"], exit: 2,
                          says: "two scenarios are named")),
            (sample, Case(name: "a scenario name with U+202E", arguments: ["record", "--runner", "'\(sampleRunner)' --odd-scenario bidi"], exit: 2,
                          says: #"\u{202E}"#)),
            (tree, Case(name: "query sql BEGIN", arguments: ["query", "sql", "BEGIN"], exit: 2, says: "one read statement")),
            (tree, Case(name: "query sql --timeout 1e309", arguments: ["query", "sql", "SELECT 1", "--timeout", "1e309"], exit: 2, says: "at most 86400")),
            (tree, Case(name: "export into a folder of other files", arguments: ["export", foreign.path], exit: 2, says: "holds other files",
                        after: { if try FileManager.default.contentsOfDirectory(atPath: foreign.path) != ["passwd"] { throw DriverFailure("the folder changed") } })),
        ]
        for (name, shown) in [("beta\u{7F}1", #"\u{7F}"#), ("beta\u{2028}1", #"\u{2028}"#), ("beta%1", "beta%1")] {
            cases.append((tree, Case(name: "milestone \(shown)", arguments: ["milestone", name], exit: 2, says: shown,
                                     after: { try absent(tree.appendingPathComponent("parity/milestones"))(); try nothingStored("milestone")() })))
        }
        for (folder, item) in cases { judge(item, in: folder, into: &report) }

        let empty = try tools.referenceTree(in: work, named: "empty-corpus")
        try Data().write(to: empty.appendingPathComponent("corpus.db"))
        let rebuilt = try tools.duet(["query", "fixtures"], in: empty)
        let notice = rebuilt.stderr.contains("was empty (0 bytes)")
        if rebuilt.status != 0 || !notice { report.violations.append("a 0-byte corpus.db: exit \(rebuilt.status), \(notice ? "" : "no notice: ")\(rebuilt.stderr.prefix(200))") }
        report.figures.append("a 0-byte corpus.db: exit \(rebuilt.status), rebuilt from the seed with a notice")
        try smallDisk(work, into: &report)
        return report
    }

    private func judge(_ item: Case, in folder: URL, into report: inout Report) {
        do {
            let run = try tools.duet(item.arguments, in: folder)
            var problems: [String] = []
            if run.status != item.exit { problems.append("exit \(run.status), expected \(item.exit)") }
            if !item.says.isEmpty && !run.stderr.contains(item.says) { problems.append("does not say \"\(item.says)\"") }
            if let raw = Self.raw.first(where: run.stderr.contains) { problems.append("raw text reached the user (\(raw))") }
            do { try item.after?() } catch { problems.append("\(error)") }
            let lines = run.stderr.split(separator: "\n").map { $0.replacingOccurrences(of: tools.root.path, with: "…") }
            let message = String((lines.first { $0.contains(item.says) } ?? lines.last ?? "").prefix(120))
            report.figures.append("\(item.name): exit \(run.status) — \(message)" + (problems.isEmpty ? "" : "  FAILS"))
            report.violations += problems.map { "\(item.name): \($0): \(run.stderr.prefix(200))" }
        } catch {
            report.violations.append("\(item.name): \(error)")
        }
    }

    /// The read-only and full-disk cases, on a tmpfs.
    private func smallDisk(_ work: URL, into report: inout Report) throws {
        guard let disk = TmpfsDisk(at: work.appendingPathComponent("small"), megabytes: 8) else {
            report.figures.append("read-only folder and full disk: not run (mounting a tmpfs needs root)")
            return
        }
        defer { disk.unmount() }
        let tree = try tools.referenceTree(in: disk.folder, named: "tree")
        // Stored first, so the milestones below need no gate of their own (a drill may find something: exit 1).
        try tools.duet(["verify"], in: tree).expect(0, "verify on the small disk")
        let drill = try tools.duet(["drill", "restore"], in: tree)
        guard drill.status < 2 else { throw DriverFailure("the drill on the small disk exits \(drill.status): \(drill.stderr.prefix(200))") }
        let verbs: [[String]] = [["census"], ["query", "sql", "SELECT count(*) FROM fixtures"], ["milestone", "--list"], ["show", "splash.finds-none"],
                                 ["verify"], ["milestone", "beta-1"]]
        disk.fill(leavingKilobytes: 0)
        for arguments in verbs {
            judge(Case(name: "full disk: \(arguments.joined(separator: " "))", arguments: arguments, exit: 3, says: "the disk is full"), in: tree, into: &report)
        }
        disk.emptyFiller()
        // Room for the milestone's file but not, at some level, for its transaction: no level may leave the file.
        var stopped = 0, levels = 0, wholeAfter = 0
        for kilobytes in stride(from: 8, through: 256, by: quick ? 32 : 8) {
            levels += 1
            disk.fill(leavingKilobytes: kilobytes)
            let name = "m\(kilobytes)"
            let run = try tools.duet(["milestone", name], in: tree)
            if run.status == 3 {
                stopped += 1
                if FileManager.default.fileExists(atPath: tree.appendingPathComponent("parity/milestones/\(name).json").path) {
                    report.violations.append("milestone with \(kilobytes) KB free: exit 3 left parity/milestones/\(name).json")
                }
            }
            disk.emptyFiller()
            // A checkpoint the full disk cut short is no damage: with room again, the corpus checks whole.
            let check = try tools.duet(["corpus", "check"], in: tree)
            if check.status != 0 || check.stderr.contains("damaged") || FileManager.default.fileExists(atPath: tree.appendingPathComponent("corpus.db.damaged").path) {
                report.violations.append("after milestone with \(kilobytes) KB free: corpus check exits \(check.status), taken for damage: \((check.stdout + check.stderr).prefix(200))")
            } else { wholeAfter += 1 }
        }
        report.figures.append("milestone on a disk left with 8–256 KB free, \(levels) levels: \(stopped) stopped with exit 3, none left its file; "
                              + "with room again corpus check held after \(wholeAfter)/\(levels) (a cut-short checkpoint is not damage)")
        disk.remountReadOnly()
        // A question the index answers as it is (the tree unchanged since its last sync) needs no write:
        // it answers. A verb that stores something (census keeps its result) stops, naming the folder.
        let answers: Set<[String]> = [["query", "sql", "SELECT count(*) FROM fixtures"], ["milestone", "--list"], ["show", "splash.finds-none"]]
        for arguments in verbs + [["record"]] {
            let name = "read-only folder: \(arguments.joined(separator: " "))"
            judge(answers.contains(arguments) ? Case(name: name, arguments: arguments, exit: 0, says: "")
                                              : Case(name: name, arguments: arguments, exit: 3, says: "the folder is read-only"),
                  in: tree, into: &report)
        }
    }

    /// A tree of the sample app (its runner carries the odd scenarios).
    private func sampleTree(in folder: URL) throws -> URL {
        let tree = folder.appendingPathComponent("sample")
        let runner = tools.bin.appendingPathComponent("duet-sample-runner").path
        guard FileManager.default.isExecutableFile(atPath: runner) else { throw DriverFailure("\(runner) is not built — run `swift build` first") }
        try FileManager.default.createDirectory(at: tree.appendingPathComponent("parity"), withIntermediateDirectories: true)
        try Data("runners:\n  swift: '\(runner)'\n".utf8).write(to: tree.appendingPathComponent("parity/manifest.yaml"))
        try tools.duet(["record"], in: tree).expect(0, "recording the sample app")
        return tree
    }
}

/// A tmpfs of a few megabytes on a fresh folder, to fill or make read-only; nil without root.
struct TmpfsDisk {
    let folder: URL
    private var filler: String { folder.appendingPathComponent(".filler").path }

    init?(at folder: URL, megabytes: Int) {
        self.folder = folder
        guard getuid() == 0, (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil,
              Self.sh("mount -t tmpfs -o size=\(megabytes)m tmpfs '\(folder.path)'") == 0 else { return nil }
    }

    func fill(leavingKilobytes: Int) {
        var facts = statvfs()
        guard statvfs(folder.path, &facts) == 0 else { return }
        let size = max(0, Int(facts.f_bavail) * Int(facts.f_frsize) - leavingKilobytes * 1024)
        Self.sh("head -c \(size) /dev/zero >> '\(filler)' 2>/dev/null")
    }

    func emptyFiller() { unlink(filler) }
    func remountReadOnly() { Self.sh("mount -o remount,ro '\(folder.path)'") }
    func unmount() { Self.sh("umount '\(folder.path)'") }

    @discardableResult
    static func sh(_ command: String) -> Int32 {
        (try? ProcessOutcome.run(["/bin/sh", "-c", command], in: URL(fileURLWithPath: "/")).status) ?? -1
    }
}
