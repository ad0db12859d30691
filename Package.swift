// swift-tools-version:6.0
import PackageDescription

/// When `duet` carries its own Swift runtime and Foundation. Compiling its one module with the flag
/// records the static libraries they need (Foundation's ICU and CoreFoundation among them).
let staticRuntime = BuildSettingCondition.when(platforms: [.linux], configuration: .release)

let package = Package(
    name: "Duet",
    platforms: [.macOS(.v13), .iOS(.v16)],
    // What an adopter uses: the framework an app links (`Duet`; `DuetScenarios` for its scenarios;
    // `DuetRunner` for its runner target; `DuetTesting` for its tests) and the toolchain (`duet`).
    // Everything else — fixture documents, the corpus, the gates, the CLI, the reference app,
    // benches, sample runners — is a target of this package, never a product. The fuzzers are a
    // package of their own (tools/fuzz), built in their own configuration.
    products: [
        .library(name: "Duet", targets: ["Duet"]),
        .library(name: "DuetScenarios", targets: ["DuetScenarios"]),
        .library(name: "DuetRunner", targets: ["DuetRunner"]),
        .library(name: "DuetTesting", targets: ["DuetTesting"]),
        .executable(name: "duet", targets: ["duet"]),
    ],
    targets: [
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]),
        // The framework.
        .target(name: "Duet"),
        .target(name: "DuetScenarios", dependencies: ["Duet"]),
        .target(name: "DuetRunner", dependencies: ["Duet", "DuetScenarios"]),
        .target(name: "DuetTesting", dependencies: ["Duet", "DuetScenarios"]),
        // The toolchain.
        .target(name: "DuetFixtures", dependencies: ["Duet"]),
        .target(name: "DuetReplay", dependencies: ["Duet", "DuetScenarios", "DuetRunner", "DuetFixtures"]),
        .target(name: "DuetManifest", dependencies: ["CYAML", "Duet"]),
        .target(name: "DuetAudit", dependencies: ["Duet"]),
        .target(name: "DuetCorpus", dependencies: ["CSQLite", "Duet", "DuetFixtures", "DuetManifest", "DuetAudit"]),
        .target(name: "DuetGates", dependencies: ["Duet", "DuetFixtures", "DuetRunner", "DuetReplay", "DuetCorpus", "DuetManifest"]),
        .target(name: "DuetCLI", dependencies: ["Duet", "DuetFixtures", "DuetCorpus", "DuetManifest", "DuetReplay", "DuetAudit", "DuetGates"]),
        // A release `duet` links the Swift runtime and Foundation statically on Linux: loading and
        // relocating them was two thirds of a short verb's wall time (BENCHMARKS.md, "start-up").
        .executableTarget(name: "duet", dependencies: ["DuetCLI"],
                          swiftSettings: [.unsafeFlags(["-static-stdlib"], staticRuntime)],
                          linkerSettings: [.unsafeFlags(["-static-stdlib"], staticRuntime)]),
        // The reference app.
        .target(name: "MemoryLane", dependencies: ["Duet", "DuetScenarios"]),
        .executableTarget(name: "memorylane-runner", dependencies: ["MemoryLane", "DuetRunner"]),
        // Benches, the synthetic corpus they measure, the reliability drivers and sample runners.
        .target(name: "DuetSynthetic", dependencies: ["Duet", "DuetFixtures"], path: "tools/synthetic"),
        .executableTarget(name: "dialect-bench", dependencies: ["Duet", "DuetFixtures"], path: "tools/dialect-bench"),
        .executableTarget(name: "corpus-bench", dependencies: ["DuetCorpus", "DuetSynthetic", "Duet"], path: "tools/corpus-bench"),
        .executableTarget(name: "replay-bench", dependencies: ["DuetRunner", "DuetReplay", "DuetFixtures", "DuetCorpus", "MemoryLane"], path: "tools/replay-bench", exclude: ["compare-runners.sh"]),
        .executableTarget(name: "sync-bench", dependencies: ["DuetCorpus", "DuetSynthetic", "Duet"], path: "tools/sync-bench"),
        .executableTarget(name: "query-bench", dependencies: ["DuetCorpus", "DuetSynthetic", "Duet"], path: "tools/query-bench"),
        .executableTarget(name: "drill-bench", dependencies: ["DuetGates", "DuetReplay", "DuetFixtures", "DuetCorpus", "Duet", "MemoryLane"], path: "tools/drill-bench"),
        .executableTarget(name: "checksum-bench", dependencies: ["DuetCorpus", "DuetSynthetic", "Duet"], path: "tools/checksum-bench"),
        .executableTarget(name: "explore-bench", dependencies: ["DuetGates", "DuetReplay", "DuetFixtures", "DuetCorpus", "DuetManifest", "Duet"], path: "tools/explore-bench"),
        .executableTarget(name: "duet-reliability", dependencies: ["Duet", "DuetCorpus", "DuetSynthetic"], path: "tools/reliability/Driver"),
        .executableTarget(name: "duet-sample-runner", dependencies: ["DuetRunner", "Duet", "DuetScenarios"], path: "Tests/SampleRunner"),
        .executableTarget(name: "duet-drill-runner", dependencies: ["DuetRunner", "Duet", "DuetScenarios", "MemoryLane"], path: "Tests/DrillRunner"),
        .testTarget(name: "DuetTests", dependencies: ["Duet", "DuetTesting", "DuetFixtures"]),
        .testTarget(name: "DuetFixturesTests", dependencies: ["DuetFixtures", "Duet"]),
        .testTarget(name: "DuetTestingTests", dependencies: ["Duet", "DuetTesting", "DuetScenarios"]),
        .target(name: "DuetCorpusSamples", dependencies: ["DuetCorpus", "DuetManifest", "DuetFixtures", "Duet"], path: "Tests/DuetCorpusSamples"),
        .testTarget(name: "DuetCorpusTests", dependencies: ["DuetCorpus", "DuetCorpusSamples", "DuetSynthetic", "DuetFixtures", "Duet"]),
        .testTarget(name: "DuetReplayTests", dependencies: ["DuetReplay", "DuetRunner", "DuetFixtures", "Duet", "DuetScenarios", "DuetCorpus", "DuetGates", "DuetCLI", "duet-sample-runner"]),
        .testTarget(name: "DuetManifestTests", dependencies: ["DuetManifest", "Duet"]),
        // The package graph as SwiftPM resolves it, and the framework's lines judged on it (ModuleLinesTests, AdopterLoopTests).
        .target(name: "DuetPackageGraph", path: "Tests/DuetPackageGraph"),
        .testTarget(name: "DuetAuditTests", dependencies: ["DuetAudit", "Duet", "DuetPackageGraph"]),
        .testTarget(name: "DuetCLITests", dependencies: ["DuetCLI", "DuetCorpus", "DuetCorpusSamples", "DuetFixtures", "DuetGates", "DuetPackageGraph", "duet", "memorylane-runner", "duet-sample-runner"]),
        .testTarget(name: "DuetGatesTests", dependencies: ["DuetGates", "DuetReplay", "DuetCorpus", "DuetManifest", "Duet", "DuetCLI", "duet-drill-runner"]),
        .testTarget(name: "MemoryLaneTests", dependencies: ["MemoryLane", "DuetTesting", "DuetScenarios", "DuetRunner", "DuetReplay"]),
        // Replays the fuzzers' kept inputs through their properties (Properties is tools/fuzz/Properties).
        .testTarget(name: "DuetFuzzTests", dependencies: ["Duet", "DuetFixtures", "DuetCorpus", "DuetManifest"]),
    ],
    swiftLanguageModes: [.v6]
)
