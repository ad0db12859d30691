import Foundation

/// A tree of the reference app with odd entries planted under `parity/`: a name that is not UTF-8,
/// one with a newline, one with a control character, one with a bidi override, a link to a
/// fixture outside the tree, a FIFO, and a link in `parity/milestones`. Every verb must answer
/// (exit 0 or 1, within its bound: a FIFO opened for reading would hang it), name each odd entry
/// once, escaped, follow no link, and sync every other file.
struct OddNamesDriver {
    let tools: Workspace
    let quick: Bool

    /// Each planted entry and how a message names it (escaped).
    static let planted: [(bytes: [UInt8], shown: String)] = [
        (Array("bad".utf8) + [0xFF] + Array(".fixture.json".utf8), #"bad\xFF.fixture.json"#),
        (Array("two\nlines.fixture.json".utf8), #"two\u{A}lines.fixture.json"#),
        (Array("bell\u{7}.fixture.json".utf8), #"bell\u{7}.fixture.json"#),
        (Array("evil\u{202E}nosj.fixture.json".utf8), #"evil\u{202E}nosj.fixture.json"#),
    ]

    func run() throws -> Report {
        let work = try tools.folder("odd-names")
        let tree = try tools.referenceTree(in: work, named: "tree")
        try tools.duet(["verify"], in: tree).expect(0, "the first verify")
        let fixtureCount = try tools.rows("SELECT count(*) FROM fixtures", corpus: tree.appendingPathComponent("corpus.db")).first?.first ?? "?"
        let fixtures = tree.appendingPathComponent("parity/fixtures")
        var report = Report(name: "odd names in the tree")
        // Outside the tree: a whole fixture under a new name, which a followed link would index.
        let outside = work.appendingPathComponent("outside.fixture.json")
        let first = try FileManager.default.contentsOfDirectory(atPath: fixtures.path).filter { $0.hasSuffix(".fixture.json") }.sorted()[0]
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent(first), to: outside)
        let outsideBytes = try Data(contentsOf: outside)
        let markers = Self.planted.map(\.shown) + ["link.fixture.json is a symbolic link", "pipe.fixture.json is not a regular file", "away.json"]
        // The check below fails on a verb that says nothing of the entries: so it does before they are planted.
        let silent = try tools.duet(["query", "fixtures"], in: tree)
        let silentBefore = markers.map { marker in silent.stderr.split(separator: "\n").filter { $0.contains(marker) }.count }.reduce(0, +)
        if silentBefore != 0 { report.violations.append("negative control: a tree without odd entries was said to hold them") }
        for (bytes, _) in Self.planted { try Self.create(folder: fixtures, name: bytes, contents: "{") }
        try FileManager.default.createSymbolicLink(atPath: fixtures.appendingPathComponent("link.fixture.json").path, withDestinationPath: outside.path)
        guard mkfifo(fixtures.appendingPathComponent("pipe.fixture.json").path, 0o644) == 0 else { throw DriverFailure("cannot make a FIFO") }
        let milestones = tree.appendingPathComponent("parity/milestones")
        try FileManager.default.createDirectory(at: milestones, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: milestones.appendingPathComponent("away.json").path, withDestinationPath: outside.path)

        let exported = work.appendingPathComponent("exported")
        try Generations.writeFixtures("A", fixtures: 2, steps: 3, to: work.appendingPathComponent("more"))
        let verbs: [[String]] = [
            ["query", "fixtures"], ["query", "sql", "SELECT count(*) FROM fixtures", "--format", "csv"], ["query", "kinds"],
            ["show", "splash.finds-none"], ["census"], ["corpus", "check"], ["corpus", "stats"], ["export", exported.path],
            ["milestone", "--list"], ["verify"], ["milestone", "m1"], ["import", work.appendingPathComponent("more").path],
        ]
        var answered = 0, namedOnce = 0
        for arguments in verbs {
            let run = try ProcessOutcome.run([tools.duet] + arguments, in: tree, timeout: 60)
            let label = arguments.prefix(2).joined(separator: " ")
            var problems: [String] = []
            if run.signaled || run.status >= 2 { problems.append(run.signaled ? "did not end within 60 s (a FIFO read?)" : "exit \(run.status)") } else { answered += 1 }
            // Named once: one line of stderr (which may quote the name twice: its path and its name).
            let lines = run.stderr.split(separator: "\n")
            let counts = markers.map { marker in lines.filter { $0.contains(marker) }.count }
            let wrong = zip(markers, counts).filter { $0.1 != 1 }
            if wrong.isEmpty { namedOnce += 1 } else { problems.append("named " + wrong.map { "\($0.0) \($0.1)×" }.joined(separator: ", ")) }
            if run.stderr.contains("\u{202E}") || run.stderr.contains("\u{7}") || run.stderr.contains("two\nlines") { problems.append("a raw control or bidi character reached the terminal") }
            if let raw = FailureDriver.raw.first(where: run.stderr.contains) { problems.append("raw text (\(raw))") }
            report.violations += problems.map { "\(label): \($0): \(run.stderr.prefix(240))" }
        }
        let held = try tools.rows("SELECT count(*), sum(name LIKE 'outside%' OR name LIKE 'link%') FROM fixtures", corpus: tree.appendingPathComponent("corpus.db")).first ?? []
        if held.first != String(Int(fixtureCount).map { $0 + 2 } ?? -1) { report.violations.append("the corpus holds \(held) fixtures, expected \(fixtureCount) + 2 imported: the rest was not synced") }
        if held.count > 1, held[1] != "0" && !held[1].isEmpty { report.violations.append("the link was followed: its target is indexed") }
        if try Data(contentsOf: outside) != outsideBytes { report.violations.append("the link's target outside the tree changed") }
        let out = (try? FileManager.default.contentsOfDirectory(atPath: exported.path)) ?? []
        if out.contains(where: { $0.hasPrefix("link") || $0.hasPrefix("pipe") || $0.hasPrefix("evil") }) { report.violations.append("export wrote an odd entry: \(out.filter { !$0.hasPrefix("a") }.prefix(3))") }
        report.figures.append("\(markers.count) odd entries planted (non-UTF-8, newline, BEL, U+202E names; a link out of the tree, a FIFO; a link in parity/milestones); "
                              + "\(verbs.count) verbs: \(answered)/\(verbs.count) answered, \(namedOnce)/\(verbs.count) named each entry exactly once, escaped; "
                              + "the corpus holds the \(fixtureCount) fixtures of record + 2 imported, nothing through the link")
        report.figures.append("negative control: before the entries were planted, `query fixtures` named none of them (\(silentBefore)× in all), which this check counts as not named")
        return report
    }

    /// A file whose name is `name`'s bytes (which need not be UTF-8) in `folder`.
    static func create(folder: URL, name: [UInt8], contents: String) throws {
        var path = Array(folder.path.utf8) + [UInt8(ascii: "/")] + name + [0]
        let descriptor = path.withUnsafeMutableBufferPointer {
            open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY | O_TRUNC, 0o644)
        }
        guard descriptor >= 0 else { throw DriverFailure("cannot create an odd name in \(folder.path)") }
        defer { close(descriptor) }
        _ = contents.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress!, $0.count - 1) }
    }
}
