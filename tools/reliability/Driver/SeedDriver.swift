import Foundation

/// Seeds that try to build far more than they hold: each must be refused with its line (exit 2),
/// in bounded time and memory, leaving no file — and the reference seed, the control, must load.
struct SeedDriver {
    let tools: Workspace
    /// Leaves out the attack that costs most (it builds 96 MB of values before its refusal).
    let quick: Bool

    /// A refused seed must stop within these, whatever it asks for (the slowest builds 96 MB of values
    /// first: its 24 MB of comment raise the load's budget past the value's).
    static let secondsBound = 60.0
    static let megabytesBound = 512.0

    struct Attack {
        var name: String
        /// Lines put before the seed's closing `COMMIT;`; nil for a seed of `text` alone.
        var lines: [String]
        var text: String? = nil
        /// Which of `lines` (0-based) the refusal must name; nil: line 1.
        var refusedLine: Int?
        var says: String
        var costly = false
    }

    static func doubling(_ count: Int) -> [String] {
        ["INSERT INTO corpus_meta VALUES ('d0', 'abc');"]
            + (1...count).map { "INSERT INTO corpus_meta SELECT 'd\($0)', value || value FROM corpus_meta WHERE key = 'd\($0 - 1)';" }
    }

    static let attacks: [Attack] = [
        Attack(name: "printf('%.*c', 900000000, 'x')", lines: ["INSERT INTO corpus_meta VALUES ('k3', printf('%.*c', 900000000, 'x'));"],
               refusedLine: 0, says: "printf() is not allowed"),
        Attack(name: "a value doubled 25 times", lines: doubling(25), refusedLine: 22, says: "would build a corpus of more than"),
        Attack(name: "a value doubled 25 times, 24 MB of comment", lines: ["-- " + String(repeating: "x", count: 24 << 20)] + doubling(25),
               refusedLine: 26, says: "longer than 64 MiB", costly: true),
        Attack(name: "a 4-way join over 200 rows", lines: (0..<200).map { "INSERT INTO corpus_meta VALUES ('row\($0)', 'v');" }
                + ["INSERT INTO corpus_meta SELECT 'x', a.key FROM corpus_meta a, corpus_meta b, corpus_meta c, corpus_meta d "
                   + "WHERE a.value || b.value || c.value || d.value = 'never';"],
               refusedLine: 200, says: "steps"),
        Attack(name: "an empty seed", lines: [], text: "", refusedLine: nil, says: "holds no corpus"),
    ]

    func run() throws -> Report {
        let work = try tools.folder("seeds")
        let reference = try String(contentsOf: tools.seed, encoding: .utf8)
        let body = reference.components(separatedBy: "\n")
        guard let commit = body.lastIndex(of: "COMMIT;") else { throw DriverFailure("the reference seed has no COMMIT line") }
        var report = Report(name: "seed amplification")
        let corpus = work.appendingPathComponent("corpus.db")
        let control = try MeasuredRun.run([tools.duet, "--corpus", corpus.path, "corpus", "load", tools.seed.path], in: work)
        if control.outcome.status != 0 { report.violations.append("the reference seed does not load: \(control.outcome.stderr.prefix(200))") }
        report.figures.append("control: the reference seed (\(reference.utf8.count / 1024) KB) loads in \(milliseconds(control.outcome.seconds)) at \(megabytes(control.peakMegabytes))")
        try? FileManager.default.removeItem(at: corpus)
        for attack in Self.attacks where !(quick && attack.costly) {
            let seed = work.appendingPathComponent("attack.seed")
            var lines = body
            lines.insert(contentsOf: attack.lines, at: commit)
            try Data((attack.text ?? lines.joined(separator: "\n")).utf8).write(to: seed)
            let line = attack.refusedLine.map { commit + $0 + 1 } ?? 1
            let run = try MeasuredRun.run([tools.duet, "--corpus", corpus.path, "corpus", "load", seed.path], in: work)
            var problems: [String] = []
            if run.outcome.status != 2 { problems.append("exit \(run.outcome.status), expected 2: \(run.outcome.stderr.prefix(200))") }
            if !run.outcome.stderr.contains("\(seed.path):\(line):") { problems.append("the refusal does not name line \(line): \(run.outcome.stderr.prefix(200))") }
            if !run.outcome.stderr.contains(attack.says) { problems.append("the refusal does not say \"\(attack.says)\": \(run.outcome.stderr.prefix(200))") }
            if run.outcome.seconds > Self.secondsBound { problems.append("took \(duration(run.outcome.seconds)), more than \(duration(Self.secondsBound))") }
            if run.peakMegabytes > Self.megabytesBound { problems.append("used \(megabytes(run.peakMegabytes)), more than \(megabytes(Self.megabytesBound))") }
            let left = try FileManager.default.contentsOfDirectory(atPath: work.path).filter { $0.hasPrefix("corpus.db") }
            if !left.isEmpty { problems.append("left \(left.joined(separator: ", "))") }
            report.figures.append("\(attack.name): exit \(run.outcome.status) at line \(line) in \(milliseconds(run.outcome.seconds)), peak \(megabytes(run.peakMegabytes))"
                                  + (problems.isEmpty ? "" : "  FAILS"))
            report.violations += problems.map { "\(attack.name): \($0)" }
            try? FileManager.default.removeItem(at: seed)
        }
        return report
    }
}

func milliseconds(_ seconds: Double) -> String { String(format: "%.0f ms", seconds * 1000) }
func megabytes(_ value: Double) -> String { String(format: "%.0f MB", value) }
