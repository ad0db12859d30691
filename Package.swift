// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Duet",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "Duet", targets: ["Duet"]),
        .library(name: "DuetTesting", targets: ["DuetTesting"]),
        .library(name: "DuetReplay", targets: ["DuetReplay"]),
        .library(name: "DuetCorpus", targets: ["DuetCorpus"]),
        .library(name: "DuetManifest", targets: ["DuetManifest"]),
        .library(name: "DuetCLI", targets: ["DuetCLI"]),
        .library(name: "MemoryLane", targets: ["MemoryLane"]),
        .executable(name: "duet", targets: ["duet"]),
        .executable(name: "memorylane-runner", targets: ["memorylane-runner"]),
    ],
    targets: [
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]),
        .target(name: "Duet"),
        .target(name: "DuetTesting", dependencies: ["Duet"]),
        .target(name: "DuetReplay", dependencies: ["Duet", "DuetTesting"]),
        .target(name: "DuetManifest", dependencies: ["CYAML", "Duet"]),
        .target(name: "DuetCorpus", dependencies: ["CSQLite", "Duet", "DuetManifest"]),
        .target(name: "DuetCLI", dependencies: ["Duet", "DuetCorpus", "DuetManifest", "DuetReplay"]),
        .executableTarget(name: "duet", dependencies: ["DuetCLI"]),
        .target(name: "MemoryLane", dependencies: ["Duet", "DuetTesting"]),
        .executableTarget(name: "memorylane-runner", dependencies: ["MemoryLane", "DuetReplay"]),
        .executableTarget(name: "dialect-bench", dependencies: ["Duet"], path: "tools/dialect-bench"),
        .executableTarget(name: "corpus-bench", dependencies: ["DuetCorpus", "Duet"], path: "tools/corpus-bench"),
        .executableTarget(name: "replay-bench", dependencies: ["DuetReplay", "DuetCorpus", "MemoryLane"], path: "tools/replay-bench"),
        .executableTarget(name: "query-bench", dependencies: ["DuetCorpus", "Duet"], path: "tools/query-bench"),
        .executableTarget(name: "duet-sample-runner", dependencies: ["DuetReplay", "Duet", "DuetTesting"], path: "Tests/SampleRunner"),
        .testTarget(name: "DuetTests", dependencies: ["Duet", "DuetTesting"]),
        .testTarget(name: "DuetTestingTests", dependencies: ["Duet", "DuetTesting"]),
        .testTarget(name: "DuetCorpusTests", dependencies: ["DuetCorpus", "Duet"]),
        .testTarget(name: "DuetReplayTests", dependencies: ["DuetReplay", "Duet", "DuetTesting", "DuetCorpus", "DuetCLI", "duet-sample-runner"]),
        .testTarget(name: "DuetManifestTests", dependencies: ["DuetManifest", "Duet"]),
        .testTarget(name: "DuetCLITests", dependencies: ["DuetCLI", "DuetCorpus"]),
        .testTarget(name: "MemoryLaneTests", dependencies: ["MemoryLane", "DuetTesting", "DuetReplay"]),
    ],
    swiftLanguageModes: [.v6]
)
