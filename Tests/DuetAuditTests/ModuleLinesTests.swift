import Foundation
import XCTest
import DuetPackageGraph

/// The module lines (DESIGN.md §2): the framework an app links reaches no toolchain module, and
/// only the framework and `duet` are products (`FrameworkLines`); `DuetTesting` is linked by test
/// targets only — not by the framework, the app, a runner, a tool or a benchmark, directly or
/// through another target.
final class ModuleLinesTests: XCTestCase {
    private static let harness = "DuetTesting"

    private static let root: URL = {
        var root = URL(fileURLWithPath: #filePath)
        while root.path != "/" && !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
            root.deleteLastPathComponent()
        }
        return root
    }()

    /// Read once for every test here (about a quarter of a second, 0.8 s with no manifest cache).
    private static let dumped = Result { try PackageGraph.dumped(root: root) }

    // MARK: - The framework apart from the toolchain

    func testTheFrameworkReachesNoToolchainModuleAndOnlyItAndDuetAreProducts() throws {
        let graph = try Self.dumped.get().graph
        // What is judged is this package's graph: the toolchain the framework must not reach is in it.
        let toolchain = graph.reach(from: FrameworkLines.toolchain).subtracting(FrameworkLines.framework)
        XCTAssertTrue(toolchain.isSuperset(of: ["DuetFixtures", "DuetReplay", "DuetCorpus", "DuetGates", "DuetManifest", "DuetCLI"]),
                      "duet reaches the toolchain modules: \(toolchain.sorted())")
        XCTAssertTrue(graph.reach(from: "memorylane-runner").isSuperset(of: ["MemoryLane", "DuetRunner", "Duet"]))
        let crossings = FrameworkLines.crossings(in: graph)
        XCTAssertTrue(crossings.isEmpty, crossings.joined(separator: "\n"))
    }

    /// Negative control: the kernel taking fixture documents back is caught in every framework
    /// module above it and in the app, each with its chain.
    func testADoctoredDescriptionWhereTheKernelLinksFixtureDocumentsFails() throws {
        let doctored = try doctor(Self.dumped.get().json, target: "Duet", adding: ["byName": ["DuetFixtures", NSNull()]])
        let crossings = FrameworkLines.crossings(in: doctored)
        XCTAssertTrue(crossings.contains("framework module Duet reaches DuetFixtures, which an app must not link: Duet → DuetFixtures"), "\(crossings)")
        XCTAssertTrue(crossings.contains("framework module DuetRunner reaches DuetFixtures, which an app must not link: DuetRunner → Duet → DuetFixtures"), "\(crossings)")
        XCTAssertTrue(crossings.contains("the reference app's memorylane-runner reaches DuetFixtures, which an app must not link: memorylane-runner → DuetRunner → Duet → DuetFixtures")
                      || crossings.contains("the reference app's memorylane-runner reaches DuetFixtures, which an app must not link: memorylane-runner → MemoryLane → Duet → DuetFixtures"), "\(crossings)")
    }

    /// The runner side taking the client side (spawning, timeouts) is caught too.
    func testADoctoredDescriptionWhereTheRunnerSideLinksTheClientFails() throws {
        let doctored = try doctor(Self.dumped.get().json, target: "DuetRunner", adding: ["target": ["DuetReplay", NSNull()]])
        XCTAssertEqual(FrameworkLines.crossings(in: doctored).filter { $0.hasPrefix("framework module DuetRunner ") },
                       ["framework module DuetRunner reaches DuetReplay, which an app must not link: DuetRunner → DuetReplay"])
    }

    func testADoctoredDescriptionWhereTheAppLinksTheCorpusFails() throws {
        let doctored = try doctor(Self.dumped.get().json, target: "MemoryLane", adding: ["byName": ["DuetCorpus", NSNull()]])
        XCTAssertEqual(FrameworkLines.crossings(in: doctored),
                       ["the reference app's MemoryLane reaches DuetCorpus, which an app must not link: MemoryLane → DuetCorpus",
                        "the reference app's memorylane-runner reaches DuetCorpus, which an app must not link: memorylane-runner → MemoryLane → DuetCorpus"])
    }

    /// Negative controls of the products: a toolchain library and a bench made products are named.
    func testADoctoredDescriptionThatExportsTheCorpusAndABenchFails() throws {
        let doctored = try doctor(Self.dumped.get().json, products: [
            ["name": "DuetCorpus", "settings": [], "targets": ["DuetCorpus"], "type": ["library": ["automatic"]]],
            ["name": "replay-bench", "settings": [], "targets": ["replay-bench"], "type": ["executable": NSNull()]],
        ])
        XCTAssertEqual(FrameworkLines.crossings(in: doctored), [
            "library product DuetCorpus exports DuetCorpus: only the framework is a library product; the toolchain ships as `duet`",
            "executable product replay-bench: benches, fuzzers and sample runners are targets, not products",
        ])
    }

