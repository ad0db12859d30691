import XCTest
import Duet
@testable import DuetCLI
import DuetManifest

/// `duet lint` on Memory Lane's own manifest, and `duet census` on a corpus no runner describes.
final class LintAndForeignCorpusTests: XCTestCase {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A corpus built from the committed seed: Memory Lane as recorded, with swift's describe. Loaded
    /// in `tree` (the checkout by default), the tree it then follows.
    private func seededCorpus(in tree: URL = LintAndForeignCorpusTests.packageRoot) throws -> String {
        let path = try temporaryDirectory().appendingPathComponent("corpus.db").path
        let load = duet("--corpus", path, "corpus", "load", Self.packageRoot.appendingPathComponent("corpus.db.seed").path, in: tree.path)
        XCTAssertEqual(load.status, .holds, load.stderr)
        return path
    }

    func testLintHoldsOnMemoryLanesManifest() throws {
        let corpus = try seededCorpus()
        let run = duet("--corpus", corpus, "lint", "--format", "json", in: Self.packageRoot.path)
        XCTAssertEqual(run.status, .holds, run.stdout + run.stderr)
        let report = try CanonicalJSON.parse(run.stdout)
        XCTAssertEqual(report["status"]?.stringValue, "holds")
        XCTAssertEqual(report["findings"]?.arrayValue?.count, 0)
        // A platform under runners: that never reported is asked once: with the Kotlin runner built
        // (as CI builds it before the tests), its describe is compared too.
        let kotlinBuilt = FileManager.default.isExecutableFile(atPath: Self.packageRoot.appendingPathComponent("kotlin/build/memorylane-runner").path)
        XCTAssertEqual(report["summary"]?.stringValue, "lint holds (\(LintRule.allCases.count) rules; "
                       + (kotlinBuilt ? "declaration parity holds between swift and kotlin)" : "declaration parity not checked: only swift has reported a describe)"))
    }

    func testABrokenCopyOfMemoryLanesManifestIsNamedAtItsLine() throws {
        let root = try temporaryDirectory()
        try FileManager.default.createDirectory(at: root.appendingPathComponent("parity"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("Sources"), withDestinationURL: Self.packageRoot.appendingPathComponent("Sources"))
        let text = try String(contentsOf: Self.packageRoot.appendingPathComponent("parity/manifest.yaml"), encoding: .utf8)
        let broken = text.replacingOccurrences(of: "id: memorydetail.video-player", with: "id: memorydetail.video-playr")
        try broken.write(to: root.appendingPathComponent("parity/manifest.yaml"), atomically: true, encoding: .utf8)
        let corpus = try seededCorpus(in: root)
        let run = duet("--corpus", corpus, "lint", in: root.path)
        XCTAssertEqual(run.status, .findings)
        let line = broken.components(separatedBy: "\n").firstIndex { $0.contains("video-playr") }! + 1
        XCTAssertTrue(run.stdout.contains("manifest.yaml:\(line):11"), run.stdout)
        XCTAssertTrue(run.stdout.contains("use one of memorydetail.photo-carousel, memorydetail.video-player"), run.stdout)
    }

    func testAFeatureTheCorpusRecordedButTheManifestDropsIsAFinding() throws {
        let root = try temporaryDirectory()
        try FileManager.default.createDirectory(at: root.appendingPathComponent("parity"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("Sources"), withDestinationURL: Self.packageRoot.appendingPathComponent("Sources"))
        let text = try String(contentsOf: Self.packageRoot.appendingPathComponent("parity/manifest.yaml"), encoding: .utf8)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("parity/fixtures"),
                                                   withDestinationURL: Self.packageRoot.appendingPathComponent("parity/fixtures"))
        let entry = try XCTUnwrap(text.range(of: "  priming:\n"))
        let next = try XCTUnwrap(text.range(of: "\n\n", range: entry.upperBound..<text.endIndex))
        try text.replacingCharacters(in: entry.lowerBound..<next.lowerBound, with: "").write(to: root.appendingPathComponent("parity/manifest.yaml"), atomically: true, encoding: .utf8)
        let corpus = try seededCorpus(in: root)
        let run = duet("--corpus", corpus, "lint", "--format", "json", in: root.path)
        XCTAssertEqual(run.status, .findings, run.stderr)
        let findings = try CanonicalJSON.parse(run.stdout)["findings"]?.arrayValue ?? []
        let recorded = try FileManager.default.contentsOfDirectory(atPath: Self.packageRoot.appendingPathComponent("parity/fixtures").path)
            .filter { $0.hasPrefix("priming.") || $0 == "priming.fixture.json" }.count
        XCTAssertEqual(findings.filter { $0["rule"]?.stringValue == "feature.declared" }.compactMap { $0["message"]?.stringValue },
                       ["feature 'priming' has \(recorded) fixture(s) in the corpus and is served by the swift runner but has no entry under features:"], run.stdout)
    }

    func testCensusOnAForeignCorpusFailsUntilItsStructureIsDeclared() throws {
        let root = try temporaryDirectory()
        let fixtures = root.appendingPathComponent("parity/fixtures")
        try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
        let steps = #"[{"action":{"case":"tabTapped"},"expectedEffects":[],"expectedState":{"tab":{"case":"profile"}}},{"action":{"case":"aboutTapped"},"expectedEffects":[],"expectedState":{"isAboutPresented":true,"tab":{"case":"profile"}}}]"#
        try Data(try CanonicalJSON.parse(#"{"dialect":2,"feature":"shell","initialState":{"tab":{"case":"home"}},"steps":\#(steps)}"#).prettyBytes)
            .write(to: fixtures.appendingPathComponent("shell.fixture.json"))
        try Data(try CanonicalJSON.parse(#"{"feature":"counter","initialState":{"count":0},"steps":[{"action":{"case":"increment"},"expectedEffects":[],"expectedState":{"count":1}}]}"#).prettyBytes)
            .write(to: fixtures.appendingPathComponent("counter.fixture.json"))
        let manifest = root.appendingPathComponent("parity/manifest.yaml")
        try "features: {}\n".write(to: manifest, atomically: true, encoding: .utf8)
        XCTAssertEqual(duet("import", "parity/fixtures", in: root.path).status, .holds)

        let unknown = duet("census", in: root.path)
        XCTAssertEqual(unknown.status, .findings)
        XCTAssertTrue(unknown.stderr.contains("the structure of counter, shell is unknown"), unknown.stderr)
        XCTAssertTrue(unknown.stdout.contains("Features whose structure is unknown"), unknown.stdout)

        try "features:\n  counter:\n    structure: {}\n  shell:\n    structure: {tab: tabs}\n".write(to: manifest, atomically: true, encoding: .utf8)
        XCTAssertEqual(duet("import", "parity/fixtures", in: root.path).status, .holds)
        let candidate = duet("census", "--format", "json", in: root.path)
        XCTAssertEqual(candidate.status, .findings, candidate.stderr)
        XCTAssertTrue(candidate.stderr.contains("shell.isAboutPresented"), candidate.stderr)
        let report = try CanonicalJSON.parse(candidate.stdout)
        XCTAssertEqual(report["features"]?.arrayValue?.last?["tabs"], .int(1))

        try "features:\n  counter:\n    structure: {}\n  shell:\n    structure: {tab: tabs}\ncensus:\n  rulings:\n    - {field: shell.isAboutPresented, ruling: data, reason: an info banner, since: 2026-01-01}\n"
            .write(to: manifest, atomically: true, encoding: .utf8)
        XCTAssertEqual(duet("census", in: root.path).status, .holds)
    }
}
