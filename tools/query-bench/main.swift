// query-bench: `touches` latency side by side with `grep -rl` over the same fixture files, and
// census time, on a seeded synthetic corpus (about a million steps by default).
//
//   swift build -c release --scratch-path /tmp/build-queries-rel --product query-bench
//   /tmp/build-queries-rel/release/query-bench [--steps 1000000] [--seed 1] [--rounds 5] [--grep-kinds 5] [--items 10] [--keep] [--work DIR] [--duet PATH]
//
// --work DIR keeps the files and corpus in DIR and reuses them on the next run with the same DIR.
// --duet PATH adds the whole process beside the in-process figures: `duet --corpus CORPUS` `query
// touches KIND`, `census` and `query kinds` from outside any tree, interleaved with `duet --version`
// (the start-up floor), with the phase split `DUET_TIMINGS=1` reports (target ≤ 30 ms median each).

import Foundation
import Duet
import DuetCorpus
import DuetSynthetic
import DuetFixtures

struct Options {
    var steps = 1_000_000
    var seed: UInt64 = 1
    var rounds = 5
    var grepKinds = 5
    var keep = false
    var work: String?
    var duet: String?
    var items = 10

    init(_ arguments: [String]) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--steps": steps = Int(rest.popFirst() ?? "") ?? steps
            case "--seed": seed = UInt64(rest.popFirst() ?? "") ?? seed
            case "--rounds": rounds = max(1, Int(rest.popFirst() ?? "") ?? rounds)
            case "--grep-kinds": grepKinds = max(1, Int(rest.popFirst() ?? "") ?? grepKinds)
            case "--keep": keep = true
            case "--duet": duet = rest.popFirst()
            case "--items": items = max(0, Int(rest.popFirst() ?? "") ?? items)
            case "--work": work = rest.popFirst(); keep = true
            default: FileHandle.standardError.write(Data("query-bench: unknown argument \(argument)\n".utf8)); exit(2)
            }
        }
    }
}

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

/// This thread's CPU time: unlike the wall clock, it does not grow when other work shares the cores.
func cpuNow() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
}

func ms(_ seconds: Double) -> String { String(format: "%8.2f ms", seconds * 1000) }

/// `grep -rlF PATTERN DIR` (optionally only `<feature>.*` files), returning the seconds and the files listed.
func grep(_ pattern: String, feature: String?, in directory: String) throws -> (Double, Int) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["grep", "-rlF"] + (feature.map { ["--include=\($0).*"] } ?? []) + [pattern, directory]
    let pipe = Pipe()
    process.standardOutput = pipe
    let start = now()
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let seconds = now() - start
    return (seconds, output.split(separator: UInt8(ascii: "\n")).count)
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
let synthetic = SyntheticCorpus(shape: .approximately(steps: options.steps, seed: options.seed, maximumItems: options.items))
let work = options.work.map { URL(fileURLWithPath: $0) } ?? FileManager.default.temporaryDirectory.appendingPathComponent("query-bench-\(getpid())")
let corpusPath = work.appendingPathComponent("corpus.db").path
let reuse = FileManager.default.fileExists(atPath: corpusPath)
let files = work.appendingPathComponent("fixtures")
try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
defer { if !options.keep { try? FileManager.default.removeItem(at: work) } }

print("query-bench: \(synthetic.totalSteps) steps, \(synthetic.shape.features) features × \(synthetic.shape.fixturesPerFeature) fixtures × \(synthetic.shape.stepsPerFixture) steps, seed \(options.seed)")
var start = now()
var fileBytes = 0
if !reuse {
try synthetic.forEachFixture { fixture in
    let bytes = fixture.document.prettyBytes
    fileBytes += bytes.count
    try Data(bytes).write(to: files.appendingPathComponent(try Fixture.fileName(for: fixture.name)))
}
print("generated    \(String(format: "%7.1f", now() - start)) s   \(fileBytes / 1_000_000) MB of pretty fixture files")
}

let corpus = try Corpus.open(at: corpusPath, migrate: true)
if reuse {
    print("reused       \(corpusPath): \(try corpus.stats().steps) steps")
} else {
    try corpus.setStructures(synthetic.structures(), origin: "synthetic")
    start = now()
    let imported = try corpus.importFixtures(from: files.path)
    print("imported     \(String(format: "%7.1f", now() - start)) s   \(imported.steps) steps")
}
try corpus.checkpoint()
try corpus.analyze()

