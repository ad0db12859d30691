// corpus-bench: import rate of synthetic fixture files against a bare SQLite insert loop of the
// same rows in the same run, the dedup ratio, corpus size against the exported files, peak memory.
//
//   swift build -c release --scratch-path /tmp/build-corpus-rel --product corpus-bench
//   /tmp/build-corpus-rel/release/corpus-bench [--steps 200000] [--seed 1] [--items 10] [--keep] [--check] [--files DIR]
//
// `--items N`: the most list items a synthetic state holds; 10 (the default) makes ~2.2 KB of pretty
// file per step, 1 makes ~0.9 KB per step, as the reference app's fixtures.
// `--duet PATH [--sizes 10000,100000,1000000] [--rounds 3,3,1]` (rounds per size; the last applies to the rest): `duet import DIR` as a user runs it,
// a whole process, against the in-process import and the bare loop, interleaved, at each size (Memory
// Lane's fixtures replicated under new names; see AsUserRunsIt.swift); nothing else is measured.
// `--import-only` stops after the import (for profilers). `--files DIR` reuses the fixture files a `--keep` run left in DIR (same --steps and --seed) instead of writing them.

import Foundation
import Duet
import DuetCorpus
import DuetSynthetic
import DuetFixtures

struct Options {
    var steps = 200_000
    var seed: UInt64 = 1
    var keep = false
    var check = false
    var files: String?
    var importOnly = false
    var maximumItems = 10
    var duet: String?
    var sizes = [10_000, 100_000, 1_000_000]
    var rounds = [3]

    init(_ arguments: [String]) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--steps": steps = Int(rest.popFirst() ?? "") ?? steps
            case "--seed": seed = UInt64(rest.popFirst() ?? "") ?? seed
            case "--keep": keep = true
            case "--check": check = true
            case "--files": files = rest.popFirst()
            case "--import-only": importOnly = true
            case "--duet": duet = rest.popFirst()
            case "--sizes": sizes = (rest.popFirst() ?? "").split(separator: ",").compactMap { Int($0) }
            case "--rounds": rounds = (rest.popFirst() ?? "").split(separator: ",").compactMap { Int($0) }.map { max(1, $0) }
            case "--items": maximumItems = Int(rest.popFirst() ?? "") ?? maximumItems
            default: FileHandle.standardError.write(Data("corpus-bench: unknown argument \(argument)\n".utf8)); exit(2)
            }
        }
    }
}

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

func peakMemoryMB() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024   // Linux reports kilobytes
}

/// User + system CPU seconds of this process so far (all threads).
func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

func fileSize(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
}

