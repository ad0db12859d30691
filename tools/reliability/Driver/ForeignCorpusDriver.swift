import Foundation

/// Files that are not a corpus, each given as `--corpus` to every read and write verb: each verb
/// must refuse it (exit 2; a 0-byte file is treated as missing, as promised), leave it byte for byte
/// as it was with nothing beside it (`-wal`, `-shm`, `-journal`, `-damage`, `.loading`), and give no
/// advice that would overwrite it. Then a corpus that follows one tree, named with `--corpus` from
/// inside another: refused before either tree is written.
struct ForeignCorpusDriver {
    let tools: Workspace
    let quick: Bool

    /// Files SQLite or duet may leave beside a database it opened.
    static let siblings = ["-wal", "-shm", "-journal", "-damage", ".loading", ".damaged"]
    /// Advice that would overwrite or remove the user's file.
    static let overwritingAdvice = ["--discard-local", "`duet corpus load", "rm ", "delete it"]

    func run() throws -> Report {
        let work = try tools.folder("foreign")
        let outside = try tools.folder("foreign-cwd")
        let files = try makeForeignFiles(in: work)
        let fixtures = work.appendingPathComponent("fixtures")
        try tools.duet(["--corpus", work.appendingPathComponent("real.db").path, "corpus", "load", tools.seed.path], in: outside)
            .expect(0, "loading the reference corpus")
        try tools.duet(["--corpus", work.appendingPathComponent("real.db").path, "export", fixtures.path], in: outside).expect(0, "exporting it")
        let seed = work.appendingPathComponent("one.seed")
        try FileManager.default.copyItem(at: tools.seed, to: seed)
        let manifest = work.appendingPathComponent("manifest.yaml")
        try Data("presentation:\n  islands: []\n".utf8).write(to: manifest)
        let verbs = Self.verbs(fixtures: fixtures, seed: seed, manifest: manifest, out: work.appendingPathComponent("out"), runner: tools.memoryLaneRunner)

        var report = Report(name: "foreign --corpus")
        // Control: the real corpus answers every read verb, so a refusal below is about the file.
        var controlFailures: [String] = []
        for verb in verbs where verb.reads {
            let run = try tools.duet(["--corpus", work.appendingPathComponent("real.db").path] + verb.arguments, in: outside)
            if run.status >= 2 { controlFailures.append("\(verb.arguments.prefix(2).joined(separator: " ")) exits \(run.status)") }
        }
        report.violations += controlFailures.map { "control: the reference corpus: \($0)" }
        for verb in verbs { try? FileManager.default.removeItem(at: verb.output) }

        var runs = 0, refused = 0, unchanged = 0
        var codes: [String: Set<Int32>] = [:]
        for file in files {
            for verb in verbs {
                runs += 1
                let before = try Snapshot(file.url)
                let run = try tools.duet(["--corpus", file.url.path] + verb.arguments, in: outside)
                let label = "\(file.name) × \(verb.arguments.prefix(2).joined(separator: " "))"
                codes[file.name, default: []].insert(run.status)
                var problems: [String] = []
                let expected = verb.arguments.starts(with: ["corpus", "check"]) && file.expected == [3] ? [1] : file.expected
                if expected.contains(run.status) { refused += 1 } else { problems.append("exit \(run.status), expected \(expected.sorted())") }
                if let change = try before.change(now: Snapshot(file.url)) { problems.append(change) } else { unchanged += 1 }
                if let advice = Self.overwritingAdvice.first(where: run.stderr.contains) { problems.append("advice that would overwrite it (\(advice))") }
                if let raw = FailureDriver.raw.first(where: run.stderr.contains) { problems.append("raw text (\(raw))") }
                if FileManager.default.fileExists(atPath: verb.output.path) { problems.append("it wrote \(verb.output.lastPathComponent)") }
                report.violations += problems.map { "\(label): \($0): \(run.stderr.prefix(160))" }
                try file.reset()
                try? FileManager.default.removeItem(at: verb.output)
            }
        }
        let byFile = files.map { "\($0.name) \(codes[$0.name, default: []].sorted().map(String.init).joined(separator: "/"))" }.joined(separator: ", ")
        report.figures.append("\(files.count) foreign files × \(verbs.count) verbs (\(verbs.filter(\.reads).count) read, \(verbs.filter { !$0.reads }.count) write): "
                              + "\(refused)/\(runs) refused with their code, \(unchanged)/\(runs) left byte for byte with nothing beside them; exits: \(byFile)")
        report.figures.append("control: the reference corpus answers all \(verbs.filter(\.reads).count) read verbs (\(controlFailures.count) failed)")
        report.figures.append(try detectorControl(work))
        try corpusOfAnotherTree(work, into: &report)
        // A 0-byte file holds nothing to lose: it is taken as no file, and the verb says so.
        let empty = work.appendingPathComponent("empty.db")
        try Data().write(to: empty)
        let made = try tools.duet(["--corpus", empty.path, "query", "fixtures"], in: outside)
        if made.status != 0 || !made.stderr.contains("was empty (0 bytes)") { report.violations.append("a 0-byte --corpus: exit \(made.status) \(made.stderr.prefix(160))") }
        report.figures.append("a 0-byte file as --corpus: exit \(made.status), made a new corpus with the notice (it held nothing to lose)")
        return report
    }

