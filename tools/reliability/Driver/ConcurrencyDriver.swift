import Foundation
import Duet

/// Readers while a writer switches the corpus between two generations, and two writers at once.
/// Every reader must see one whole generation; a writer may wait for the other, or give up with
/// exit 3 ("another process is using the corpus") after the busy timeout — nothing else. Readers
/// inside the writer's tree never fail for it: they answer from the last complete index.
struct ConcurrencyDriver {
    let tools: Workspace
    let seconds: Double

    func run() throws -> [Report] {
        let work = try tools.folder("concurrency")
        for generation in Generations.names {
            try Generations.writeFixtures(generation, fixtures: 40, steps: 60, to: work.appendingPathComponent(generation))
        }
        let corpus = work.appendingPathComponent("corpus.db")
        try tools.duet(["--corpus", corpus.path, "import", work.appendingPathComponent("A").path], in: work).expect(0, "the first import")
        return [try readersDuringAWriter(work, corpus), try readersInsideTheTree(work), try twoWriters(work, corpus)]
    }

    /// Readers (`query sql`, `census`, `query fixtures`, `query kinds`, `show`) run inside the tree an import copies into:
    /// each syncs first, and while the writer holds the lock it answers from the last complete
    /// index. A reader that exits 2 or 3, or says the corpus is locked, is a violation.
    private func readersInsideTheTree(_ work: URL) throws -> Report {
        let tree = try tools.folder("concurrency-tree")
        try FileManager.default.createDirectory(at: tree.appendingPathComponent("parity/fixtures"), withIntermediateDirectories: true)
        // census judges against a manifest; one that declares nothing makes its findings exit 1, not a failure.
        try Data("features: {}\n".utf8).write(to: tree.appendingPathComponent("parity/manifest.yaml"))
        let corpus = tree.appendingPathComponent("corpus.db")
        try tools.duet(["import", work.appendingPathComponent("A").path], in: tree).expect(0, "the first import into the tree")
        let readers: [[String]] = [["query", "sql", "SELECT count(*) FROM fixtures", "--format", "csv"], ["census"], ["query", "fixtures"],
                                   ["query", "kinds"], ["show", "reliability.f7"]]
        let tally = Tally()
        let deadline = Date().addingTimeInterval(seconds)
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            var next = "B"
            while Date() < deadline {
                do {
                    let write = try tools.duet(["import", work.appendingPathComponent(next).path], in: tree)
                    if write.status == 0 { tally.add("writer imports") } else { tally.add("writer failed (\(write.status)): \(write.stderr.prefix(200))", violation: true) }
                } catch { tally.add("writer could not run: \(error)", violation: true) }
                next = next == "A" ? "B" : "A"
            }
        }
        for reader in readers {
            DispatchQueue.global().async(group: group) {
                while Date() < deadline {
                    do {
                        let read = try tools.duet(reader, in: tree)
                        let locked = read.stderr.contains("locked") || read.stderr.contains("another process is using")
                        let count = read.stdout.split(whereSeparator: \.isNewline).dropFirst().first.map(String.init)
                        if read.status >= 2 || locked { tally.add("\(reader[0]) \(reader.count > 1 ? reader[1] : "") failed (\(read.status)): \(read.stderr.prefix(200))", violation: true) }
                        else if reader.count > 1 && reader[1] == "sql" && count != "40" {
                            // Both generations name the same 40 fixtures: any other count is an index cut in the middle.
                            tally.add("query sql saw \(count ?? "nothing") fixtures, not 40", violation: true)
                        } else {
                            tally.add("reads")
                            if read.stderr.contains("answer is from its last complete index") { tally.add("answered from the last index") }
                        }
                    } catch { tally.add("reader could not run: \(error)", violation: true) }
                }
            }
        }
        group.wait()
        var report = Report(name: "readers inside the tree during a writer")
        let reads = tally.count("reads")
        report.figures = ["\(duration(self.seconds)): \(readers.count) readers (query sql, census, query fixtures, query kinds, show) in the writer's tree ran \(reads) verbs, "
                          + "\(tally.violations.count) failed, \(tally.count("answered from the last index")) answered from the last complete index; "
                          + "the writer imported \(tally.count("writer imports")) times"]
        report.violations = tally.violations + (try checked(corpus))
        return report
    }

    /// The readers run outside the writer's tree, so they read the corpus as it is; a verb run
    /// inside the tree would first bring the corpus in step with the files the import is copying.
    private func readersDuringAWriter(_ work: URL, _ corpus: URL) throws -> Report {
        let outside = try tools.folder("concurrency-readers")
        let tally = Tally()
        let deadline = Date().addingTimeInterval(seconds)
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { writeLoop(work, corpus, flipping: true, until: deadline, tally: tally, as: "writer") }
        for _ in 0..<2 {
            DispatchQueue.global().async(group: group) {
                while Date() < deadline {
                    do {
                        let read = try tools.duet(["--corpus", corpus.path, "query", "sql",
                                                   "SELECT count(*), count(DISTINCT description) FROM fixtures", "--format", "csv"], in: outside)
                        let row = read.stdout.split(whereSeparator: \.isNewline).dropFirst().first.map(String.init)
                        if read.status != 0 { tally.add("reader failed (\(read.status)): \(read.stderr.prefix(200))", violation: true) }
                        else if row != "40,1" { tally.add("reader saw a mixed corpus: \(row ?? "nothing")", violation: true) }
                        else { tally.add("reads") }
                    } catch { tally.add("reader could not run: \(error)", violation: true) }
                }
            }
        }
        group.wait()
        var report = Report(name: "readers during a writer")
        let reads = tally.count("reads"), writes = tally.count("writer imports")
        report.figures = ["\(duration(self.seconds)): 2 readers ran \(reads) queries (\(String(format: "%.0f", Double(reads) / self.seconds))/s), every one saw one whole generation; "
                          + "the writer imported \(writes) times, \(tally.count("writer busy")) gave up busy"]
        report.violations = tally.violations + (try checked(corpus))
        return report
    }

    private func twoWriters(_ work: URL, _ corpus: URL) throws -> Report {
        let tally = Tally()
        let deadline = Date().addingTimeInterval(seconds)
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { writeLoop(work, corpus, flipping: true, until: deadline, tally: tally, as: "first") }
        DispatchQueue.global().async(group: group) { writeLoop(work, corpus, flipping: false, until: deadline, tally: tally, as: "second") }
        group.wait()
        var report = Report(name: "two writers")
        report.figures = ["\(duration(self.seconds)): \(tally.count("first imports")) + \(tally.count("second imports")) imports committed, "
                          + "\(tally.count("first busy") + tally.count("second busy")) gave up busy (exit 3 after the 5 s busy timeout), 0 failed otherwise"]
        report.violations = tally.violations + (try checked(corpus))
        return report
    }

    /// Imports generation A then B (or B then A) until `deadline`.
    private func writeLoop(_ work: URL, _ corpus: URL, flipping: Bool, until deadline: Date, tally: Tally, as writer: String) {
        var next = flipping ? "B" : "A"
        while Date() < deadline {
            do {
                let write = try tools.duet(["--corpus", corpus.path, "import", work.appendingPathComponent(next).path], in: work)
                if write.status == 0 { tally.add("\(writer) imports") }
                else if write.status == 3 && write.stderr.contains("another process") { tally.add("\(writer) busy") }
                else { tally.add("\(writer) failed (\(write.status)): \(write.stderr.prefix(200))", violation: true) }
            } catch { tally.add("\(writer) could not run: \(error)", violation: true) }
            next = next == "A" ? "B" : "A"
        }
    }

    private func checked(_ corpus: URL) throws -> [String] {
        let check = try tools.duet(["--corpus", corpus.path, "corpus", "check"], in: corpus.deletingLastPathComponent())
        return check.status == 0 ? [] : ["corpus check afterwards exits \(check.status): \(check.stdout)"]
    }
}

/// Counts from several threads.
struct Tally: Sendable {
    private struct Events: Sendable {
        var counts: [String: Int] = [:]
        var found: [String] = []
    }
    private let events = Locked(Events())

    func add(_ event: String, violation: Bool = false) {
        events.withLock { if violation { $0.found.append(event) } else { $0.counts[event, default: 0] += 1 } }
    }
    func count(_ event: String) -> Int { events.withLock { $0.counts[event] ?? 0 } }
    var violations: [String] { events.withLock { Array($0.found.prefix(10)) } }
}
