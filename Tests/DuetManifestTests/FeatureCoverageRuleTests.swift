import Foundation
import XCTest
import Duet
@testable import DuetManifest

/// `feature.declared`: the manifest's `features:` holds every feature the corpus recorded and every
/// feature a runner serves.
final class FeatureCoverageRuleTests: XCTestCase {
    private static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static var memoryLane: String {
        (try? String(contentsOf: packageRoot.appendingPathComponent("parity/manifest.yaml"), encoding: .utf8)) ?? ""
    }

    /// The `feature.declared` findings of `manifest` given what was recorded and served.
    private func findings(_ manifest: String, recorded: [String: Int], served: [String: [String]] = [:]) throws -> (findings: [LintFinding], report: LintReport) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duet-coverage-\(UUID().uuidString)/parity")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let path = folder.appendingPathComponent("manifest.yaml").path
        try Data(manifest.utf8).write(to: URL(fileURLWithPath: path))
        let describes = served.mapValues { $0.map { FeatureStructure(feature: $0, fields: [], actions: [], effects: []) } }
        let report = ManifestLint.check(Manifest.read(path: path), inputs: LintInputs(describes: describes, recorded: recorded))
        return (report.findings.filter { $0.rule == LintRule.featureDeclared.rawValue }, report)
    }

    private var memoryLaneFeatures: [String] {
        get throws {
            let folder = Self.packageRoot.appendingPathComponent("parity/manifest.yaml").path
            return Manifest.read(path: folder).manifest.features.map(\.name)
        }
    }

    func testEveryRecordedAndServedFeatureOfMemoryLaneIsDeclared() throws {
        let features = try memoryLaneFeatures
        XCTAssertFalse(features.isEmpty, "the manifest was read")
        let recorded = Dictionary(uniqueKeysWithValues: features.map { ($0, 3) })
        XCTAssertEqual(try findings(Self.memoryLane, recorded: recorded, served: ["swift": features, "kotlin": features]).findings, [])
    }

    func testARecordedFeatureMissingFromTheManifestIsAFindingAtFeatures() throws {
        let features = try memoryLaneFeatures
        XCTAssertTrue(features.contains("timeline"))
        let text = Self.memoryLane
        let entry = try XCTUnwrap(text.range(of: "  timeline:\n"))
        let end = try XCTUnwrap(text.range(of: "\n  memorydetail:\n", range: entry.upperBound..<text.endIndex))
        let withoutTimeline = text.replacingCharacters(in: entry.lowerBound..<text.index(after: end.lowerBound), with: "")
        let found = try findings(withoutTimeline, recorded: Dictionary(uniqueKeysWithValues: features.map { ($0, 2) }), served: ["swift": features])
        XCTAssertEqual(found.findings.map(\.message),
                       ["feature 'timeline' has 2 fixture(s) in the corpus and is served by the swift runner but has no entry under features:"])
        let firstEntry = text.components(separatedBy: "\n").firstIndex(of: "features:").map { $0 + 2 }
        XCTAssertEqual(found.findings.first?.line, firstEntry, "placed where the features: section begins")
        XCTAssertFalse(found.report.holds)
    }

    func testAFeatureOnlyARunnerServesIsAFinding() throws {
        let found = try findings(Self.memoryLane, recorded: [:], served: ["kotlin": ["rootnav", "tutorial"]])
        XCTAssertEqual(found.findings.map(\.message), ["feature 'tutorial' is served by the kotlin runner but has no entry under features:"])
    }

    func testNoFeaturesDeclaredYetWarnsNamingEachFeatureAndDoesNotFail() throws {
        // The skeleton `duet init` writes: the adopter's first record and verify are not failed, but told.
        let empty = "runners:\n  swift: swift run -q app-runner\n\nfeatures: {}\n"
        let found = try findings(empty, recorded: ["counter": 2, "settings": 1])
        XCTAssertEqual(found.findings, [])
        XCTAssertEqual(found.report.warnings.filter { $0.rule == LintRule.featureDeclared.rawValue }.map(\.message), [
            "feature 'counter' has 2 fixture(s) in the corpus but has no entry under features:",
            "feature 'settings' has 1 fixture(s) in the corpus but has no entry under features:",
        ])
        XCTAssertTrue(found.report.holds)
        // The control: once one feature is declared, a missing one fails.
        let one = "runners:\n  swift: swift run -q app-runner\n\nfeatures:\n  counter:\n    swift: Counter.swift\n    scenario: CounterTests.swift\n"
        XCTAssertEqual(try findings(one, recorded: ["counter": 2, "settings": 1]).findings.map(\.message),
                       ["feature 'settings' has 1 fixture(s) in the corpus but has no entry under features:"])
        // And with nothing recorded or served there is nothing to declare.
        XCTAssertEqual(try findings(empty, recorded: [:]).report.warnings.filter { $0.rule == LintRule.featureDeclared.rawValue }, [])
    }
}