// Every declared kind, each asked `rounds` times after one warm-up.
let kinds = try corpus.declaredKinds()
var touchTimes: [Double] = []
var touchCPU: [Double] = []
var spanCounts: [Int] = []
for kind in kinds {
    let pattern = try KindPattern(kind)
    spanCounts.append(try corpus.touches(pattern).spans.count)
    for _ in 0..<options.rounds {
        start = now()
        let cpu = cpuNow()
        _ = try corpus.touches(pattern)
        touchCPU.append(cpuNow() - cpu)
        touchTimes.append(now() - start)
    }
}
let touchesP50 = percentile(touchTimes, 0.5)
let touchesCPUP50 = percentile(touchCPU, 0.5)
print("touches      p50 \(ms(touchesP50))   p90 \(ms(percentile(touchTimes, 0.9)))   max \(ms(touchTimes.max() ?? 0))   (\(kinds.count) kinds × \(options.rounds); median \(Int(percentile(spanCounts.map(Double.init), 0.5))) spans, max \(spanCounts.max() ?? 0))")
print("touches cpu  p50 \(ms(touchesCPUP50))   p90 \(ms(percentile(touchCPU, 0.9)))   (this thread's CPU time: what the wall clock shows on an idle machine)")

// grep over the files for a spread of the same kinds: the case name in quotes, as a sum case
// ("case": "x") or a raw tab/phase value ("activeTab": "x") shows in the pretty files. First the
// whole folder (what `grep -rl` over the exported files does), then only the feature's files.
var grepTimes: [Double] = []
var featureGrepTimes: [Double] = []
let stride = max(1, kinds.count / options.grepKinds)
for kind in Swift.stride(from: 0, to: kinds.count, by: stride).prefix(options.grepKinds).map({ kinds[$0] }) {
    let parts = kind.split(separator: ".")
    let found = try corpus.touches(KindPattern(kind)).fixtures.count
    let (seconds, listed) = try grep("\"\(parts[2])\"", feature: nil, in: files.path)
    let (featureSeconds, featureListed) = try grep("\"\(parts[2])\"", feature: String(parts[0]), in: files.path)
    grepTimes.append(seconds)
    featureGrepTimes.append(featureSeconds)
    print("grep -rl     \(ms(seconds)) (\(listed) files)   --include=\(parts[0]).* \(ms(featureSeconds)) (\(featureListed) files)   \(kind): touches \(found) fixtures")
}
let grepP50 = percentile(grepTimes, 0.5)
let featureGrepP50 = percentile(featureGrepTimes, 0.5)
let ratio = grepP50 / touchesP50
print("grep         p50 \(ms(grepP50)) whole folder (touches \(String(format: "%.0f", ratio))× faster), \(ms(featureGrepP50)) one feature's files (\(String(format: "%.0f", featureGrepP50 / touchesP50))×)")

var censusTimes: [Double] = []
var censusCPU: [Double] = []
var census = try corpus.census(rulings: [])
for _ in 0..<max(5, options.rounds) {
    start = now()
    let cpu = cpuNow()
    census = try corpus.census(rulings: [])
    censusCPU.append(cpuNow() - cpu)
    censusTimes.append(now() - start)
}
let censusP50 = percentile(censusTimes, 0.5)
let d = census.declared
print("census       p50 \(ms(censusP50))   cpu \(ms(percentile(censusCPU, 0.5)))   path \(d.path), slot \(d.slot), tabs \(d.tabs), stage \(d.stage); \(census.candidates.count) candidates")

var kindsTimes: [Double] = []
for _ in 0..<max(5, options.rounds) {
    start = now()
    _ = try corpus.kindCoverage(feature: nil)
    kindsTimes.append(now() - start)
}
print("query kinds  p50 \(ms(percentile(kindsTimes, 0.5)))   (kind coverage, every feature)")

func verdict(_ holds: Bool) -> String { holds ? "holds" : "FAILS" }
var wholeProcessHolds: Bool?
if let duet = options.duet {
    let busiest = kinds[spanCounts.indices.max { spanCounts[$0] < spanCounts[$1] } ?? 0]
    wholeProcessHolds = try WholeProcess(duet: URL(fileURLWithPath: duet).path, corpusPath: corpusPath, rounds: max(7, options.rounds)).measure(kind: busiest, inProcess: [
        "query touches \(busiest)": touchesP50, "census": censusP50, "query kinds": percentile(kindsTimes, 0.5),
    ])
}
let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first.map(String.init) ?? "?"
print("targets (wall clock, load average \(load) on \(ProcessInfo.processInfo.activeProcessorCount) cores): touches ≤5 ms \(verdict(touchesP50 <= 0.005)) (cpu \(verdict(touchesCPUP50 <= 0.005))) · ≥100× grep -rl \(verdict(ratio >= 100)) · census ≤50 ms \(verdict(censusP50 <= 0.050))\(wholeProcessHolds.map { " · whole process ≤30 ms outside a tree \(verdict($0))" } ?? "")")
