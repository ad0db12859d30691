import Foundation
import XCTest
@testable import DuetManifest

/// The grammar is closed: whatever it does not name is an error at its place, with the fix.
final class StrictManifestTests: XCTestCase {
    private func errors(_ text: String) -> [ManifestError] {
        Manifest.read(bytes: Array(text.utf8), file: "m.yaml").errors
    }

    private func assertRefused(_ text: String, line: Int, column: Int? = nil, _ phrase: String,
                               file: StaticString = #filePath, testLine: UInt = #line) {
        let found = errors(text)
        XCTAssertFalse(found.isEmpty, "accepted:\n\(text)", file: file, line: testLine)
        guard let first = found.first else { return }
        XCTAssertEqual(first.line, line, first.description, file: file, line: testLine)
        if let column { XCTAssertEqual(first.column, column, first.description, file: file, line: testLine) }
        XCTAssertTrue(first.message.contains(phrase), "\(first.description) does not say '\(phrase)'", file: file, line: testLine)
        XCTAssertNotNil(first.fix, "no fix in \(first.description)", file: file, line: testLine)
    }

    func testAWellFormedManifestHasNoError() {
        XCTAssertEqual(errors("""
            runners:
              swift: ./runner
            features:
              a:
                swift: A.swift
                scenario: AScenarios.swift
                structure: {sheet: slot}
                fixtures:
                  - a
            chains: []
            replayRunner: .
            presentation:
              waivers: []
              islands:
                - {id: a.map, feature: a, platform: ios, boundary: MapSummary, internals: MKMapView, reason: map, since: 2026-01-01}
            census:
              rulings:
                - {field: a.mode, ruling: data, reason: content, since: 2026-01-01}
            mocks:
              bundle: 0.6.2
              generators:
                all:
                  output: Mocks.swift
                  template: Mocks.stencil
                  sources: [Sources]
            """), [])
    }

    func testUnknownKeysAreErrorsWithTheKnownSetAndANearMiss() {
        assertRefused("features: {}\nchians:\n  - a\n", line: 2, column: 1, "unknown top-level key 'chians'")
        XCTAssertTrue(errors("chians: []\n").first?.fix?.contains("did you mean 'chains'?") ?? false)
        assertRefused("presentation:\n  waiver: []\n", line: 2, "unknown key 'waiver' in presentation")
        assertRefused("presentation:\n  islands:\n    - {id: a.b, feature: a, boundry: B, boundary: B, reason: r, since: 2026-01-01}\n",
                      line: 3, "unknown key 'boundry' in an island entry")
        assertRefused("census:\n  ruling: []\n", line: 2, "unknown key 'ruling' in census")
    }

    func testUnknownPerFeatureKeysOnlyWarn() {
        let reading = Manifest.read(bytes: Array("features:\n  a:\n    swift: A.swift\n    owner: team-a\n".utf8), file: "m.yaml")
        XCTAssertEqual(reading.errors, [])
        XCTAssertEqual(reading.warnings.map(\.line), [4])
        XCTAssertEqual(reading.manifest.feature(named: "a")?.attributes["owner"], "team-a")
    }

    func testUnknownEnumeratedValuesAreErrors() {
        let island = "presentation:\n  islands:\n    - id: a.b\n      feature: a\n      platform: windows\n      boundary: B\n      reason: r\n      since: 2026-01-01\n"
        assertRefused(island, line: 5, column: 17, "unknown platform 'windows'")
        assertRefused("census:\n  rulings:\n    - {field: a.b, ruling: maybe, reason: r, since: 2026-01-01}\n", line: 3, "unknown ruling 'maybe'")
        assertRefused("features:\n  a:\n    structure:\n      sheet: modal\n", line: 4, column: 14, "not an L0 primitive")
        assertRefused("runners:\n  windows: ./runner\n", line: 2, column: 3, "unknown runner platform 'windows'")
        XCTAssertTrue(errors("runners:\n  swfit: x\n").first?.fix?.contains("did you mean 'swift'?") ?? false)
    }

    func testWrongTypesAreErrors() {
        assertRefused("chains: {a: b}\n", line: 1, column: 9, "chains must be a list, not a mapping")
        assertRefused("features:\n  - a\n", line: 2, "features must be a mapping")
        assertRefused("runners:\n  swift: [a, b]\n", line: 2, column: 10, "runners.swift must be a plain value, not a list")
        assertRefused("presentation:\n  waivers: nope\n", line: 2, "presentation.waivers must be a list")
        assertRefused("replayRunner:\n", line: 1, "replayRunner has no value")
        assertRefused("features:\n  a:\n    fixtures: a\n", line: 3, "features.a.fixtures must be a list")
    }

