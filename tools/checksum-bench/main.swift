// checksum-bench: what page checksums cost, side by side in one run. The same synthetic corpus is
// imported into a file with checksums and one without; then the checksummed file is read in
// alternating rounds through the checksumming VFS and through SQLite's default VFS (same bytes,
// only the verification differs): opening it and listing the fixtures (what an unchanged tree
// sync reads), `touches`, the census, and a whole-file integrity check.
//
//   swift build -c release --product checksum-bench
//   .build/release/checksum-bench [--steps 200000] [--seed 1] [--rounds 7]

import Foundation
import Duet
import DuetCorpus
import DuetSynthetic
import DuetFixtures

var steps = 200_000, seed: UInt64 = 1, rounds = 7
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--steps": steps = Int(arguments.popFirst() ?? "") ?? steps
    case "--seed": seed = UInt64(arguments.popFirst() ?? "") ?? seed
    case "--rounds": rounds = max(1, Int(arguments.popFirst() ?? "") ?? rounds)
    default: FileHandle.standardError.write(Data("checksum-bench: unknown argument \(argument)\n".utf8)); exit(2)
    }
}

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

/// This thread's CPU time: unlike the wall clock, it does not grow while other work holds the cores.
func cpuNow() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
func ms(_ seconds: Double) -> String { String(format: "%9.2f ms", seconds * 1000) }

// The checksum alone: one 16 KB page sealed and verified many times.
do {
    var page = [UInt8](repeating: 0, count: Corpus.pageSize)
    for index in page.indices { page[index] = UInt8(truncatingIfNeeded: index &* 2_654_435_761 >> 7) }
    let count = 20_000
    let start = now()
    var holds = 0
    for round in 0..<count {
        page[round % 1_000] &+= 1   // a different page each time, so nothing is computed once
        if PageChecksums.verify(page) { holds += 1 }
    }
    let seconds = now() - start
    print("checksum     \(String(format: "%.2f", seconds / Double(count) * 1e6)) µs per 16 KB page (\(String(format: "%.1f", Double(count * page.count) / seconds / 1e9)) GB/s)\(holds > count ? "" : "")")
}

let synthetic = SyntheticCorpus(shape: .approximately(steps: steps, seed: seed))
let work = FileManager.default.temporaryDirectory.appendingPathComponent("checksum-bench-\(getpid())")
let files = work.appendingPathComponent("fixtures")
try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: work) }
try synthetic.forEachFixture { fixture in
    try Data(fixture.document.prettyBytes).write(to: files.appendingPathComponent(try Fixture.fileName(for: fixture.name)))
}
print("checksum-bench: \(synthetic.totalSteps) steps, \(rounds) rounds, each contender best of the rounds, alternating")

// Writing: the same import into a file with checksums and one without, alternating, twice each.
var importSeconds: [Bool: [Double]] = [:]
for round in 0..<2 {
    for checksums in [true, false] {
        let path = work.appendingPathComponent("import-\(checksums)-\(round).db").path
        let corpus = try Corpus.open(at: path, pageChecksums: checksums)
        try corpus.setStructures(synthetic.structures(), origin: "synthetic")
        let start = now()
        try corpus.importFixtures(from: files.path)
        try corpus.checkpoint()
        importSeconds[checksums, default: []].append(now() - start)
    }
}
let path = work.appendingPathComponent("import-true-1.db").path
let size = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
let sealed = try Corpus.open(at: path)
guard sealed.carriesPageChecksums else { fatalError("the checksummed file carries no checksums") }
let kinds = try sealed.declaredKinds().prefix(8)

/// Best-of-rounds wall-clock and CPU seconds of `body` on a fresh connection through each VFS, alternating.
@MainActor func measure(_ label: String, _ body: (Corpus) throws -> Void) throws {
    var wall: [Bool: Double] = [true: .infinity, false: .infinity]
    var cpu: [Bool: Double] = [true: .infinity, false: .infinity]
    for _ in 0..<rounds {
        for checksums in [true, false] {
            let start = now(), startCPU = cpuNow()
            try body(try Corpus.open(at: path, pageChecksums: checksums))
            wall[checksums] = min(wall[checksums]!, now() - start)
            cpu[checksums] = min(cpu[checksums]!, cpuNow() - startCPU)
        }
    }
    let ratio = wall[true]! / wall[false]!, cpuRatio = cpu[true]! / cpu[false]!
    print("\(label.padding(toLength: 28, withPad: " ", startingAt: 0)) verified \(ms(wall[true]!))   unverified \(ms(wall[false]!))   \(String(format: "%5.2f", ratio))×"
          + "   cpu \(ms(cpu[true]!)) / \(ms(cpu[false]!)) \(String(format: "%5.2f", cpuRatio))×")
}

let best = { (values: [Double]) in values.min() ?? 0 }
let importRatio = best(importSeconds[true]!) / best(importSeconds[false]!)
print("\("import (writes)".padding(toLength: 28, withPad: " ", startingAt: 0)) verified \(ms(best(importSeconds[true]!)))   unverified \(ms(best(importSeconds[false]!)))   \(String(format: "%5.2f", importRatio))× (+\(String(format: "%.1f", (importRatio - 1) * 100)) %)")
try measure("open + list fixtures") { corpus in _ = try corpus.fixtureFingerprints() }
try measure("touches (\(kinds.count) kinds)") { corpus in for kind in kinds { _ = try corpus.touches(try KindPattern(kind)) } }
try measure("census") { corpus in _ = try corpus.census(rulings: []) }
try measure("integrity check (every page)") { corpus in _ = try corpus.integrityProblems() }
print("file         \(size / 1_000_000) MB, \(size / Corpus.pageSize) pages of \(Corpus.pageSize) bytes, 8 of them reserved per page")
