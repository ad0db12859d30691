// explore-bench: explore's rate against verify's on the same two runners, side by side in one run,
// and (--mutations) the mutation score of the fixtures alone against fixtures plus explore.
//
//   swift build -c release --scratch-path /tmp/build-explore-rel --product explore-bench
//   swift build -c release --scratch-path /tmp/build-explore-rel --product memorylane-runner
//   kotlin/build.sh
//   /tmp/build-explore-rel/release/explore-bench [--steps 100000] [--rounds 3]
//       [--swift /tmp/build-explore-rel/release/memorylane-runner] [--kotlin kotlin/build/memorylane-runner]
//   /tmp/build-explore-rel/release/explore-bench --mutations [--budget 100000] [--row NAME]…
//
// Rate: a step is judged on both platforms in both. Verify replays the seed's fixtures, repeated to
// --steps, through each runner in turn (as `verify --platform all` does: `ParallelReplayer`, one
// process, window 512, nothing stored), so its rate is steps / (Swift's time + Kotlin's time).
// Explore takes --steps steps of seed 1 on the same corpus (`ExploreEngine` through
// `ExploreWorkflow`, restore drill off, nothing stored), each step sent to both runners at once.
// Rounds alternate which goes first; the ratio is taken on the medians. Target: ≥ 70 %.
//
// Mutations: `duet mutate --explore BUDGET` over parity/mutations.json (the copy in
// .build/duet-mutate); prints per platform the mutants the fixtures alone catch and those fixtures
// plus explore catch, of the rows that built and are not marked equivalent. Target: ≥ 90 % with explore.
import Duet
import DuetCorpus
import DuetGates
import DuetManifest
import DuetReplay
import Foundation

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
}
func options(_ name: String) -> [String] {
    arguments.indices.filter { arguments[$0] == name && $0 + 1 < arguments.count }.map { arguments[$0 + 1] }
}
func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data(("explore-bench: " + message + "\n").utf8))
    exit(1)
}
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
let work = FileManager.default.temporaryDirectory.appendingPathComponent("explore-bench-\(UUID().uuidString)").path
try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: work) }
let corpus = try Corpus.load(seed: root + "/corpus.db.seed", into: work + "/corpus.db")

if arguments.contains("--mutations") {
    let manifest = try Manifest.load(path: root + "/parity/manifest.yaml")
    var drill = MutationDrill(corpus: corpus, repository: root, plan: try MutationPlan.read(path: root + "/" + MutationPlan.relativePath),
                              runners: manifest.runners, workspace: root + "/.build/duet-mutate")
    drill.exploreBudget = Int(option("--budget") ?? "100000") ?? 100_000
    let rows = options("--row")
    let started = now()
    let outcome = try drill.run(only: rows.isEmpty ? nil : rows) { what, done, total in
        FileHandle.standardError.write(Data("\(what) (\(done)/\(total))\n".utf8))
    }
    if let stop = outcome.stoppedBy { fail("the drill stopped: \(stop)") }
    print("mutation score, fixtures alone and fixtures + explore --budget \(drill.exploreBudget!), \(outcome.rows.count) rows in \(Int(now() - started)) s")
    for row in outcome.rows {
        let explore = row.explore.map { $0.caught ? "explore caught it at step \($0.stepsToFinding ?? $0.steps), \($0.actions ?? 0) action(s)" : "explore: survived \($0.steps) steps" } ?? ""
        print("  \(row.name) [\(row.platform)]: \(row.verdict.rawValue)\(row.equivalent.map { " (equivalent: \($0))" } ?? "") \(explore)")
    }
    var met = true
    for score in outcome.scores {
        let alone = Double(score.byFixtures) / Double(max(1, score.mutants)), with = Double(score.withExplore) / Double(max(1, score.mutants))
        print(String(format: "%@: %d mutants; fixtures alone %d (%.0f%%); fixtures + explore %d (%.0f%%)", score.platform, score.mutants,
                     score.byFixtures, alone * 100, score.withExplore, with * 100))
        met = met && with >= 0.9
    }
    print(met ? "target met: ≥ 90% of the mutants caught with explore on every platform" : "target NOT met: < 90% on some platform")
    exit(met ? 0 : 1)
}

let steps = Int(option("--steps") ?? "100000") ?? 100_000
let rounds = max(1, Int(option("--rounds") ?? "3") ?? 3)
let swift = option("--swift") ?? "/tmp/build-explore-rel/release/memorylane-runner"
let kotlin = option("--kotlin") ?? root + "/kotlin/build/memorylane-runner"
for runner in [swift, kotlin] where !FileManager.default.isExecutableFile(atPath: runner) { fail("no runner at \(runner) — build it first (see the header)") }

let fixtures = try corpus.fixtures()
let perPass = fixtures.reduce(0) { $0 + $1.steps.count }
let repeated = Array(repeating: fixtures, count: max(1, steps / max(1, perPass))).flatMap { $0 }
let verifySteps = repeated.reduce(0) { $0 + $1.steps.count }

@MainActor func verify() -> Double {
    var seconds = 0.0
    var alone: [String] = []
    for (platform, command) in [("swift", swift), ("kotlin", kotlin)] {
        let started = now()
        let run = ParallelReplayer(command: command, platform: platform, processes: 1).verify(repeated)
        let took = now() - started
        seconds += took
        alone.append(String(format: "%@ alone %.0f steps/s", platform, Double(verifySteps) / took))
        if !run.passed { fail("verify on \(platform) did not pass: \(run.failedCount) failed, \(run.runnerFailure.map { "\($0)" } ?? "")") }
    }
    print("  verify: " + alone.joined(separator: ", "))
    return Double(verifySteps) / seconds
}

@MainActor func explore() -> Double {
    var options = ExploreOptions()
    options.budget = steps
    options.seed = 1
    options.restoreEvery = 0
    var workflow = ExploreWorkflow(corpus: corpus, runners: RunnerCommands(commands: ["swift": swift, "kotlin": kotlin], missing: []), options: options)
    workflow.keepsResults = false
    let started = now()
    guard let outcome = try? workflow.run() else { fail("explore could not run") }
    let seconds = now() - started
    if let failure = outcome.runnerFailure { fail("explore stopped: \(failure)") }
    if !outcome.findings.isEmpty { fail("explore found \(outcome.findings.count) finding(s) on the seed: fix them first (`duet explore`)") }
    return Double(outcome.steps) / seconds
}

print("explore-bench: \(verifySteps) fixture steps for verify (the seed's \(fixtures.count) fixtures, \(perPass) steps, repeated), \(steps) explore steps; \(rounds) rounds")
var verifyRates: [Double] = [], exploreRates: [Double] = []
for round in 0..<rounds {
    if round % 2 == 0 { verifyRates.append(verify()); exploreRates.append(explore()) }
    else { exploreRates.append(explore()); verifyRates.append(verify()) }
    print(String(format: "round %d: verify (both platforms) %.0f steps/s, explore (both platforms) %.0f steps/s — %.0f%%",
                 round + 1, verifyRates.last!, exploreRates.last!, exploreRates.last! / verifyRates.last! * 100))
}
let ratio = median(exploreRates) / median(verifyRates)
print(String(format: "median: verify %.0f steps/s, explore %.0f steps/s — explore at %.0f%% of verify (target ≥ 70%%)",
             median(verifyRates), median(exploreRates), ratio * 100))
exit(ratio >= 0.7 ? 0 : 1)