    func testMissingRequiredKeysAreNamedTogether() {
        let found = errors("presentation:\n  waivers:\n    - kind: a.slot.b\n      feature: a\n")
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found.first?.line, 3)
        XCTAssertEqual(found.first?.message, "a waiver entry needs 'platform', 'manner', 'reason', 'since'")
    }

    func testDuplicateKeysAtAnyLevelAreErrors() {
        assertRefused("runners:\n  swift: a\nfeatures: {}\nrunners:\n  swift: b\n", line: 4, column: 1, "duplicate key 'runners' (first at line 1)")
        assertRefused("features:\n  a:\n    swift: A.swift\n    swift: B.swift\n", line: 4, column: 5, "duplicate key 'swift'")
    }

    func testASecondDocumentIsAnError() {
        assertRefused("features: {}\n---\nchains: []\n", line: 2, column: 1, "a second YAML document")
        // A single explicit document is fine.
        XCTAssertEqual(errors("---\nfeatures: {}\n...\n"), [])
    }

    func testInvalidUTF8IsAnErrorAtItsPlace() {
        var bytes = Array("features:\n  a:\n    scenario: A".utf8)
        bytes += [0xC3, 0x28]   // a lead byte followed by no continuation
        bytes += Array(".swift\n".utf8)
        let found = Manifest.read(bytes: bytes, file: "m.yaml").errors
        XCTAssertEqual(found.first?.line, 3)
        XCTAssertEqual(found.first?.column, 16)
        XCTAssertTrue(found.first?.message.contains("invalid UTF-8") ?? false)
        // Negative control: the same text as valid UTF-8 reads.
        XCTAssertEqual(errors("features:\n  a:\n    scenario: Aé.swift\n"), [])
    }

    func testAnchorsAliasesAndTagsAreRefused() {
        assertRefused("features:\n  a: &x {swift: A.swift}\n", line: 2, "anchors (&x)")
        assertRefused("features:\n  a: *x\n", line: 2, column: 6, "aliases (*name)")
        assertRefused("replayRunner: !!str .\n", line: 1, "tags (tag:yaml.org,2002:str)")
    }

    func testAnAliasBombFailsFastWithLittleMemory() {
        // Nine levels of nine references: 387 million nodes if expanded.
        var text = "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
        var previous = "a"
        for level in "bcdefghi" {
            text += "\(level): &\(level) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ",") + "]\n"
            previous = String(level)
        }
        let before = residentPeak()
        let start = Date()
        let found = errors(text)
        XCTAssertLessThan(Date().timeIntervalSince(start), 1.0)
        XCTAssertLessThan(residentPeak() - before, 50 << 20)
        XCTAssertEqual(found.first?.line, 1)
        // Without anchors, the first alias is what stops it.
        let aliasesOnly = text.replacingOccurrences(of: #"&[a-i] "#, with: "", options: .regularExpression)
        XCTAssertEqual(errors(aliasesOnly).first?.line, 2)
        XCTAssertTrue(errors(aliasesOnly).first?.message.contains("aliases") ?? false)
    }

    func testDeepNestingAndHugeInputAreBounded() {
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200) + "\n"
        XCTAssertTrue(errors("chains: " + deep).first?.message.contains("nesting deeper") ?? false)
        let huge = "chains:\n" + String(repeating: "  - a\n", count: YAMLNode.Limits.bytes / 6 + 1)
        XCTAssertTrue(errors(huge).first?.message.contains("a manifest is at most") ?? false)
    }

    func testEveryErrorIsCollectedInFileOrder() {
        let found = errors("chians: []\nrunners:\n  windows: x\npresentation:\n  waiver: []\n")
        XCTAssertEqual(found.map(\.line), [1, 3, 5])
        XCTAssertThrowsError(try Manifest.parse("chians: []\nrunners:\n  windows: x\n", file: "m.yaml")) { error in
            XCTAssertTrue((error as? ManifestError)?.message.contains("and 1 more") ?? false)
        }
    }

    private func residentPeak() -> Int {
        var usage = rusage()
        getrusage(__rusage_who_t(0), &usage)   // RUSAGE_SELF
        return usage.ru_maxrss * 1024
    }
}