    /// Shows the comparison can fail: a stock client's `PRAGMA journal_mode=WAL` on the rollback
    /// database (what `census` did before) is seen as a change.
    private func detectorControl(_ work: URL) throws -> String {
        let file = work.appendingPathComponent("control.db")
        _ = try ProcessOutcome.run(["/usr/bin/sqlite3", file.path, "CREATE TABLE t(x); INSERT INTO t VALUES (1);"], in: work)
        let before = try Snapshot(file)
        _ = try ProcessOutcome.run(["/usr/bin/sqlite3", file.path, "PRAGMA journal_mode=WAL;"], in: work)
        guard let change = try before.change(now: Snapshot(file)) else { throw DriverFailure("negative control: a WAL switch went unseen") }
        return "negative control: a stock client's WAL switch of the rollback database is seen (\(change))"
    }

    /// A corpus made in tree A, named with `--corpus` from inside tree B: `import` is refused
    /// before either tree's files (or the corpus) change.
    private func corpusOfAnotherTree(_ work: URL, into report: inout Report) throws {
        let first = try tools.folder("foreign-tree-a"), second = try tools.folder("foreign-tree-b")
        let source = work.appendingPathComponent("fixtures")
        for tree in [first, second] {
            try FileManager.default.createDirectory(at: tree.appendingPathComponent("parity"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: source, to: tree.appendingPathComponent("parity/fixtures"))
        }
        try tools.duet(["query", "fixtures"], in: first).expect(0, "the first tree's sync")
        let generation = work.appendingPathComponent("generation")
        try Generations.writeFixtures("A", fixtures: 5, steps: 4, to: generation)
        let corpus = first.appendingPathComponent("corpus.db")
        let before = try [first, second].map { try Snapshot($0.appendingPathComponent("parity/fixtures")) }
        let corpusBefore = try Data(contentsOf: corpus)
        for arguments in [["import", generation.path], ["query", "fixtures"]] {
            let run = try tools.duet(["--corpus", corpus.path] + arguments, in: second)
            var problems: [String] = []
            if run.status != 2 { problems.append("exit \(run.status), expected 2") }
            if !run.stderr.contains("follows the tree at") { problems.append("does not name the tree it follows") }
            for (index, snapshot) in before.enumerated() {
                if let change = try snapshot.change(now: Snapshot([first, second][index].appendingPathComponent("parity/fixtures"))) {
                    problems.append("tree \(index == 0 ? "A" : "B"): \(change)")
                }
            }
            if try Data(contentsOf: corpus) != corpusBefore { problems.append("the corpus changed") }
            report.violations += problems.map { "--corpus of tree A from tree B, \(arguments[0]): \($0): \(run.stderr.prefix(160))" }
            report.figures.append("--corpus of tree A from inside tree B, \(arguments.joined(separator: " ").replacingOccurrences(of: work.path, with: "…")): exit \(run.status), "
                                  + "both trees and the corpus \(problems.isEmpty ? "unchanged" : "CHANGED")")
        }
    }

    struct Foreign {
        var name: String
        var url: URL
        var expected: Set<Int32>
        var reset: () throws -> Void
    }

    struct Verb {
        var arguments: [String]
        var reads: Bool
        /// A file or folder the verb would make; it must not appear.
        var output: URL
    }

    static func verbs(fixtures: URL, seed: URL, manifest: URL, out: URL, runner: String) -> [Verb] {
        let none = out.appendingPathComponent("none")
        return [
            Verb(arguments: ["census"], reads: true, output: none),
            Verb(arguments: ["query", "sql", "SELECT count(*) FROM fixtures"], reads: true, output: none),
            Verb(arguments: ["query", "kinds"], reads: true, output: none),
            Verb(arguments: ["query", "fixtures"], reads: true, output: none),
            Verb(arguments: ["query", "touches", "capture.slot.camera"], reads: true, output: none),
            Verb(arguments: ["show", "splash.finds-none"], reads: true, output: none),
            Verb(arguments: ["corpus", "stats"], reads: true, output: none),
            Verb(arguments: ["corpus", "check"], reads: true, output: none),
            Verb(arguments: ["corpus", "dump", "--output", out.path + ".seed"], reads: true, output: URL(fileURLWithPath: out.path + ".seed")),
            Verb(arguments: ["export", out.path], reads: true, output: out),
            Verb(arguments: ["milestone", "--list"], reads: true, output: none),
            Verb(arguments: ["import", fixtures.path], reads: false, output: none),
            Verb(arguments: ["ledger", "sync", "--manifest", manifest.path], reads: false, output: none),
            Verb(arguments: ["milestone", "m1"], reads: false, output: none),
            Verb(arguments: ["corpus", "migrate"], reads: false, output: none),
            Verb(arguments: ["corpus", "load", seed.path], reads: false, output: none),
            Verb(arguments: ["verify", "--runner", runner], reads: false, output: none),
        ]
    }

    /// The foreign files: text, YAML, SQLite databases of another program (rollback and WAL), a
    /// corpus cut short, an empty file, a folder.
    private func makeForeignFiles(in work: URL) throws -> [Foreign] {
        let originals = try tools.folder("foreign-originals")
        func plain(_ name: String, _ text: String) throws -> URL {
            let url = originals.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            return url
        }
        func database(_ name: String, wal: Bool) throws -> URL {
            let url = originals.appendingPathComponent(name)
            let sql = (wal ? "PRAGMA journal_mode=WAL; " : "") + "CREATE TABLE notes(id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes(body) VALUES ('mine');"
            try ProcessOutcome.run(["/usr/bin/sqlite3", url.path, sql], in: work).expect(0, "making \(name)")
            return url
        }
        let real = originals.appendingPathComponent("whole.db")
        try tools.duet(["--corpus", real.path, "corpus", "load", tools.seed.path], in: work).expect(0, "a corpus to cut short")
        let whole = try Data(contentsOf: real)
        let truncated = originals.appendingPathComponent("truncated.db")
        try whole.prefix(whole.count / 3).write(to: truncated)
        let sources: [(String, URL, Set<Int32>)] = [
            ("text", try plain("notes.txt", "my notes\nnot a corpus\n"), [2]),
            ("yaml", try plain("config.yaml", "name: mine\nitems: [1, 2]\n"), [2]),
            ("sqlite (rollback)", try database("other.db", wal: false), [2]),
            ("sqlite (WAL)", try database("other-wal.db", wal: true), [2]),
            // duet's own header: its damage is a damaged corpus, the environment (for corpus check, its finding: exit 1).
            ("truncated corpus", truncated, [3]),
        ]
        var files: [Foreign] = []
        for (name, original, expected) in sources {
            let url = work.appendingPathComponent(original.lastPathComponent)
            let reset = {
                for suffix in [""] + Self.siblings { try? FileManager.default.removeItem(atPath: url.path + suffix) }
                try FileManager.default.copyItem(at: original, to: url)
            }
            try reset()
            files.append(Foreign(name: name, url: url, expected: expected, reset: reset))
        }
        let folder = work.appendingPathComponent("a-folder")
        let resetFolder = {
            for suffix in Self.siblings { try? FileManager.default.removeItem(atPath: folder.path + suffix) }
            try? FileManager.default.removeItem(at: folder)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("kept\n".utf8).write(to: folder.appendingPathComponent("inside.txt"))
        }
        try resetFolder()
        files.append(Foreign(name: "folder", url: folder, expected: [2], reset: resetFolder))
        return files
    }
}

/// A file's bytes (or a folder's entries and their bytes) and what lies beside it, to compare.
struct Snapshot {
    let url: URL
    let contents: [String: Data]
    let beside: [String]

    init(_ url: URL) throws {
        self.url = url
        var contents: [String: Data] = [:]
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) {
            if isFolder.boolValue {
                for name in (try? FileManager.default.subpathsOfDirectory(atPath: url.path)) ?? [] {
                    contents[name] = FileManager.default.contents(atPath: url.appendingPathComponent(name).path) ?? Data()
                }
            } else {
                contents[""] = try Data(contentsOf: url)
            }
        }
        self.contents = contents
        beside = ForeignCorpusDriver.siblings.filter { FileManager.default.fileExists(atPath: url.path + $0) }
    }

    /// What changed since this snapshot; nil when nothing did.
    func change(now: Snapshot) -> String? {
        if now.contents.isEmpty && !contents.isEmpty { return "it is gone" }
        let added = now.beside.filter { !beside.contains($0) }
        if !added.isEmpty { return "left \(added.map { url.lastPathComponent + $0 }.joined(separator: ", ")) beside it" }
        if now.contents.keys.sorted() != contents.keys.sorted() { return "its entries changed" }
        if let name = contents.keys.sorted().first(where: { contents[$0] != now.contents[$0] }) {
            return name.isEmpty ? "its bytes changed" : "\(name) changed"
        }
        return nil
    }
}
