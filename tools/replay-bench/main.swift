// Verify throughput through the stdio replay protocol against in-process replay of the same
// fixtures, measured side by side in one run. Memory Lane's scenarios are recorded in process,
// repeated up to --steps, then replayed both ways. Also printed: the runner's per-request work
// in process (decoding from bytes against decoding through a tree), and the CPU time runner and
// verifier each spend per step through the protocol (which side sets the pace).
//
//     swift build -c release --scratch-path /tmp/build-replay-rel --product replay-bench
//     /tmp/build-replay-rel/release/replay-bench [--steps 200000] [--window 512] [--rounds 3] [--kotlin kotlin/build/memorylane-runner]
//
// The like-for-like anchor, one runner and two runners run in --rounds interleaved rounds (each
// round all three, so a load change hits them alike); ratios are per round, then their medians.
//
// With `--kotlin CMD` the two flavors' runners are also measured side by side on the same fixtures
// (`FlavorRun`: start-up to handshake, steps/s once warm); the Kotlin runner must reach 30,000 steps/s.
//
// `replay-bench --serve` is the runner the protocol side spawns (Memory Lane over stdio).
// `--write-requests FILE`, `--write-fixtures DIR` and `--compare NAME=CMD…` put two builds of a
// runner side by side (RunnerComparison.swift).
import Duet
import DuetReplay
import Foundation
import MemoryLane
import DuetFixtures
import DuetRunner

func registry() -> ReplayRegistry {
    var registry = ReplayRegistry(platform: "swift")
    for feature in MemoryLaneApp.features { register(feature, in: &registry) }
    registry.addScenarios(MemoryLaneApp.scenarios)
    registry.addChains(MemoryLaneApp.chains)
    return registry
}
func register<F: Feature>(_ feature: F.Type, in registry: inout ReplayRegistry) { registry.register(feature) }

let arguments = CommandLine.arguments
func option(_ name: String, _ fallback: Int) -> Int {
    arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? Int(arguments[$0 + 1]) : nil } ?? fallback
}

if arguments.contains("--serve") {
    ReplayServer(registry()).serve()
    exit(0)
}

let targetSteps = option("--steps", 200_000)
let window = option("--window", 512)
let inProcess = registry()
let fixtures = BenchFixtures.make(from: inProcess, steps: targetSteps)
let stepCount = fixtures.reduce(0) { $0 + $1.steps.count }
print("replay-bench: \(fixtures.count) fixtures, \(stepCount) steps (Memory Lane scenarios repeated)")

// Two runner builds side by side (RunnerComparison): write their inputs, or race them.
func value(after name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
}
if let path = value(after: "--write-requests") {
    try RunnerComparison.writeRequests(fixtures, to: path)
    print("replay-bench: wrote \(stepCount) reduce requests to \(path)")
    exit(0)
}
if let directory = value(after: "--write-fixtures") {
    try RunnerComparison.writeFixtures(fixtures, to: directory)
    print("replay-bench: wrote \(fixtures.count) fixture files to \(directory)")
    exit(0)
}
if let index = arguments.firstIndex(of: "--compare") {
    let runners = arguments[(index + 1)...].prefix { !$0.hasPrefix("--") }.compactMap { pair -> (name: String, command: String)? in
        guard let equals = pair.firstIndex(of: "=") else { return nil }
        return (String(pair[..<equals]), String(pair[pair.index(after: equals)...]))
    }
    guard !runners.isEmpty else { print("usage: replay-bench --compare NAME=COMMAND NAME=COMMAND [--rounds N]"); exit(2) }
    exit(RunnerComparison.compare(runners, fixtures: fixtures, window: window, rounds: option("--rounds", 3)) ? 0 : 1)
}

