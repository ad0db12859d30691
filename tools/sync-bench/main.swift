// sync-bench: the tree sync every verb starts with, against a full import of the same files, in
// one run: N fixture files of record (synthetic, pinned pretty form) are imported into a fresh
// corpus, then synced with nothing changed, then with one file changed.
//
//   swift build -c release --product sync-bench
//   .build/release/sync-bench [--files 10000] [--steps 40] [--items 10] [--rounds 7] [--seed 1]
//   .build/release/sync-bench --loop 200 --steps 2    # only unchanged syncs, for `perf record`
//   .build/release/sync-bench --loop-changed 100      # only syncs of one changed file
//
//   .build/release/sync-bench --duet .build/release/duet   # also the whole-process `duet census`
//   .build/release/sync-bench --files 266000 --steps 4 --items 1 --import-rounds 1 --rounds 5   # ~1M steps
//
// Targets: the unchanged sync ≤ 2% of the import's time; with one file changed ≤ 5%; the unchanged
// sync no slower than `git status` on the same tree (a repository made of it, run in the same
// rounds). Every figure is a median of the rounds, the import's of three fresh corpora.
// `--steps` steps per fixture and `--items` the state size (10: ~2.2 KB of pretty file per step;
// 1: ~0.9 KB, as Memory Lane's fixtures, which hold 3.7 steps on average).

import Foundation
import Duet
import DuetCorpus
import DuetSynthetic

struct Options {
    var files = 10_000
    var steps = 40
    var items = 10
    var rounds = 7
    var importRounds = 3
    var seed: UInt64 = 1
    var loop = 0
    var loopChanged = 0
    var duet: String?

    init(_ arguments: [String]) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--duet", let path = rest.popFirst() { duet = path; continue }
            let value = rest.popFirst().flatMap { Int($0) }
            switch (argument, value) {
            case ("--files", let v?) where v > 0: files = v
            case ("--steps", let v?) where v > 0: steps = v
            case ("--items", let v?) where v >= 0: items = v
            case ("--rounds", let v?) where v > 0: rounds = v
            case ("--import-rounds", let v?) where v > 0: importRounds = v
            case ("--seed", let v?) where v >= 0: seed = UInt64(v)
            case ("--loop", let v?) where v > 0: loop = v
            case ("--loop-changed", let v?) where v > 0: loopChanged = v
            default:
                FileHandle.standardError.write(Data("sync-bench: bad argument \(argument) — see the header of tools/sync-bench/main.swift\n".utf8))
                exit(2)
            }
        }
    }
}

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }
func percent(_ part: Double, _ whole: Double) -> String { String(format: "%.2f%%", part / whole * 100) }

let options = Options(Array(CommandLine.arguments.dropFirst()))
let features = 16
let shape = SyntheticCorpus.Shape(features: features, fixturesPerFeature: (options.files + features - 1) / features,
                                  stepsPerFixture: options.steps, seed: options.seed, maximumItems: options.items)
let synthetic = SyntheticCorpus(shape: shape)
let work = FileManager.default.temporaryDirectory.appendingPathComponent("duet-sync-bench-\(getpid())")
let tree = RecordTree(root: work.path)
// `exit` skips `defer`: every way out goes through here.
func finish(_ status: Int32) -> Never {
    try? FileManager.default.removeItem(at: work)
    exit(status)
}

// The tree: written once with plain writes (no temporary file, no fsync: `FileManager.createFile`
// took ~7 ms a file here, which put 266k files out of reach), dated an hour ago (a checkout's files
// are not all changing this second).
try FileManager.default.createDirectory(atPath: tree.fixturesDirectory, withIntermediateDirectories: true)
var written = 0, bytes = 0
var firstFile = ""
let anHourAgo = timespec(tv_sec: time(nil) - 3600, tv_nsec: 0)
try synthetic.forEachFixture { fixture in
    guard written < options.files else { return }
    let path = tree.fixturesDirectory + "/" + fixture.name + ".fixture.json"
    let data = fixture.document.prettyBytes
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let complete = descriptor >= 0 && data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == data.count
        && [anHourAgo, anHourAgo].withUnsafeBufferPointer { futimens(descriptor, $0.baseAddress) } == 0
    if descriptor >= 0 { close(descriptor) }
    guard complete else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
    if firstFile.isEmpty { firstFile = path }
    written += 1; bytes += data.count
    if written % 20_000 == 0 { FileHandle.standardError.write(Data("tree: \(written) files written\n".utf8)) }
}
print("tree: \(written) fixture files, \(written * options.steps) steps, \(bytes / 1_048_576) MB")

