import Foundation
import XCTest

/// The module lines (DESIGN.md §2): `DuetTesting` is linked by test targets only — not by the
/// framework, the app, a runner, a tool or a benchmark, directly or through another target.
final class ModuleLinesTests: XCTestCase {
    private static let harness = "DuetTesting"

    /// Read once for every test here (about a quarter of a second, 0.8 s with no manifest cache).
    private static let dumped = Result { () throws -> (graph: PackageGraph, json: Data) in
        var root = URL(fileURLWithPath: #filePath)
        while root.path != "/" && !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
            root.deleteLastPathComponent()
        }
        return try PackageGraph.dumped(root: root)
    }

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
}