// In process: the same per-step work without the protocol — decode, reduce, encode, byte-compare.
let inStart = DispatchTime.now().uptimeNanoseconds
var inFailures = 0
for fixture in fixtures {
    var previous = fixture.initialState!
    for step in fixture.steps {
        let expectedState = step.expectedState!.canonicalBytes
        let expectedEffects = step.expectedEffects.canonicalBytes
        guard let (state, effects) = try? inProcess.reduce(feature: fixture.feature!, state: previous, action: step.action),
              state == expectedState, effects == expectedEffects else { inFailures += 1; break }
        previous = step.expectedState!
    }
}
let inSeconds = Double(DispatchTime.now().uptimeNanoseconds - inStart) / 1e9

// Like for like: everything the two processes of the protocol do per step, in one process without
// the pipe — the verifier's canonical bytes of the step and its request line, the runner's answer
// from bytes (`respond`: scan, decode from bytes, reduce, encode, escape), the verifier reading the
// answer line back (as `ReplayClient.reduceOutcome` does: parse, take the two strings) and
// byte-comparing state and effects. The anchor the protocol is judged against: run in every round
// beside the protocol runs (below).
@MainActor func likeForLike() -> (seconds: Double, failures: Int) {
    let anchorServer = ReplayServer(inProcess)
    let start = DispatchTime.now().uptimeNanoseconds
    var failures = 0
    for fixture in fixtures {
        var previous = fixture.initialState!.canonicalBytes
        for step in fixture.steps {
            let expectedState = step.expectedState!.canonicalBytes
            let expectedEffects = step.expectedEffects.canonicalBytes
            let line = ReplayProtocol.reduceRequest(feature: fixture.feature!, state: previous, action: step.action.canonicalBytes)
            guard let answer = anchorServer.respond(to: Array(line.dropLast())), let tree = try? CanonicalJSON.parse(Array(answer.dropLast())),
                  let state = tree["state"]?.stringValue, let effects = tree["effects"]?.stringValue,
                  Array(state.utf8) == expectedState, Array(effects.utf8) == expectedEffects else { failures += 1; break }
            previous = expectedState
        }
    }
    return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, failures)
}
// The runner's own work per request, in process, both ways side by side: the byte path
// (`respond`: scan, decode from bytes, reduce, encode) against the tree path it replaced
// (parse the request into a tree, decode from the tree, reduce, encode; it writes no response line).
let server = ReplayServer(inProcess)
let stepIndex = fixtures.indices.flatMap { f in fixtures[f].steps.indices.map { (fixture: f, step: $0) } }
// Interleaved in blocks so that both paths see the same machine load; lines built per block.
var bytesSeconds = 0.0, treeSeconds = 0.0, bytesAnswered = 0, treeAnswered = 0
for block in stride(from: 0, to: stepIndex.count, by: 1000) {
    let lines = stepIndex[block..<min(block + 1000, stepIndex.count)].map { at -> (line: [UInt8], feature: String) in
        let fixture = fixtures[at.fixture]
        let state = at.step == 0 ? fixture.initialState! : fixture.steps[at.step - 1].expectedState!
        let line = ReplayProtocol.reduceRequest(feature: fixture.feature!, state: state.canonicalBytes, action: fixture.steps[at.step].action.canonicalBytes)
        return (Array(line.dropLast()), fixture.feature!)
    }
    let bytesStart = DispatchTime.now().uptimeNanoseconds
    for request in lines where server.respond(to: request.line) != nil { bytesAnswered += 1 }
    let treeStart = DispatchTime.now().uptimeNanoseconds
    for request in lines {
        guard let tree = try? CanonicalJSON.parse(request.line), let state = tree["state"], let action = tree["action"],
              (try? inProcess.reduce(feature: request.feature, state: state, action: action)) != nil else { continue }
        treeAnswered += 1
    }
    let treeEnd = DispatchTime.now().uptimeNanoseconds
    bytesSeconds += Double(treeStart - bytesStart) / 1e9
    treeSeconds += Double(treeEnd - treeStart) / 1e9
}

