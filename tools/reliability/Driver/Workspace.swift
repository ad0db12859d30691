import Foundation
import Duet

/// The programs the drivers run and a scratch folder; every run of `duet` goes through here.
struct Workspace {
    /// The folder holding `duet`, `memorylane-runner` and `duet-sample-runner` (`swift build --show-bin-path`).
    let bin: URL
    let root: URL
    /// `tools/reliability/fault-runner.sh`.
    let faultRunner: URL

    var duet: String { bin.appendingPathComponent("duet").path }
    var memoryLaneRunner: String { bin.appendingPathComponent("memorylane-runner").path }
    /// The reference app's seed, which the drivers load corpora from.
    let seed: URL

    init(bin: URL, root: URL) throws {
        self.bin = bin
        self.root = root
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        faultRunner = package.appendingPathComponent("tools/reliability/fault-runner.sh")
        seed = package.appendingPathComponent("corpus.db.seed")
        for program in [duet, memoryLaneRunner] where !FileManager.default.isExecutableFile(atPath: program) {
            throw DriverFailure("\(program) is not built — run `swift build` first, or pass --bin DIR")
        }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    /// A fresh folder under the workspace.
    func folder(_ name: String) throws -> URL {
        let url = root.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs `duet ARGUMENTS` to the end.
    @discardableResult
    func duet(_ arguments: [String], in directory: URL? = nil) throws -> ProcessOutcome {
        try ProcessOutcome.run([duet] + arguments, in: directory ?? root)
    }

    /// `duet --corpus CORPUS query sql SQL --format csv` run in the corpus's folder (so the tree it
    /// follows is that folder's), the rows as arrays of cells (header dropped).
    func rows(_ sql: String, corpus: URL) throws -> [[String]] {
        let outcome = try duet(["--corpus", corpus.path, "query", "sql", sql, "--format", "csv"], in: corpus.deletingLastPathComponent())
        guard outcome.status == 0 else { throw DriverFailure("query failed (\(outcome.status)): \(outcome.stderr)") }
        return outcome.stdout.split(whereSeparator: \.isNewline).dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    /// Throws unless the corpus in `work` holds exactly the fixtures of record in `work/parity/fixtures`,
    /// byte for byte (its export against the files), and every file is a whole fixture (the sync
    /// that starts the export reads them all). Nothing to compare outside a tree.
    func treeAgreesWithCorpus(in work: URL, corpus: URL) throws {
        let files = work.appendingPathComponent("parity/fixtures")
        guard FileManager.default.fileExists(atPath: files.path) else { return }
        let exported = work.appendingPathComponent(".exported")
        try? FileManager.default.removeItem(at: exported)
        let export = try duet(["--corpus", corpus.path, "export", exported.path], in: work)
        guard export.status == 0 else { throw DriverFailure("exporting to compare with the tree fails (\(export.status)): \(export.stderr)") }
        let tree = try FileManager.default.contentsOfDirectory(atPath: files.path).filter { $0.hasSuffix(".fixture.json") }.sorted()
        let held = (try? FileManager.default.contentsOfDirectory(atPath: exported.path))?.sorted() ?? []
        guard tree == held else { throw DriverFailure("the tree holds \(tree.count) fixture files, the corpus \(held.count) fixtures") }
        for name in tree where FileManager.default.contents(atPath: files.appendingPathComponent(name).path)
            != FileManager.default.contents(atPath: exported.appendingPathComponent(name).path) {
            throw DriverFailure("\(name) in the tree differs from the corpus's fixture")
        }
    }

    /// Copies `corpus` (and nothing of its WAL: it is closed) to `target`, replacing it.
    func restore(_ corpus: URL, to target: URL) throws {
        for suffix in ["", "-wal", "-shm", "-damage"] { try? FileManager.default.removeItem(atPath: target.path + suffix) }
        try FileManager.default.copyItem(at: corpus, to: target)
    }
}

/// What one process did.
struct ProcessOutcome {
    var status: Int32
    /// Killed by a signal (the status is then the signal number).
    var signaled: Bool
    var stdout: String
    var stderr: String
    var seconds: Double

    /// Runs `arguments` (the first is the program) to the end, capturing both streams.
    /// With a `timeout`, a process still running after it is killed with SIGKILL (`signaled`).
    static func run(_ arguments: [String], in directory: URL, environment: [String: String] = [:], timeout: Double? = nil) throws -> ProcessOutcome {
        let process = Process.configured(arguments, in: directory, environment: environment)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let started = Date()
        try process.run()
        // Both pipes are drained while the process runs, so a full pipe never blocks it.
        let collected = Collected()
        let group = DispatchGroup()
        for (pipe, isOut) in [(out, true), (err, false)] {
            DispatchQueue.global().async(group: group) {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                collected.store(String(decoding: data, as: UTF8.self), isOut: isOut)
            }
        }
        if let timeout {
            let deadline = started.addingTimeInterval(timeout)
            while process.isRunning && Date() < deadline { usleep(10_000) }
            if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
        }
        process.waitUntilExit()
        group.wait()
        return ProcessOutcome(status: process.terminationStatus, signaled: process.terminationReason == .uncaughtSignal,
                              stdout: collected.out, stderr: collected.err, seconds: Date().timeIntervalSince(started))
    }

    /// Starts `arguments`, kills it with SIGKILL after `delay` seconds, and reports whether it had
    /// ended first and what it had written to stdout by then (a verb reports only after its commit).
    static func kill(_ arguments: [String], in directory: URL, after delay: Double) throws -> (finishedFirst: Bool, stdout: String) {
        let process = Process.configured(arguments, in: directory, environment: [:])
        let output = directory.appendingPathComponent(".killed-stdout")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        defer { try? handle.close() }
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(delay)
        while process.isRunning && Date() < deadline { usleep(1_000) }
        let finishedFirst = !process.isRunning
        if !finishedFirst { Foundation.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return (finishedFirst, (try? String(contentsOf: output, encoding: .utf8)) ?? "")
    }
}

private struct Collected: Sendable {
    private let texts = Locked(["", ""])
    func store(_ text: String, isOut: Bool) { texts.withLock { $0[isOut ? 0 : 1] = text } }
    var out: String { texts.withLock { $0[0] } }
    var err: String { texts.withLock { $0[1] } }
}

extension Process {
    static func configured(_ arguments: [String], in directory: URL, environment: [String: String]) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        process.currentDirectoryURL = directory
        var merged = ProcessInfo.processInfo.environment
        // A driver's `record` writes; under CI it would only gate.
        merged["CI"] = nil
        merged["DUET_CORPUS"] = nil
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        return process
    }
}

/// A promise the drivers found broken, or a driver that cannot run.
struct DriverFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Seconds, short.
func duration(_ value: Double) -> String { String(format: value < 10 ? "%.2f s" : "%.0f s", value) }
