import Foundation
import XCTest
import Duet
@testable import DuetCLI

/// An upstream tree with fixtures, no runner and no `structure:` (the project's tutorial tree under
/// `vectors/tutorial`) onboards itself: the census lists its navigation-shaped fields and
/// `census --suggest` prints the `structure:` block that, pasted, makes the census judge it.
final class CensusSuggestTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        let work = try temporaryDirectory()
        root = work.appendingPathComponent("tutorial")
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("vectors/tutorial"), to: root)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }

    func testTheCensusListsTheFieldsOfFeaturesNothingDescribes() throws {
        let run = duet("census", "--format", "json", in: root.path)
        XCTAssertEqual(run.status, .findings, "nothing declares a structure yet: \(run.stderr)")
        let report = try CanonicalJSON.parse(run.stdoutBytes)
        let candidates = report["candidates"]?.arrayValue?.compactMap { $0["field"]?.stringValue } ?? []
        XCTAssertEqual(candidates.sorted(), ["upgrade.isReceiptPresented", "upgrade.path", "upgrade.sheet", "upgrade.step"], "\(report)")
        XCTAssertTrue(run.stderr.contains("`duet census --suggest` prints one from the snapshots"), run.stderr)
    }

    func testSuggestProposesTheStructureWithItsEvidence() throws {
        let run = duet("census", "--suggest", in: root.path)
        XCTAssertEqual(run.status, .holds, run.stderr)
        XCTAssertTrue(run.stdout.contains("""
              upgrade:
                structure:  # from 6 snapshots of 2 fixtures
                  path: path   # array of sum types; elements planDetail; up to 1 deep; 1 fixture (upgrade.buys-pro); set in 1 of 6 snapshots
                  sheet: slot  # optional sum type; sum whose case changes between snapshots; cases terms; 1 fixture (upgrade.buys-pro); set in 1 of 6 snapshots
                  step: stage  # sum whose case changes between snapshots; cases plans, payment, done; 2 fixtures (upgrade.backs-out, upgrade.buys-pro); set in 6 of 6 snapshots
            """), run.stdout)
        XCTAssertTrue(run.stdout.contains("  counter:\n    structure: {}  # no navigation-shaped field in 7 snapshots of 3 fixtures\n"), run.stdout)
        XCTAssertTrue(run.stdout.contains("    # isReceiptPresented: a presentation flag"), run.stdout)

        let json = try CanonicalJSON.parse(duet("census", "--suggest", "--format", "json", in: root.path).stdoutBytes)
        let upgrade = try XCTUnwrap(json["features"]?.arrayValue?.first { $0["feature"]?.stringValue == "upgrade" })
        XCTAssertEqual(upgrade["fields"]?.arrayValue?.compactMap { $0["primitive"]?.stringValue }, ["path", "slot", "stage"])
        XCTAssertEqual(upgrade["fields"]?.arrayValue?.last?["evidence"]?["cases"], .array(["plans", "payment", "done"].map(JSONValue.string)))
        XCTAssertEqual(upgrade["flags"]?.arrayValue?.compactMap { $0["field"]?.stringValue }, ["isReceiptPresented"])
    }

    func testThePastedBlockMakesTheCensusJudgeTheTree() throws {
        let suggested = duet("census", "--suggest", in: root.path).stdout
        try paste(suggested)
        let pasted = duet("census", "--format", "json", in: root.path)
        let report = try CanonicalJSON.parse(pasted.stdoutBytes)
        XCTAssertNil(report["unknown_structure"], pasted.stdout + pasted.stderr)
        let total = try XCTUnwrap(report["features"]?.arrayValue?.last)
        XCTAssertEqual([total["path"], total["slot"], total["tabs"], total["stage"]].map { $0?.intValue }, [1, 1, 0, 1])
        XCTAssertEqual([total["observed_path"], total["observed_slot"], total["observed_stage"]].map { $0?.intValue }, [1, 1, 1])
        // Only the flag is left, and a ruling settles it: the census holds.
        XCTAssertEqual(report["candidates"]?.arrayValue?.compactMap { $0["field"]?.stringValue }, ["upgrade.isReceiptPresented"])
        try append("census:\n  rulings:\n    - {field: upgrade.isReceiptPresented, ruling: data, reason: the receipt is a banner, since: 2026-09-01}\n")
        let ruled = duet("census", in: root.path)
        XCTAssertEqual(ruled.status, .holds, ruled.stdout + ruled.stderr)
        XCTAssertEqual(duet("census", "--suggest", in: root.path).stderr.contains("nothing to suggest"), true)
        // And the ledger's kinds and islands can now be checked: the lint holds.
        let lint = duet("lint", in: root.path)
        XCTAssertEqual(lint.status, .holds, lint.stdout + lint.stderr)
    }

    func testAStepThatNeverChangesIsNotNavigation() throws {
        // Negative control: without the fixture that moves the step past `plans` (and the one that
        // pushes and opens the sheet), nothing about upgrade looks like navigation but the flag's name.
        for name in ["upgrade.buys-pro", "chain-counter-upgrade"] {
            try FileManager.default.removeItem(at: root.appendingPathComponent("parity/fixtures/\(name).fixture.json"))
        }
        try edit("parity/manifest.yaml") { $0.replacingOccurrences(of: "      - upgrade.buys-pro\n", with: "")
            .replacingOccurrences(of: "chains:\n  - chain-counter-upgrade\n", with: "") }
        try edit("parity/fixtures/upgrade.backs-out.fixture.json") { text in
            text.replacingOccurrences(of: "\"case\": \"payment\",\n          \"value\": {\n            \"plan\": \"basic\"\n          }", with: "\"case\": \"plans\"")
        }
        let json = try CanonicalJSON.parse(duet("census", "--suggest", "--format", "json", in: root.path).stdoutBytes)
        let upgrade = try XCTUnwrap(json["features"]?.arrayValue?.first { $0["feature"]?.stringValue == "upgrade" }, "\(json)")
        XCTAssertEqual(upgrade["fields"], .array([]), "\(upgrade)")
    }

    func testATreeWhoseFeaturesAreDescribedHasNothingToSuggest() throws {
        let corpus = root.deletingLastPathComponent().appendingPathComponent("seed.db").path
        XCTAssertEqual(duet("--corpus", corpus, "corpus", "load", packageRoot.appendingPathComponent("corpus.db.seed").path).status, .holds)
        let run = duet("--corpus", corpus, "census", "--suggest", in: root.deletingLastPathComponent().path)
        XCTAssertEqual(run.status, .holds)
        XCTAssertEqual(run.stdout, "")
        XCTAssertTrue(run.stderr.contains("nothing to suggest"), run.stderr)
    }

    // MARK: - Support

    /// Puts each feature's suggested `structure:` lines under that feature's entry in the manifest.
    private func paste(_ suggestion: String) throws {
        var blocks: [String: [String]] = [:]
        var feature: String?
        for line in suggestion.split(separator: "\n").map(String.init) {
            if line.hasPrefix("  "), !line.hasPrefix("   "), line.hasSuffix(":") { feature = String(line.dropFirst(2).dropLast()); continue }
            if let feature, line.hasPrefix("    ") { blocks[feature, default: []].append(line) }
        }
        XCTAssertEqual(blocks.keys.sorted(), ["counter", "upgrade", "welcome"])
        try edit("parity/manifest.yaml") { text in
            var out = text
            for (name, lines) in blocks {
                out = out.replacingOccurrences(of: "  \(name):\n", with: "  \(name):\n" + lines.joined(separator: "\n") + "\n")
            }
            return out
        }
    }

    private func append(_ text: String) throws { try edit("parity/manifest.yaml") { $0 + "\n" + text } }

    private func edit(_ path: String, _ change: (String) -> String) throws {
        let url = root.appendingPathComponent(path)
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        let changed = change(text)
        XCTAssertNotEqual(changed, text, "the edit of \(path) changed nothing")
        try Data(changed.utf8).write(to: url)
    }
}