/// CPU seconds (user + system) of this process, or of its reaped children.
func cpuSeconds(children: Bool) -> Double {
    var usage = rusage()
    #if canImport(Glibc)
    getrusage(children ? RUSAGE_CHILDREN.rawValue : RUSAGE_SELF.rawValue, &usage)
    #else
    getrusage(children ? RUSAGE_CHILDREN : RUSAGE_SELF, &usage)
    #endif
    let total = usage.ru_utime.tv_sec + usage.ru_stime.tv_sec
    return Double(total) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

/// Wall seconds, and the CPU seconds of the verifier (this process) and of the runner over the run.
struct ProtocolTiming { var seconds: Double; var verifierCPU: Double; var runnerCPU: Double }

func protocolRun(window: Int, fixtures: [Fixture]) -> (VerifyRun, ProtocolTiming) {
    let executable = Bundle.main.executablePath ?? arguments[0]
    let session = ReplaySession(command: "'\(executable)' --serve", timeout: 30)
    let runnerBefore = cpuSeconds(children: true)
    _ = try? session.client()
    let start = DispatchTime.now().uptimeNanoseconds
    let selfBefore = cpuSeconds(children: false)
    let run = FixtureReplayer(session: session, platform: "swift", window: window).verify(fixtures)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let verifierCPU = cpuSeconds(children: false) - selfBefore
    session.close()
    // The runner is reaped by `close`: its CPU time includes its start-up (registry, handshake).
    return (run, ProtocolTiming(seconds: seconds, verifierCPU: verifierCPU, runnerCPU: cpuSeconds(children: true) - runnerBefore))
}

/// One interleaved round: the like-for-like anchor, one runner, two runners (`verify --jobs 2`,
/// start-up included), each as steps/s.
struct Round { var anchor: Double; var one: Double; var two: Double }
let rounds = max(1, option("--rounds", 3))
var roundRates: [Round] = []
var anchorFailures = 0, protocolPassed = true
var lastRound: (run: VerifyRun, timing: ProtocolTiming, parallelRun: VerifyRun, parallelSeconds: Double)?
for _ in 0..<rounds {
    let anchor = likeForLike()
    anchorFailures += anchor.failures
    let (run, timing) = protocolRun(window: window, fixtures: fixtures)
    let parallelStart = DispatchTime.now().uptimeNanoseconds
    let parallelRun = ParallelReplayer(command: "'\(Bundle.main.executablePath ?? arguments[0])' --serve", platform: "swift",
                                       processes: 2, timeout: 30, window: window).verify(fixtures)
    let parallelSeconds = Double(DispatchTime.now().uptimeNanoseconds - parallelStart) / 1e9
    protocolPassed = protocolPassed && run.passed && parallelRun.passed
    roundRates.append(Round(anchor: Double(stepCount) / anchor.seconds, one: Double(run.stepCount) / timing.seconds,
                            two: Double(parallelRun.stepCount) / parallelSeconds))
    lastRound = (run, timing, parallelRun, parallelSeconds)
}
// The CPU split and the failure counts printed below are the last round's.
let (run, timing, parallelRun, parallelSeconds) = lastRound!
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}
let protocolSeconds = timing.seconds
let serialFixtures = stride(from: 0, to: fixtures.count, by: 10).map { fixtures[$0] }
let serialSteps = serialFixtures.reduce(0) { $0 + $1.steps.count }
let (serialRun, serialTiming) = protocolRun(window: 1, fixtures: serialFixtures)
let serialSeconds = serialTiming.seconds

let inRate = Double(stepCount) / inSeconds
let protocolRate = median(roundRates.map(\.one))
let parallelRate = median(roundRates.map(\.two))
let serialRate = Double(serialRun.stepCount) / serialSeconds
func format(_ rate: Double) -> String { String(format: "%10.0f steps/s", rate) }
print("in-process            \(format(inRate))  (\(stepCount) steps, \(String(format: "%.3f", inSeconds)) s, \(inFailures) failures)")
print(String(format: "runner work, in process: %.1f µs/request from bytes, %.1f µs/request through a tree (%.2fx; %d and %d answered)",
             bytesSeconds / Double(stepIndex.count) * 1e6, treeSeconds / Double(stepIndex.count) * 1e6, treeSeconds / bytesSeconds,
             bytesAnswered, treeAnswered))
