// `duet import DIR` as a user runs it (a whole process, release) against the in-process import and
// the bare insert loop, interleaved round by round, at one or more sizes in the same run. The files
// are Memory Lane's recorded fixtures (from corpus.db.seed) replicated under new names, as
// drill-bench makes its corpora, so the import sees the reference app's shapes and sizes.

import Foundation
import Duet
import DuetCorpus
import DuetFixtures

struct AsUserRunsIt {
    let duet: String
    let sizes: [Int]
    /// Rounds per size, in the order of `sizes`; the last applies to the sizes beyond.
    let rounds: [Int]
    let keep: Bool

    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private var seedPath: String { Self.root.appendingPathComponent("corpus.db.seed").path }

    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    /// Run before each timed measurement so that none pays for what came before it: `sync` writes
    /// back what the last one left dirty (its writeback would otherwise run, on one of the two cores,
    /// inside the next), and the first waits until 6 s after the start so that inodes freed just
    /// before the bench age. An ext4 without a journal, as on these machines, will not hand out an
    /// inode freed in the last 5 seconds (300 while its inode-table block is dirty) and reads each
    /// such inode to skip it, on every file it creates: right after 26,000 files were removed,
    /// creating 2,653 files took 1.3–3.2 s of kernel time instead of 0.2 s (`perf`: `recently_deleted`,
    /// `find_inode_bit`), and new files in the same inode-table blocks keep them dirty, so the effect
    /// lasts minutes. Nothing is therefore removed before the bench ends.
    func settle(since start: Double) {
        sync()
        if now() - start < 6 { usleep(useconds_t((6 - (now() - start)) * 1e6)) }
    }
    func load() -> String { (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first.map(String.init) ?? "?" }

    /// Writes `steps` steps of seed fixtures, renamed `NAME~ROUND`, into `folder`; the files and steps written.
    func writeReplicas(steps: Int, into folder: URL, from recorded: [Fixture]) throws -> (files: Int, steps: Int) {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var total = 0, files = 0, round = 0
        while total < steps {
            for var fixture in recorded where total < steps {
                fixture.name += "~\(round)"
                try Self.writePlain(fixture.document.prettyBytes, to: folder.appendingPathComponent(try Fixture.fileName(for: fixture.name)).path)
                total += fixture.steps.count
                files += 1
            }
            round += 1
        }
        return (files, total)
    }

    /// `duet --corpus CORPUS import FILES --format json` in a fresh folder (a new tree there): wall seconds and steps imported.
    func wholeProcess(files: URL, in folder: URL) throws -> (seconds: Double, steps: Int) {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: duet)
        process.arguments = ["--corpus", folder.appendingPathComponent("corpus.db").path, "import", files.path, "--format", "json"]
        process.currentDirectoryURL = folder
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let start = now()
        try process.run()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        let complaint = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let seconds = now() - start
        guard process.terminationStatus == 0 else {
            FileHandle.standardError.write(Data("corpus-bench: duet import exited \(process.terminationStatus): ".utf8) + complaint)
            exit(3)
        }
        // The report's one row is an object keyed by column: inserted, replaced, unchanged, steps.
        let text = String(decoding: bytes, as: UTF8.self)
        let steps = text.range(of: #""steps"\s*:\s*[0-9]+"#, options: .regularExpression)
            .flatMap { Int(text[$0].split(separator: ":").last!.trimmingCharacters(in: .whitespaces)) } ?? 0
        return (seconds, steps)
    }

    /// What the files alone cost: each read and written under the same name into a fresh folder
    /// (one open, write, close each, nothing flushed).
    func plainCopy(files: URL, into folder: URL) throws -> Double {
        let start = now()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: files.path) {
            try Self.writePlain(Array(try Data(contentsOf: files.appendingPathComponent(name))), to: folder.appendingPathComponent(name).path)
        }
        return now() - start
    }

    /// One open, write, close: Foundation's `Data.write(to:)` also calls `fsync` on every file, a
    /// flush per file that no bulk writer pays and that made the files alone look slower than the import.
    static func writePlain(_ bytes: [UInt8], to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
        defer { close(descriptor) }
        var written = 0
        try bytes.withUnsafeBytes { raw in
            while written < raw.count {
                let count = write(descriptor, raw.baseAddress! + written, raw.count - written)
                guard count > 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
                written += count
            }
        }
    }