func grouped(_ value: Double) -> String {
    let formatter = NumberFormatter()
    formatter.numberStyle = .decimal
    formatter.maximumFractionDigits = 0
    return formatter.string(from: NSNumber(value: value)) ?? String(Int(value))
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
if let duet = options.duet {
    try AsUserRunsIt(duet: duet, sizes: options.sizes, rounds: options.rounds, keep: options.keep).run()
    exit(0)
}
let synthetic = SyntheticCorpus(shape: .approximately(steps: options.steps, seed: options.seed, maximumItems: options.maximumItems))
let work = FileManager.default.temporaryDirectory.appendingPathComponent("corpus-bench-\(getpid())")
let files = options.files.map { URL(fileURLWithPath: $0) } ?? work.appendingPathComponent("fixtures")
try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
defer { if !options.keep { try? FileManager.default.removeItem(at: work) } }
if options.keep { print("kept in       \(work.path) (fixture files in \(files.path), for --files)") }

print("corpus-bench: \(grouped(Double(synthetic.totalSteps))) steps, \(synthetic.shape.features) features × \(synthetic.shape.fixturesPerFeature) fixtures × \(synthetic.shape.stepsPerFixture) steps, seed \(options.seed), at most \(options.maximumItems) items per state")

var fileBytes = 0
var start = now()
if let reused = options.files {
    for name in try FileManager.default.contentsOfDirectory(atPath: reused) { fileBytes += fileSize(reused + "/" + name) }
    guard fileBytes > 0 else {
        FileHandle.standardError.write(Data("corpus-bench: no fixture files in \(reused); write them once with --keep and pass the folder it prints\n".utf8))
        exit(2)
    }
    print("reused        \(reused): \(grouped(Double(fileBytes) / 1e6)) MB of pretty fixture files")
} else {
    try synthetic.forEachFixture { fixture in
        let bytes = fixture.document.prettyBytes
        fileBytes += bytes.count
        try Data(bytes).write(to: files.appendingPathComponent(try Fixture.fileName(for: fixture.name)))
    }
    print("generated     \(String(format: "%6.1f", now() - start)) s   \(grouped(Double(fileBytes) / 1e6)) MB of pretty fixture files")
}
let memoryBeforeImport = peakMemoryMB()

let corpusPath = work.appendingPathComponent("corpus.db").path
let corpus = try Corpus.open(at: corpusPath)
try corpus.setStructures(synthetic.structures(), origin: "synthetic")
start = now()
let cpuBeforeImport = cpuSeconds()
let summary = try corpus.importFixtures(from: files.path)
let importSeconds = now() - start
let importCPU = cpuSeconds() - cpuBeforeImport
let importRate = Double(summary.steps) / importSeconds
let peakAfterImport = peakMemoryMB()
print("import        \(String(format: "%6.1f", importSeconds)) s   \(grouped(importRate)) steps/s (read, parse, canonicalize, hash, insert, index; \(String(format: "%.1f", importCPU)) CPU-s)")
print("              \(grouped(Double(corpus.internedBlobs.inserted))) blobs inserted, \(grouped(Double(corpus.internedBlobs.reused))) reused (\(grouped(Double(corpus.internedBlobs.confirmedFromDatabase))) of them confirmed by reading the stored bytes back)")

if options.importOnly {   // for profilers: nothing after the import
    if !options.keep { try? FileManager.default.removeItem(at: work) }
    exit(0)
}

// What the dialect alone costs: read and parse every file, nothing stored.
start = now()
var parsedSteps = 0
for name in try FileManager.default.contentsOfDirectory(atPath: files.path) {
    let value = try CanonicalJSON.parse(Array(try Data(contentsOf: files.appendingPathComponent(name))))
    parsedSteps += value["steps"]?.arrayValue?.count ?? 0
}
let parseSeconds = now() - start
print("parse only    \(String(format: "%6.1f", parseSeconds)) s   \(grouped(Double(parsedSteps) / parseSeconds)) steps/s (read + parse the same files, nothing stored: \(String(format: "%.0f", parseSeconds / importSeconds * 100)) % of the import)")

// The floor of the parse side: read and canonicalize every file in one streaming pass, one thread.
start = now()
var canonicalBytes = 0
for name in try FileManager.default.contentsOfDirectory(atPath: files.path) {
    canonicalBytes += try CanonicalJSON.canonicalize(Array(try Data(contentsOf: files.appendingPathComponent(name)))).count
}
let canonicalizeSeconds = now() - start
print("canonicalize  \(String(format: "%6.1f", canonicalizeSeconds)) s   \(grouped(Double(parsedSteps) / canonicalizeSeconds)) steps/s (read + canonicalize the same files on one thread, nothing stored)")

if options.check {
    // The imported corpus must pass the same check as any other: index rows re-derived from the stored blobs.
    // SQLite 3.40.1's integrity_check reports this for every row of a STRICT WITHOUT ROWID table
    // whose NOT NULL column follows the key columns, even when no value is NULL.
    let falsePositive = "integrity: NULL value in declared_kinds.primitive"
    start = now()
    let all = try corpus.check(limit: 1_000_000).problems
    let checkSeconds = now() - start
    let problems = all.filter { $0 != falsePositive }
    print("check        \(String(format: "%6.1f", checkSeconds)) s   \(problems.isEmpty ? "clean" : "FAILS: " + problems.prefix(10).joined(separator: "; "))\(all.count > problems.count ? " (\(all.count - problems.count) known SQLite 3.40.1 integrity_check false positives on declared_kinds ignored)" : "")")
    if !problems.isEmpty { exit(1) }
}

start = now()
let again = try corpus.importFixtures(from: files.path)
print("re-import     \(String(format: "%6.1f", now() - start)) s   \(again.unchanged.count) unchanged files skipped")

try corpus.checkpoint()
let stats = try corpus.stats()
let corpusBytes = fileSize(corpusPath) + fileSize(corpusPath + "-wal")

let barePath = work.appendingPathComponent("bare.db").path
let bare = try Corpus.open(at: barePath)
let cpuBeforeBare = cpuSeconds()
let bareSeconds = try corpus.bareInsertSeconds(into: bare)
let bareCPU = cpuSeconds() - cpuBeforeBare   // includes reading the rows back, so it flatters the import
let bareRate = Double(stats.steps) / bareSeconds
print("bare inserts  \(String(format: "%6.1f", bareSeconds)) s   \(grouped(bareRate)) steps/s (same rows, same schema, one row per statement, one transaction, foreign keys off)")

// The ceiling of this machine for these rows: the same loop, 64 rows per statement.
let batchedPath = work.appendingPathComponent("batched.db").path
let batched = try Corpus.open(at: batchedPath)
let batchedSeconds = try corpus.bareInsertSeconds(into: batched, rowsPerStatement: 64)
let batchedRate = Double(stats.steps) / batchedSeconds
print("batched bare  \(String(format: "%6.1f", batchedSeconds)) s   \(grouped(batchedRate)) steps/s (the same, 64 rows per statement: the fastest insert loop of these rows here)")

let share = importRate / bareRate
let sizeShare = Double(corpusBytes) / Double(fileBytes)
print("import / batched     \(String(format: "%5.1f", importRate / batchedRate * 100)) % wall-clock")
print("import / bare        \(String(format: "%5.1f", share * 100)) % wall-clock (CPU: import \(String(format: "%.1f", importCPU)) s, bare loop with its read-back \(String(format: "%.1f", bareCPU)) s)")
print("dedup ratio          \(String(format: "%5.2f", stats.dedupRatio))× (canonical bytes referenced / stored; \(grouped(Double(stats.blobs))) blobs for \(grouped(Double(stats.blobReferences))) references)")
print("corpus.db            \(grouped(Double(corpusBytes) / 1e6)) MB = \(String(format: "%.1f", sizeShare * 100)) % of the pretty files")
print("peak memory          \(String(format: "%.0f", peakAfterImport)) MB maxrss after import (\(String(format: "%.0f", memoryBeforeImport)) MB before it)")
func verdict(_ holds: Bool) -> String { holds ? "holds" : "FAILS" }
print("targets: ≥100,000 steps/s \(verdict(importRate >= 100_000)) · ≥30% of bare \(verdict(share >= 0.30)) · ≤200 MB peak \(verdict(peakAfterImport <= 200)) · ≤25% of files \(verdict(sizeShare <= 0.25))")
