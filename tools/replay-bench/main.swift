// Verify throughput through the stdio replay protocol against in-process replay of the same
// fixtures, measured side by side in one run. Memory Lane's scenarios are recorded in process,
// repeated up to --steps, then replayed both ways.
//
//     swift build -c release --scratch-path /tmp/build-replay-rel --product replay-bench
//     /tmp/build-replay-rel/release/replay-bench [--steps 200000] [--window 512]
//
// `replay-bench --serve` is the runner the protocol side spawns (Memory Lane over stdio).
import Duet
import DuetReplay
import Foundation
import MemoryLane

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

func protocolRun(window: Int, fixtures: [Fixture]) -> (VerifyRun, Double) {
    let executable = Bundle.main.executablePath ?? arguments[0]
    let session = ReplaySession(command: "'\(executable)' --serve", timeout: 30)
    _ = try? session.client()
    let start = DispatchTime.now().uptimeNanoseconds
    let run = FixtureReplayer(session: session, platform: "swift", window: window).verify(fixtures)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    session.close()
    return (run, seconds)
}

let (run, protocolSeconds) = protocolRun(window: window, fixtures: fixtures)
let parallelStart = DispatchTime.now().uptimeNanoseconds
let parallelRun = ParallelReplayer(command: "'\(Bundle.main.executablePath ?? arguments[0])' --serve", platform: "swift",
                                   processes: 2, timeout: 30, window: window).verify(fixtures)
let parallelSeconds = Double(DispatchTime.now().uptimeNanoseconds - parallelStart) / 1e9
let serialFixtures = stride(from: 0, to: fixtures.count, by: 10).map { fixtures[$0] }
let serialSteps = serialFixtures.reduce(0) { $0 + $1.steps.count }
let (serialRun, serialSeconds) = protocolRun(window: 1, fixtures: serialFixtures)

let inRate = Double(stepCount) / inSeconds
let protocolRate = Double(run.stepCount) / protocolSeconds
let parallelRate = Double(parallelRun.stepCount) / parallelSeconds
let serialRate = Double(serialRun.stepCount) / serialSeconds
func format(_ rate: Double) -> String { String(format: "%10.0f steps/s", rate) }
print("in-process            \(format(inRate))  (\(stepCount) steps, \(String(format: "%.3f", inSeconds)) s, \(inFailures) failures)")
print("protocol, window \(String(window).padding(toLength: 5, withPad: " ", startingAt: 0)) \(format(protocolRate))  (\(run.stepCount) steps, \(String(format: "%.3f", protocolSeconds)) s, \(run.failedCount) failures)")
print("protocol, 2 runners    \(format(parallelRate))  (\(parallelRun.stepCount) steps, \(String(format: "%.3f", parallelSeconds)) s incl. start-up, \(parallelRun.failedCount) failures; verify --jobs 2)")
print("protocol, window 1     \(format(serialRate))  (\(serialRun.stepCount) of \(serialSteps) steps, \(String(format: "%.3f", serialSeconds)) s)")
print(String(format: "protocol / in-process: %.1f%% with one runner, %.1f%% with two   (targets: >= 30000 steps/s and >= 30%%)",
             protocolRate / inRate * 100, parallelRate / inRate * 100))
let rateHolds = protocolRate >= 30_000 ? "holds with one runner" : parallelRate >= 30_000 ? "holds with two runners only" : "FAILS"
print("target >= 30000 steps/s: \(rateHolds); target >= 30%: \(protocolRate / inRate >= 0.30 ? "holds" : "FAILS")")
let holds = run.passed && parallelRun.passed && inFailures == 0 && max(protocolRate, parallelRate) >= 30_000 && protocolRate / inRate >= 0.30
print(holds ? "targets: hold" : "targets: FAIL")
exit(holds ? 0 : 1)