// The full import: a fresh corpus each round, the median of `--import-rounds` (three; it is the slow side).
var importTimes: [Double] = []
var corpus: Corpus!
for round in 0..<options.importRounds {
    let path = work.appendingPathComponent("corpus-\(round).db").path
    let fresh = try Corpus.open(at: path)
    try fresh.setStructures(synthetic.structures(), origin: "synthetic")
    let start = now()
    let summary = try fresh.sync(with: tree)
    importTimes.append(now() - start)
    precondition(summary.imported.count == written, "the first sync imports every file")
    corpus = fresh
}
let importTime = median(importTimes)
if options.loop > 0 {
    for _ in 0..<options.loop { _ = try corpus.sync(with: tree) }
    finish(0)
}
if options.loopChanged > 0 {
    for round in 0..<options.loopChanged {
        var fixture = synthetic.fixture(feature: 0, index: 0)
        fixture.description = "changed in round \(round)"
        try Data(fixture.document.prettyBytes).write(to: URL(fileURLWithPath: firstFile))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: firstFile)
        _ = try corpus.sync(with: tree)
    }
    finish(0)
}

/// Runs `arguments` in `directory` with its output discarded; its wall time, or nil when it failed.
func timed(_ arguments: [String], in directory: URL) -> Double? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: arguments[0].hasPrefix("/") || arguments[0].hasPrefix(".") ? arguments[0] : "/usr/bin/env")
    process.arguments = arguments[0].hasPrefix("/") || arguments[0].hasPrefix(".") ? Array(arguments.dropFirst()) : arguments
    process.currentDirectoryURL = directory
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    let start = now()
    guard (try? process.run()) != nil else { return nil }
    process.waitUntilExit()
    return process.terminationStatus == 0 ? now() - start : nil
}

// The anchor: the same tree as a git repository (the corpus files ignored), everything committed —
// with no automatic `git gc`, which a commit of 266k loose objects starts detached, beside the rounds.
try Data("*.db\n*.db-*\n".utf8).write(to: work.appendingPathComponent(".gitignore"))
let gitReady = [["git", "init", "-q"], ["git", "add", "-A"],
                ["git", "-c", "user.name=bench", "-c", "user.email=bench@localhost", "-c", "gc.auto=0", "commit", "-qm", "tree"]]
    .allSatisfy { timed($0, in: work) != nil }
let corpusPath = work.appendingPathComponent("corpus-\(options.importRounds - 1).db").path

// Nothing changed, and then one file changed, interleaved so both see the same load.
var unchanged: [Double] = [], oneChanged: [Double] = [], gitStatus: [Double] = [], census: [Double] = []
for round in 0..<options.rounds {
    if gitReady, let time = timed(["git", "status", "--porcelain"], in: work) { gitStatus.append(time) }
    if let duet = options.duet, let time = timed([duet, "--corpus", corpusPath, "census"], in: work) { census.append(time) }
    var start = now()
    let quiet = try corpus.sync(with: tree)
    unchanged.append(now() - start)
    precondition(quiet.filesRead == 0 && !quiet.changedCorpus, "an unchanged tree reads no file")

    var fixture = synthetic.fixture(feature: 0, index: 0)
    fixture.description = "changed in round \(round)"
    try Data(fixture.document.prettyBytes).write(to: URL(fileURLWithPath: firstFile))
    try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: firstFile)
    start = now()
    let changed = try corpus.sync(with: tree)
    oneChanged.append(now() - start)
    precondition(changed.imported == [fixture.name] && changed.filesRead == 1, "one changed file is read and imported")
}

print("full import (sync into an empty corpus): \(ms(importTime)) (median of \(importTimes.count))")
print("sync, nothing changed:  \(ms(median(unchanged))) median of \(options.rounds) — \(percent(median(unchanged), importTime)) of the import (target ≤ 2%)")
print("sync, one file changed: \(ms(median(oneChanged))) median of \(options.rounds) — \(percent(median(oneChanged), importTime)) of the import (target ≤ 5%)")
if !gitStatus.isEmpty {
    let git = median(gitStatus)
    print("git status --porcelain (whole process, same tree): \(ms(git)) median of \(gitStatus.count) — unchanged sync / git status: \(String(format: "%.2f", median(unchanged) / git))× (target ≤ 1)")
}
if !census.isEmpty {
    print("duet census in the tree (whole process, unchanged tree): \(ms(median(census))) median of \(census.count) — / git status: \(gitStatus.isEmpty ? "–" : String(format: "%.2f×", median(census) / median(gitStatus)))")
} else if options.duet != nil {
    print("duet census in the tree: did not run (the command failed)")
}
let holds = median(unchanged) <= importTime * 0.02 && median(oneChanged) <= importTime * 0.05
    && (gitStatus.isEmpty || median(unchanged) <= median(gitStatus))
print(holds ? "targets: hold" : "targets: fail")
finish(holds ? 0 : 1)
