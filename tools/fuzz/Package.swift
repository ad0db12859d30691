// swift-tools-version:6.0
import PackageDescription

// The fuzzers, a package of their own so they build in their own configuration (libFuzzer,
// AddressSanitizer, `-enable-testing` for the fixture reader's internals: `run.sh`) without
// touching the root package's builds. `Sources` links to the root's Sources: the modules under
// test are compiled from the same files, with the root's dependencies between them
// (ModuleLinesTests holds the two manifests to that). The properties are shared with the root's
// FuzzRegressionTests, which replays the kept inputs on every `swift test`.
let package = Package(
    name: "DuetFuzz",
    platforms: [.macOS(.v13)],
    targets: [
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]),
        .target(name: "Duet"),
        .target(name: "DuetFixtures", dependencies: ["Duet"]),
        .target(name: "DuetManifest", dependencies: ["CYAML", "Duet"]),
        .target(name: "DuetAudit", dependencies: ["Duet"]),
        .target(name: "DuetCorpus", dependencies: ["CSQLite", "Duet", "DuetFixtures", "DuetManifest", "DuetAudit"]),
        .target(name: "DuetFuzzProperties", dependencies: ["Duet", "DuetFixtures", "DuetCorpus", "DuetManifest"], path: "Properties"),
        .executableTarget(name: "duet-fuzz", dependencies: ["DuetFuzzProperties"], path: "duet-fuzz"),
    ],
    swiftLanguageModes: [.v6]
)