    func run() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("corpus-bench-seed-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let recorded = try Corpus.load(seed: seedPath, into: scratch.appendingPathComponent("seed.db").path).fixtures()
        print("corpus-bench, as a user runs it: \(duet) import, against the in-process import and the bare loop, interleaved; rounds per size \(rounds.map(String.init).joined(separator: ",")); load \(load()) on \(ProcessInfo.processInfo.activeProcessorCount) cores")
        var perStep: [(size: Int, wholeMicros: Double, inProcessMicros: Double)] = []
        let started = now()   // whatever ran before the bench may have removed files just before
        var works: [URL] = []
        defer { if !keep { for work in works { try? FileManager.default.removeItem(at: work) } } }
        for (position, size) in sizes.enumerated() {
            let rounds = rounds.isEmpty ? 3 : rounds[min(position, rounds.count - 1)]
            let work = FileManager.default.temporaryDirectory.appendingPathComponent("corpus-bench-user-\(getpid())-\(size)")
            works.append(work)
            let files = work.appendingPathComponent("upstream")
            settle(since: started)
            var start = now()
            let written = try writeReplicas(steps: size, into: files, from: recorded)
            print(String(format: "%9d steps: %d files of %d seed fixtures replicated, written in %.1f s", written.steps, written.files, recorded.count, now() - start))
            var whole: [Double] = [], inProcess: [Double] = [], bare: [Double] = [], copies: [Double] = []
            var wholeSteps = 0, inProcessSteps = 0, bareSteps = 0
            for round in 0..<rounds {
                // Whole process: a fresh folder, a corpus built from the seed, the files copied into its tree.
                let user = work.appendingPathComponent("user-\(round)")
                settle(since: started)
                let measured = try wholeProcess(files: files, in: user)
                whole.append(measured.seconds); wholeSteps = measured.steps

                // The files alone: the same bytes written into a fresh folder, as the import's copies are.
                let copy = work.appendingPathComponent("copy-\(round)")
                settle(since: started)
                copies.append(try plainCopy(files: files, into: copy))

                // In process: the same starting corpus (the seed), the same files indexed.
                let path = work.appendingPathComponent("in-process-\(round).db").path
                let corpus = try Corpus.load(seed: seedPath, into: path)
                settle(since: started)
                start = now()
                let summary = try corpus.importFixtures(from: files.path)
                inProcess.append(now() - start); inProcessSteps = summary.steps

                // The bare loop: the rows the import stored, inserted one statement each.
                let barePath = work.appendingPathComponent("bare-\(round).db").path
                let bareCorpus = try Corpus.open(at: barePath)
                settle(since: started)
                bare.append(try corpus.bareInsertSeconds(into: bareCorpus))
                bareSteps = try corpus.stats().steps
                print(String(format: "           round %d: duet import %.2f s · plain copy of the files %.2f s · in-process %.2f s · bare loop %.2f s",
                             round + 1, whole.last!, copies.last!, inProcess.last!, bare.last!) + " (load \(load()))")
            }
            guard wholeSteps == inProcessSteps, wholeSteps == written.steps else {
                FileHandle.standardError.write(Data("corpus-bench: duet import stored \(wholeSteps) steps, the in-process import \(inProcessSteps), of \(written.steps) written\n".utf8))
                exit(1)
            }
            let wholeRate = Double(wholeSteps) / median(whole), inProcessRate = Double(inProcessSteps) / median(inProcess)
            let bareRate = Double(bareSteps) / median(bare)
            perStep.append((size, median(whole) / Double(wholeSteps) * 1e6, median(inProcess) / Double(inProcessSteps) * 1e6))
            print("           medians: duet import \(grouped(wholeRate)) steps/s (" + String(format: "%.1f", perStep.last!.wholeMicros) + " µs/step) · in-process \(grouped(inProcessRate)) steps/s ("
                  + String(format: "%.1f", perStep.last!.inProcessMicros) + " µs/step) · bare loop \(grouped(bareRate)) steps/s — duet import / in-process " + String(format: "%.0f %%", wholeRate / inProcessRate * 100))
            // What the files alone cost here now: duet import against in-process + plain copy (both must be done; 2 cores may overlap them).
            let floor = median(inProcess) + median(copies)
            print(String(format: "           plain copy of the files %.2f s (%.1f µs/step); duet import / (in-process + plain copy) %.0f %%",
                         median(copies), median(copies) / Double(wholeSteps) * 1e6, floor / median(whole) * 100))
        }
        func verdict(_ holds: Bool) -> String { holds ? "holds" : "FAILS" }
        let rateHolds = perStep.allSatisfy { $0.wholeMicros <= 2 * $0.inProcessMicros }
        let flat = perStep.map(\.wholeMicros)
        let spread = (flat.max() ?? 0) / max(flat.min() ?? 1, 1e-9)
        print("targets (load \(load())): duet import ≥ 50 % of in-process at every size \(verdict(rateHolds)) · per-step cost of duet import, largest/smallest across sizes " + String(format: "%.2f×", spread))
    }
}