print("protocol, window \(String(window).padding(toLength: 5, withPad: " ", startingAt: 0)) \(format(protocolRate))  (median of \(rounds) rounds; last: \(run.stepCount) steps, \(String(format: "%.3f", protocolSeconds)) s, \(run.failedCount) failures)")
// Pipelined, the slower side sets the pace: the side busy close to 100% of the run is the bottleneck.
let perStep: (Double) -> String = { String(format: "%.1f µs/step (busy %.0f%% of the run)", $0 / Double(run.stepCount) * 1e6, $0 / protocolSeconds * 100) }
print("  one runner, CPU:     runner \(perStep(timing.runnerCPU)), verifier \(perStep(timing.verifierCPU))")
print("protocol, 2 runners    \(format(parallelRate))  (median of \(rounds) rounds; last: \(parallelRun.stepCount) steps, \(String(format: "%.3f", parallelSeconds)) s incl. start-up, \(parallelRun.failedCount) failures; verify --jobs 2)")
print("protocol, window 1     \(format(serialRate))  (\(serialRun.stepCount) of \(serialSteps) steps, \(String(format: "%.3f", serialSeconds)) s)")
print(String(format: "protocol / in-process: %.1f%% with one runner, %.1f%% with two   (targets: >= 30000 steps/s and >= 30%%)",
             protocolRate / inRate * 100, parallelRate / inRate * 100))
let anchorRate = median(roundRates.map(\.anchor))
print("in-process, like for like \(format(anchorRate))  (median of \(rounds) rounds: request line, answer from bytes, answer read back, byte-compared; \(anchorFailures) failures)")
for (index, round) in roundRates.enumerated() {
    print(String(format: "  round %d: like for like %.0f, one runner %.0f (%.2fx), two runners %.0f (%.2fx) steps/s", index + 1,
                 round.anchor, round.one, round.one / round.anchor, round.two, round.two / round.anchor))
}
let oneRatio = median(roundRates.map { $0.one / $0.anchor }), twoRatio = median(roundRates.map { $0.two / $0.anchor })
print(String(format: "protocol / like-for-like in-process, median of the rounds' ratios: %.2fx with one runner, %.2fx with two   (target: two runners >= 1.00x: %@)",
             oneRatio, twoRatio, twoRatio >= 1.0 ? "holds" : "FAILS"))
let rateHolds = protocolRate >= 30_000 ? "holds with one runner" : parallelRate >= 30_000 ? "holds with two runners only" : "FAILS"
print("target >= 30000 steps/s: \(rateHolds); target >= 30%: \(protocolRate / inRate >= 0.30 ? "holds" : "FAILS")")
var flavorsHold = true
if let index = arguments.firstIndex(of: "--kotlin"), arguments.indices.contains(index + 1) {
    let swiftRunner = FlavorRun.measure(platform: "swift", command: "'\(Bundle.main.executablePath ?? arguments[0])' --serve",
                                        fixtures: fixtures, window: window)
    let kotlinRunner = FlavorRun.measure(platform: "kotlin", command: arguments[index + 1], fixtures: fixtures, window: window)
    for flavor in [swiftRunner, kotlinRunner] { print(flavor?.line ?? "flavor: a runner did not start") }
    if let swiftRunner, let kotlinRunner {
        print(String(format: "kotlin / swift runner, warm: %.2fx   (target: kotlin >= 30000 steps/s: %@)", kotlinRunner.warmRate / swiftRunner.warmRate,
                     kotlinRunner.warmRate >= 30_000 ? "holds" : "FAILS"))
        flavorsHold = swiftRunner.run.passed && kotlinRunner.run.passed && kotlinRunner.warmRate >= 30_000
    } else {
        flavorsHold = false
    }
}
let holds = flavorsHold && protocolPassed && inFailures == 0 && anchorFailures == 0 && twoRatio >= 1.0 && bytesAnswered == stepIndex.count && treeAnswered == stepIndex.count && max(protocolRate, parallelRate) >= 30_000 && protocolRate / inRate >= 0.30
print(holds ? "targets: hold" : "targets: FAIL")
exit(holds ? 0 : 1)