    func testADoctoredDescriptionWithoutTheRunnerProductFails() throws {
        let json = try Self.dumped.get().json
        var package = try XCTUnwrap(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        package["products"] = (package["products"] as? [[String: Any]] ?? []).filter { $0["name"] as? String != "DuetRunner" }
        let doctored = try JSONDecoder().decode(PackageGraph.self, from: JSONSerialization.data(withJSONObject: package))
        XCTAssertEqual(FrameworkLines.crossings(in: doctored), ["DuetRunner is no library product: an adopter cannot link it"])
    }

    /// The fuzz package (tools/fuzz) compiles the root's modules from the same sources: it must give
    /// them the root's dependencies, or the fuzzers would test another graph than the one that ships.
    func testTheFuzzPackageBuildsTheRootsModulesWithTheRootsDependencies() throws {
        let root = try Self.dumped.get().graph
        let fuzz = try PackageGraph.dumped(root: Self.root.appendingPathComponent("tools/fuzz")).graph
        XCTAssertTrue(fuzz.targets.contains { $0.name == "DuetCorpus" } && fuzz.targets.contains { $0.name == "duet-fuzz" }, "the fuzz package was read")
        XCTAssertEqual(FrameworkLines.mirrorDifferences(root: root, mirror: fuzz), [])
        // Negative control: a dependency the root gains and the fuzz package lacks is named.
        let doctored = try doctor(Self.dumped.get().json, target: "DuetCorpus", adding: ["byName": ["DuetRunner", NSNull()]])
        XCTAssertEqual(FrameworkLines.mirrorDifferences(root: doctored, mirror: fuzz),
                       ["DuetCorpus: Duet depends on [CSQLite, Duet, DuetAudit, DuetFixtures, DuetManifest, DuetRunner], DuetFuzz on [CSQLite, Duet, DuetAudit, DuetFixtures, DuetManifest]"])
    }

    // MARK: - The test harness

    func testNoProductionTargetLinksTheTestHarness() throws {
        let graph = try Self.dumped.get().graph
        // What was read is this package's graph, not an empty one: the harness, its users and the runners are in it.
        XCTAssertEqual(graph.name, "Duet")
        XCTAssertTrue(graph.targets.contains { $0.name == Self.harness }, "the package declares \(Self.harness)")
        XCTAssertTrue(graph.targets.contains { $0.name == "memorylane-runner" && $0.type == "executable" })
        XCTAssertEqual(graph.path(from: "MemoryLaneTests", to: Self.harness), ["MemoryLaneTests", Self.harness],
                       "the path search finds a test target's link to the harness")
        let offenders = graph.productionTargets(reaching: Self.harness)
        XCTAssertTrue(offenders.isEmpty, offenders.map { "\($0.target) links \(Self.harness): \($0.path.joined(separator: " → ")); "
                                                         + "move what it needs into DuetScenarios or another module production code may link" }
                                                  .joined(separator: "\n"))
    }

    /// Negative control: the same check over the real description, doctored so a production
    /// target depends on the harness, names every target that now reaches it and the chain.
    func testADoctoredDescriptionWhereTheAppLinksTheHarnessFails() throws {
        let json = try Self.dumped.get().json
        let doctored = try doctor(json, target: "MemoryLane", adding: ["byName": [Self.harness, NSNull()]])
        let offenders = Dictionary(uniqueKeysWithValues: doctored.productionTargets(reaching: Self.harness).map { ($0.target, $0.path) })
        XCTAssertEqual(offenders["MemoryLane"], ["MemoryLane", Self.harness])
        XCTAssertEqual(offenders["memorylane-runner"], ["memorylane-runner", "MemoryLane", Self.harness], "a transitive link is caught with its chain")
        XCTAssertEqual(offenders["replay-bench"], ["replay-bench", "MemoryLane", Self.harness], "tools count as production")
        XCTAssertNil(offenders["duet"], "a target that does not reach MemoryLane is not named")
        XCTAssertNil(offenders["MemoryLaneTests"], "test targets may link the harness")
    }

    /// The `.target(name:)` spelling is caught as well, deep in the graph: every target above DuetReplay.
    func testADoctoredDescriptionWhereTheReplayLibraryLinksTheHarnessByTargetFails() throws {
        let json = try Self.dumped.get().json
        let doctored = try doctor(json, target: "DuetReplay", adding: ["target": [Self.harness, NSNull()]])
        let offenders = Dictionary(uniqueKeysWithValues: doctored.productionTargets(reaching: Self.harness).map { ($0.target, $0.path) })
        XCTAssertEqual(offenders["duet"], ["duet", "DuetCLI", "DuetReplay", Self.harness])
        XCTAssertEqual(offenders["DuetGates"], ["DuetGates", "DuetReplay", Self.harness])
        XCTAssertNil(offenders["DuetCorpus"], "DuetCorpus does not depend on DuetReplay")
    }

    func testADependencyOfAnUnknownKindStopsTheRead() throws {
        let json = try Self.dumped.get().json
        XCTAssertThrowsError(try doctor(json, target: "MemoryLane", adding: ["module": [Self.harness]]),
                             "a form the check cannot read must not be passed over as no dependency")
    }

    /// The dumped JSON with one more dependency on `target`.
    private func doctor(_ json: Data, target: String, adding dependency: [String: Any]) throws -> PackageGraph {
        var package = try XCTUnwrap(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        var targets = try XCTUnwrap(package["targets"] as? [[String: Any]])
        let index = try XCTUnwrap(targets.firstIndex { $0["name"] as? String == target }, "\(target) is in the package")
        targets[index]["dependencies"] = (targets[index]["dependencies"] as? [Any] ?? []) + [dependency]
        package["targets"] = targets
        return try JSONDecoder().decode(PackageGraph.self, from: JSONSerialization.data(withJSONObject: package))
    }

    /// The dumped JSON with more products.
    private func doctor(_ json: Data, products: [[String: Any]]) throws -> PackageGraph {
        var package = try XCTUnwrap(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        package["products"] = (package["products"] as? [Any] ?? []) + products
        return try JSONDecoder().decode(PackageGraph.self, from: JSONSerialization.data(withJSONObject: package))
    }
}
