// drill-bench: restore-drill rate against verify rate on the same corpus, side by side in one run,
// on the seed and on a generated corpus of --steps steps (the seed's Memory Lane fixtures
// replicated under new names), and the drill's peak memory there. With --incremental: on the
// generated corpus, `duet verify` after one changed fixture (the test cache: only it is replayed)
// against a full `verify --all`, both storing their run, alternating; target ≤ 2 %.
//
//   swift build -c release --scratch-path /tmp/build-drill-rel --product drill-bench
//   swift build -c release --scratch-path /tmp/build-drill-rel --product memorylane-runner
//   /tmp/build-drill-rel/release/drill-bench [--steps 1000000] [--rounds 3] [--runner PATH] [--keep DIR] [--incremental] [--history 50]
//
// With --history N: verify on the generated corpus against a copy of it holding N more stored
// full runs (the retention policy applied as they are stored), alternating; target ≤ 2 % slower.
//
// Every measurement runs in its own child process (`drill-bench --one verify|drill CORPUS RUNNER`),
// verify and drill alternating, so each reports its own wall time and memory — peak RSS (VmHWM)
// and peak anonymous memory (RssAnon sampled every 50 ms: RSS also counts the corpus pages SQLite
// maps for reads) — and a busy machine slows both alike. Rates: the median and the best of the rounds. Verify is
// `VerifyWorkflow` and the manifest's lint, as `duet verify --all` runs them (every fixture
// replayed, the run and the passes stored, then the lint); the drill is `DrillWorkflow` as
// `duet drill restore --all` runs it (storing its run). Steps are fixture steps in both.
import Duet
import DuetCorpus
import DuetGates
import DuetReplay
import Foundation
import DuetFixtures

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
}
func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
func cpuSeconds(_ who: __rusage_who) -> Double {
    var usage = rusage()
    getrusage(who.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

/// A line of /proc/self/status in MB: `VmRSS` (all resident pages), `RssAnon` (heap and stacks:
/// what the process itself holds), `RssFile` (file pages mapped, here the corpus SQLite maps for reads).
func statusMB(_ key: String) -> Double {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix(key + ":") } ?? ""
    return (Double(line.split(separator: " ").dropFirst().first ?? "") ?? 0) / 1024
}

/// The highest `RssAnon` seen, sampled every 0.2 s on its own thread (the kernel keeps no peak of it).
struct AnonymousPeak: Sendable {
    private let peak = Locked(0.0)
    init() {
        Thread.detachNewThread { [peak] in
            while true {
                let now = statusMB("RssAnon")
                peak.withLock { $0 = max($0, now) }
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
    }
    var value: Double { peak.withLock { max($0, statusMB("RssAnon")) } }
}
let executable = Bundle.main.executablePath ?? arguments[0]

/// Gives one fixture (chosen by `round`) the recorded behaviour of another seed fixture's replica,
/// so its behavioural hash changes and it still passes; returns its name.
func changeOneFixture(_ corpus: Corpus, round: Int) throws -> String {
    let names = try corpus.fixtureNames()
    let victim = names[(round &* 7919 &+ 17) % names.count]
    func base(_ name: String) -> Substring { name.split(separator: "~").first ?? Substring(name) }
    var offset = 1
    while base(names[(names.firstIndex(of: victim)! + offset) % names.count]) == base(victim) { offset += 1 }
    let donorName = names[(names.firstIndex(of: victim)! + offset) % names.count]
    let before = try corpus.fixtureFingerprints().first { $0.name == victim }?.hash
    var donor = try corpus.fixtures(named: [donorName])[0]
    donor.name = victim
    try corpus.upsertFixtures([donor])
    guard try corpus.fixtureFingerprints().first(where: { $0.name == victim })?.hash != before else {
        fatalError("drill-bench: \(victim) kept its behaviour after taking \(donorName)'s")
    }
    return victim
}

// MARK: - One measurement (child)

if let index = arguments.firstIndex(of: "--one") {
    let (what, path, runner) = (arguments[index + 1], arguments[index + 2], arguments[index + 3])
    let anonymous = AnonymousPeak()
    let corpus = try Corpus.open(at: path)
    let start = now()
    var line = JSONObject()
    if what == "verify-all" || what == "verify-incremental" {
        // Both are `VerifyWorkflow` as `duet verify` runs it, storing the run and the fixtures' passes.
        var changed = "-"
        if what == "verify-incremental" { changed = try changeOneFixture(corpus, round: Int(arguments[index + 4]) ?? 0) }
        let start = now()
        let outcome = try VerifyWorkflow(corpus: corpus, runners: .resolve(platforms: ["swift"], explicit: runner, manifest: nil), timeout: 60)
            .run(all: what == "verify-all")
        line["seconds"] = .string(String(format: "%.3f", now() - start))
        let run = outcome.runs[0], reuse = outcome.reuse["swift"]
        line["steps"] = .int(Int64(run.stepCount))
        line["fixtures"] = .int(Int64(run.fixtureCount))
        line["replayed"] = .int(Int64(reuse?.replayed ?? -1))
        line["failed"] = .int(Int64(run.failedCount + run.notRunCount))
        line["changed"] = .string(changed)
        line["runnerFailure"] = run.runnerFailure.map { .string($0.description) }
    } else if what == "verify" {
        // `duet verify --all`'s workflow: replay every fixture, store the run and the fixtures'
        // passes, then the manifest's lint (the verb lints after the replay).
        let manifest = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("parity/manifest.yaml").path
        let outcome = try VerifyWorkflow(corpus: corpus, runners: .resolve(platforms: ["swift"], explicit: runner, manifest: nil), timeout: 60,
                                         manifestPath: manifest).run(all: true)
        let lintStart = now()
        let lint = try LintWorkflow.forGate(corpus: corpus, manifestPath: manifest, from: FileManager.default.currentDirectoryPath)
        line["lintSeconds"] = .string(String(format: "%.3f", now() - lintStart))
        let run = outcome.runs[0]
        line["steps"] = .int(Int64(run.stepCount))
        line["requests"] = .int(Int64(run.stepCount))
        line["fixtures"] = .int(Int64(run.fixtureCount))
        line["replayed"] = .int(Int64(outcome.reuse["swift"]?.replayed ?? -1))
        line["failed"] = .int(Int64(run.failedCount + run.notRunCount))
        line["lintFindings"] = .int(Int64((lint?.errors.count ?? 0) + (lint?.findings.count ?? 0)))
        line["runnerFailure"] = run.runnerFailure.map { .string($0.description) }
    } else {
        // Resident memory at each tenth of the fixtures: flat means memory follows the window, not the corpus.
        var samples: [String] = []
        // `duet drill restore --all`: every fixture drilled, the run stored (no pass reused from an earlier round).
        let outcome = try DrillWorkflow(corpus: corpus, runners: ["swift": runner], timeout: 60).run(all: true) { _, done, total in
            if done == total || done % max(1, total / 10) == 0 { samples.append(String(format: "%.0f", statusMB("RssAnon"))) }
        }
        line["residentMB"] = .string(samples.joined(separator: " "))
        let run = outcome.runs[0]
        line["steps"] = .int(Int64(run.stepCount))
        line["requests"] = .int(Int64(run.requests))
        line["fixtures"] = .int(Int64(run.fixtureCount))
        line["failed"] = .int(Int64(run.failedFixtureCount))
        line["runnerFailure"] = run.runnerFailure.map { .string($0.description) }
    }
    if line["seconds"] == nil { line["seconds"] = .string(String(format: "%.3f", now() - start)) }
    line["cpu"] = .string(String(format: "%.1f s here, %.1f s in the runner", cpuSeconds(RUSAGE_SELF), cpuSeconds(RUSAGE_CHILDREN)))
    line["anonymousMB"] = .string(String(format: "%.0f", anonymous.value))
    // The process's own peak (a child's ru_maxrss can carry its parent's at spawn).
    line["peakMB"] = .string(String(format: "%.0f", statusMB("VmHWM")))
    print(JSONValue.object(line).canonicalString)
    exit(0)
}

// MARK: - The corpora

let steps = Int(option("--steps") ?? "") ?? 1_000_000
let rounds = Int(option("--rounds") ?? "") ?? 3
let runner = option("--runner") ?? URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("memorylane-runner").path
guard FileManager.default.isExecutableFile(atPath: runner) else {
    FileHandle.standardError.write(Data("drill-bench: no runner at \(runner) — build memorylane-runner (release) next to drill-bench or pass --runner\n".utf8))
    exit(3)
}
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let work = option("--keep").map { URL(fileURLWithPath: $0) }
    ?? FileManager.default.temporaryDirectory.appendingPathComponent("drill-bench-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
defer { if option("--keep") == nil { try? FileManager.default.removeItem(at: work) } }

let seedPath = work.appendingPathComponent("seed.db").path
let seed = try Corpus.load(seed: root.appendingPathComponent("corpus.db.seed").path, into: seedPath)
let recorded = try seed.fixtures()

let bigPath = work.appendingPathComponent("generated.db").path
if !FileManager.default.fileExists(atPath: bigPath) {
    let generationStart = now()
    let big = try Corpus.open(at: bigPath)
    try big.setStructures(try seed.structures(), origin: "runner:swift")
    var total = 0, round = 0, batch: [Fixture] = []
    while total < steps {
        for var fixture in recorded where total < steps {
            fixture.name += "~\(round)"
            total += fixture.steps.count
            batch.append(fixture)
            if batch.count == 4096 { try big.upsertFixtures(batch); batch.removeAll(keepingCapacity: true) }
        }
        round += 1
    }
    try big.upsertFixtures(batch)
    print(String(format: "drill-bench: generated %d steps in %d fixtures (%d rounds of the seed's %d) in %.1f s",
                 total, try big.fixtureNames().count, round, recorded.count, now() - generationStart))
}

// MARK: - Side by side

struct Measurement {
    var steps = 0, requests = 0, fixtures = 0, failed = 0
    var seconds = 0.0, peakMB = 0.0
    var resident = ""
    var anonymousMB = 0.0
    var replayed = 0
    var changed = ""
    var lintSeconds = 0.0, lintFindings = 0
    var rate: Double { Double(steps) / seconds }
}

nonisolated(unsafe) var measured = 0
func measure(_ what: String, _ path: String) -> Measurement {
    // posix_spawn and wait4 by hand, reading the one result line the child prints.
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { fatalError("drill-bench: no pipe") }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
    posix_spawn_file_actions_addclose(&actions, fds[0])
    let argv: [UnsafeMutablePointer<CChar>?] = [executable, "--one", what, path, runner, String(measured)].map { (text: String) in strdup(text) } + [nil]
    measured += 1
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else { fatalError("drill-bench: cannot start a measurement") }
    posix_spawn_file_actions_destroy(&actions)
    close(fds[1])
    let output = FileHandle(fileDescriptor: fds[0], closeOnDealloc: true).readDataToEndOfFile()
    var status: Int32 = 0, usage = rusage()
    guard wait4(pid, &status, 0, &usage) == pid else { fatalError("drill-bench: lost the measurement's process") }
    guard let line = String(data: output, encoding: .utf8)?.split(separator: "\n").last,
          let value = try? CanonicalJSON.parse(String(line)) else { fatalError("drill-bench: \(what) printed no result (status \(status))") }
    if let failure = value["runnerFailure"]?.stringValue { fatalError("drill-bench: \(what): \(failure)") }
    return Measurement(steps: Int(value["steps"]?.intValue ?? 0), requests: Int(value["requests"]?.intValue ?? 0),
                       fixtures: Int(value["fixtures"]?.intValue ?? 0), failed: Int(value["failed"]?.intValue ?? 0),
                       seconds: Double(value["seconds"]?.stringValue ?? "") ?? .infinity, peakMB: Double(value["peakMB"]?.stringValue ?? "") ?? 0,
                       resident: value["residentMB"]?.stringValue ?? "", anonymousMB: Double(value["anonymousMB"]?.stringValue ?? "") ?? 0,
                       replayed: Int(value["replayed"]?.intValue ?? 0), changed: value["changed"]?.stringValue ?? "",
                       lintSeconds: Double(value["lintSeconds"]?.stringValue ?? "") ?? 0, lintFindings: Int(value["lintFindings"]?.intValue ?? 0))
}

func loadAverage() -> String {
    (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first.map(String.init) ?? "?"
}

if arguments.contains("--incremental") {
    var full: [Measurement] = [], incremental: [Measurement] = []
    for _ in 0..<rounds {
        full.append(measure("verify-all", bigPath))
        incremental.append(measure("verify-incremental", bigPath))
    }
    func median(_ runs: [Measurement]) -> Double { runs.map(\.seconds).sorted()[runs.count / 2] }
    let ratio = median(incremental) / median(full)
    print("generated: \(full[0].fixtures) fixtures, \(full[0].steps) steps (load \(loadAverage()))")
    print(String(format: "  verify --all          median %.3f s (%@), %d replayed, peak RSS %.0f MB",
                 median(full), full.map { String(format: "%.3f", $0.seconds) }.joined(separator: " "), full[0].replayed,
                 full.map(\.peakMB).max() ?? 0))
    print(String(format: "  verify, one changed   median %.3f s (%@), replayed %@, peak RSS %.0f MB",
                 median(incremental), incremental.map { String(format: "%.3f", $0.seconds) }.joined(separator: " "),
                 incremental.map { "\($0.replayed)" }.joined(separator: " "), incremental.map(\.peakMB).max() ?? 0))
    print(String(format: "  incremental / full: %.2f%% of the medians (target <= 2%%)", ratio * 100))
    let holds = ratio <= 0.02 && incremental.allSatisfy { $0.replayed == 1 && $0.failed == 0 } && full.allSatisfy { $0.failed == 0 }
    print(holds ? "targets: hold" : "targets: FAIL")
    exit(holds ? 0 : 1)
}

/// The corpus file's size once its WAL is checkpointed into it: what a stored run adds to.
func corpusBytes(_ path: String) -> Int {
    try? Corpus.open(at: path).checkpoint()
    return [path, path + "-wal"].reduce(0) { total, file in
        total + ((try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0)
    }
}

if let history = Int(option("--history") ?? "") {
    // Verify on the generated corpus as it is, against a copy that holds `history` more stored full
    // runs (copies of its latest, stored through `storeRun` as verify stores one), alternating.
    _ = measure("verify", bigPath)   // a first stored run to copy, and the passes written once
    let historyPath = work.appendingPathComponent("history.db").path
    for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: bigPath + suffix) {
        try? FileManager.default.removeItem(atPath: historyPath + suffix)
        try FileManager.default.copyItem(atPath: bigPath + suffix, toPath: historyPath + suffix)
    }
    let before = corpusBytes(historyPath)
    let copy = try Corpus.open(at: historyPath)
    let latest = try copy.runs(platform: "swift", limit: 1).first!
    for _ in 0..<history { var run = latest; run.id = nil; try copy.storeRun(run) }
    let stored = try copy.runs(platform: "swift", limit: 1000, withResults: false).count
    print(String(format: "history: %d runs stored (%d kept by the policy), corpus %.1f → %.1f MB (%+.2f%% per stored run)", history + 1, stored,
                 Double(before) / 1_048_576, Double(corpusBytes(historyPath)) / 1_048_576,
                 Double(corpusBytes(historyPath) - before) / Double(before) / Double(history) * 100))
    var fresh: [Measurement] = [], old: [Measurement] = []
    for _ in 0..<rounds {
        fresh.append(measure("verify", bigPath))
        old.append(measure("verify", historyPath))
    }
    func median(_ runs: [Measurement]) -> Double { runs.map(\.seconds).sorted()[runs.count / 2] }
    print(String(format: "  verify, %d runs kept: median %.3f s (%@), peak RSS %.0f MB", stored, median(old),
                 old.map { String(format: "%.3f", $0.seconds) }.joined(separator: " "), old.map(\.peakMB).max() ?? 0))
    print(String(format: "  verify, fresh:        median %.3f s (%@), peak RSS %.0f MB", median(fresh),
                 fresh.map { String(format: "%.3f", $0.seconds) }.joined(separator: " "), fresh.map(\.peakMB).max() ?? 0))
    let ratio = median(old) / median(fresh)
    print(String(format: "  with history / fresh: %.3f of the medians (target <= 1.02)", ratio))
    exit(ratio <= 1.02 ? 0 : 1)
}

var holds = true
for (label, path, repeats) in [("seed", seedPath, max(rounds, 5)), ("generated", bigPath, rounds)] {
    var verifies: [Measurement] = [], drills: [Measurement] = []
    var growth: [(before: Int, after: Int)] = []
    for _ in 0..<repeats {
        let before = corpusBytes(path)
        verifies.append(measure("verify", path))
        growth.append((before, corpusBytes(path)))
        drills.append(measure("drill", path))
    }
    let verify = verifies.max { $0.rate < $1.rate }!, drill = drills.max { $0.rate < $1.rate }!
    func median(_ runs: [Measurement]) -> Double { runs.map(\.rate).sorted()[runs.count / 2] }
    let ratio = median(drills) / median(verifies)
    let peak = drills.map(\.peakMB).max() ?? 0, anonymousPeak = drills.map(\.anonymousMB).max() ?? 0
    func rates(_ runs: [Measurement]) -> String { runs.map { String(format: "%.0f", $0.rate) }.joined(separator: " ") }
    print("\(label): \(verify.fixtures) fixtures, \(verify.steps) steps (load \(loadAverage()))")
    print(String(format: "  verify  %9.0f steps/s best of %d (%@), %.3f s (lint %.3f s, %d findings), peak RSS %.0f MB (anonymous %.0f MB), %d failed, %d replayed",
                 verify.rate, repeats, rates(verifies), verify.seconds, verify.lintSeconds, verify.lintFindings, verifies.map(\.peakMB).max() ?? 0,
                 verifies.map(\.anonymousMB).max() ?? 0, verify.failed, verify.replayed))
    print(String(format: "  drill   %9.0f steps/s best of %d (%@), %.3f s, peak RSS %.0f MB (anonymous %.0f MB), %d requests (%.2f per step), %d fixtures with findings",
                 drill.rate, repeats, rates(drills), drill.seconds, peak, anonymousPeak, drill.requests,
                 Double(drill.requests) / Double(max(1, drill.steps)), drill.failed))
    if label == "generated" { print("  drill anonymous MB at each tenth of the fixtures: \(drill.resident)") }
    // Each verify stores one full run; the first also writes every fixture's pass (the test cache, kept in place).
    print("  corpus growth per stored verify run: " + growth.map { pair in
        String(format: "%+.1f KB (%+.2f%% of %.1f MB)", Double(pair.after - pair.before) / 1024,
               Double(pair.after - pair.before) / Double(max(1, pair.before)) * 100, Double(pair.before) / 1_048_576)
    }.joined(separator: ", "))
    print(String(format: "  drill / verify: %.0f%% of the medians, %.0f%% of the best (target >= 50%%)%@", ratio * 100, drill.rate / verify.rate * 100,
                 label == "generated" ? String(format: "; peak RSS drill %.0f MB, verify %.0f MB (target <= 200 MB each)", peak,
                                               verifies.map(\.peakMB).max() ?? 0) : ""))
    if drill.steps != verify.steps { print("  FAIL: the drill counted \(drill.steps) steps, verify \(verify.steps)"); holds = false }
    if ratio < 0.5 { holds = false }
    if label == "generated" && max(peak, verifies.map(\.peakMB).max() ?? 0) > 200 { holds = false }
}
print(holds ? "targets: hold" : "targets: FAIL")
exit(holds ? 0 : 1)
