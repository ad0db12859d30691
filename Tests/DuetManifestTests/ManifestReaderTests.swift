import Foundation
import XCTest
@testable import DuetManifest

final class ManifestReaderTests: XCTestCase {
    /// The project's miniature adopter manifest (`vectors/mini-adopter`, upstream's grammar, written here).
    static var miniAdopterManifest: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("vectors/mini-adopter/parity/manifest.yaml")
    }

    func testReadsTheMiniAdopterManifest() throws {
        let manifest = try Manifest.load(path: Self.miniAdopterManifest.path)
        XCTAssertEqual(manifest.features.map(\.name), ["lamp"])
        XCTAssertEqual(manifest.features[0].attributes["state"], "LampState")
        XCTAssertEqual(manifest.features[0].attributes["kotlin"], "android/feature-lamp/src/main/kotlin/dev/mini/lamp/LampFeature.kt")
        XCTAssertEqual(manifest.features[0].fixtures, ["lamp"])
        XCTAssertEqual(manifest.chains, ["lamp.dim"])
        XCTAssertEqual(manifest.waivers.map(\.kind), ["lamp.glow-fade"])
        XCTAssertEqual(manifest.waivers.first?.since, "2026-09-14")
        XCTAssertEqual(manifest.islands.map(\.id), ["lamp.colour-wheel"])
        XCTAssertNil(manifest.islands.first?.platform)
        // Negative control: the vector with its island moved under a platform reads differently.
        let text = try String(contentsOf: Self.miniAdopterManifest, encoding: .utf8)
        let mutated = try Manifest.parse(text.replacingOccurrences(of: "      feature: lamp\n      boundary:", with: "      feature: lamp\n      platform: ios\n      boundary:"),
                                         file: "manifest.yaml")
        XCTAssertEqual(mutated.islands.first?.platform, "ios")
    }

    func testReadsRunnersStructureAndRulings() throws {
        let manifest = try Manifest.parse("""
        runners:
          swift: swift run -q memorylane-runner
        features:
          mainnav:
            swift: Sources/MainNav.swift
            structure: {activeTab: tabs, sheet: slot}
        census:
          rulings:
            - field: onboarding.page
              ruling: data
              reason: no host mounts children from it
              since: 2026-11-30
        """, file: "m.yaml")
        XCTAssertEqual(manifest.runners["swift"], "swift run -q memorylane-runner")
        XCTAssertEqual(manifest.feature(named: "mainnav")?.structure.map(\.field), ["activeTab", "sheet"])
        XCTAssertEqual(manifest.feature(named: "mainnav")?.structure.map(\.primitive), [.tabs, .slot])
        XCTAssertEqual(manifest.rulings.first?.field, "onboarding.page")
        XCTAssertEqual(manifest.rulings.first?.location, ManifestLocation(line: 9, column: 7))
    }

    func testAnUnknownPrimitiveIsRefusedWithItsPlace() {
        XCTAssertThrowsError(try Manifest.parse("features:\n  a:\n    structure: {sheet: modal}\n", file: "m.yaml")) { error in
            let error = error as? ManifestError
            XCTAssertEqual(error?.line, 3)
            XCTAssertEqual(error?.column, 24)
            XCTAssertTrue(error?.message.contains("not an L0 primitive") ?? false)
        }
    }

    func testAMissingRequiredKeyNamesIt() {
        XCTAssertThrowsError(try Manifest.parse("census:\n  rulings:\n    - field: a.b\n      ruling: data\n", file: "m.yaml")) { error in
            XCTAssertEqual((error as? ManifestError)?.message, "a census ruling entry needs 'reason', 'since'")
        }
    }

    func testReadsDrillRulingsAndRefusesABadStep() throws {
        let manifest = try Manifest.parse("""
        drill:
          rulings:
            - fixture: timeline.deep-link.stale-link
              step: 3
              rule: carry-on
              path: path[0]
              reason: deletions are remembered for the lane's lifetime only
              since: 2026-12-01
            - {fixture: capture.save, rule: carry-on, reason: in flight, since: 2026-12-01}
        """, file: "m.yaml")
        XCTAssertEqual(manifest.drillRulings.map(\.fixture), ["timeline.deep-link.stale-link", "capture.save"])
        XCTAssertEqual(manifest.drillRulings.map(\.step), [3, nil])
        XCTAssertEqual(manifest.drillRulings.map(\.path), ["path[0]", nil])
        XCTAssertEqual(manifest.drillRulings.first?.location.line, 3)
        XCTAssertThrowsError(try Manifest.parse("drill:\n  rulings:\n    - {fixture: a, step: -1, rule: carry-on, reason: r, since: s}\n",
                                                file: "m.yaml")) { error in
            XCTAssertEqual((error as? ManifestError)?.message, "a drill ruling's step must be a 0-based step number, not '-1'")
        }
        XCTAssertThrowsError(try Manifest.parse("drill:\n  rulings:\n    - {fixture: a, rule: carry-on, since: s}\n", file: "m.yaml")) { error in
            XCTAssertEqual((error as? ManifestError)?.message, "a drill ruling entry needs 'reason'")
        }
    }

    func testADrillRulingMayNameAFeatureButNotBothNorAStepWithIt() throws {
        let manifest = try Manifest.parse("drill:\n  rulings:\n    - {feature: shared, rule: carry-on, path: path, reason: loaded, since: 2026-12-01}\n",
                                          file: "m.yaml")
        XCTAssertEqual(manifest.drillRulings.first?.feature, "shared")
        XCTAssertEqual(manifest.drillRulings.first?.fixture, "")
        XCTAssertEqual(DrillRuling.spineField("path[1].value.context"), "path")
        XCTAssertEqual(DrillRuling.spineField("videoPlayer.positionMillis"), "videoPlayer")
        for bad in ["{fixture: a, feature: b, rule: carry-on, reason: r, since: s}", "{rule: carry-on, reason: r, since: s}"] {
            XCTAssertThrowsError(try Manifest.parse("drill:\n  rulings:\n    - \(bad)\n", file: "m.yaml")) { error in
                XCTAssertEqual((error as? ManifestError)?.message, "a drill ruling names a fixture: or a feature:, one of them")
            }
        }
        XCTAssertThrowsError(try Manifest.parse("drill:\n  rulings:\n    - {feature: b, step: 2, rule: carry-on, reason: r, since: s}\n", file: "m.yaml")) { error in
            XCTAssertEqual((error as? ManifestError)?.message, "a feature's drill ruling has no step: it holds wherever the gap shows")
        }
    }

    func testASyntaxErrorCarriesLineAndColumn() {
        XCTAssertThrowsError(try Manifest.parse("features:\n  a: [unclosed\n", file: "m.yaml")) { error in
            let error = error as? ManifestError
            XCTAssertEqual(error?.file, "m.yaml")
            XCTAssertEqual(error?.line, 3)
        }
    }

    func testDuplicateKeysAreRefused() {
        XCTAssertThrowsError(try Manifest.parse("runners:\n  swift: a\n  swift: b\n", file: "m.yaml")) { error in
            XCTAssertEqual((error as? ManifestError)?.line, 3)
        }
    }
}
