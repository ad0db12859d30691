import Duet
@testable import DuetCorpus
@testable import DuetCLI
import XCTest

/// The restore drill over the committed seed: Memory Lane holds on every step, and a runner that
/// loses one field on restore turns exactly its feature's fixtures red at that field.
final class MemoryLaneDrillTests: XCTestCase {
    static let ruledFixtures = [
        "capture.save.double-save",
        "mainnav.capture.first-capture-primes-notifications.declined-then-captures-again",
        "memorydetail.route-intents.start-sharing",
        "timeline.deep-link.stale-link",
    ]

    func testTheSeedHoldsWithEveryStepCountedAndTheRulingsReported() throws {
        let sandbox = try DrillSandbox.seed()
        // From the package root, so parity/manifest.yaml (and its drill.rulings) is the one read.
        let drill = sandbox.duet("drill", "restore", "--runner", try DrillRunner.command("--memorylane"), "--format", "json", in: packageRoot)
        XCTAssertEqual(drill.status, .holds, drill.out + drill.err)
        let corpus = try sandbox.corpus()
        let summary = try XCTUnwrap(drill.json?["summary"])
        XCTAssertEqual(summary["steps"]?.intValue, try corpus.database.scalarInteger("SELECT count(*) FROM steps"), "every step drilled")
        XCTAssertEqual(summary["fixtures"]?.intValue, try corpus.database.scalarInteger("SELECT count(*) FROM fixtures"))
        XCTAssertGreaterThan(summary["snapshots"]?.intValue ?? 0, summary["steps"]?.intValue ?? 0)
        XCTAssertEqual(summary["findings"]?.intValue, 0)
        XCTAssertEqual(drill.findings.count, 0)
        let ruled = drill.json?["ruled"]?.arrayValue ?? []
        XCTAssertEqual(ruled.compactMap { $0["fixture"]?.text }.sorted(), Self.ruledFixtures)
        XCTAssertTrue(ruled.allSatisfy { $0["reason"]?.text?.isEmpty == false })
        let stored = try XCTUnwrap(corpus.drillRuns(platform: "swift").first)
        XCTAssertEqual(stored.scope, .full)
        XCTAssertEqual(stored.status, "passed")
        XCTAssertEqual(stored.openFindingCount, 0)
        XCTAssertEqual(stored.findings.count, 4, "ruled findings are stored with their ruling")
    }

    func testThreeShardsDrillDisjointFixturesThatCoverTheSeedAndNoneIsTakenForTheWhole() throws {
        let sandbox = try DrillSandbox.seed()
        var drilled: [String] = []
        for k in 1...3 {
            let junit = FileManager.default.temporaryDirectory.appendingPathComponent("drill-shard-\(k)-\(UUID().uuidString).xml")
            defer { try? FileManager.default.removeItem(at: junit) }
            let drill = sandbox.duet("drill", "restore", "--shard", "\(k)/3", "--runner", try DrillRunner.command("--memorylane"),
                                     "--junit", junit.path, in: packageRoot)
            XCTAssertEqual(drill.status, .holds, drill.out + drill.err)
            let xml = String(decoding: try Data(contentsOf: junit), as: UTF8.self)
            let cases: [String] = xml.components(separatedBy: "<testcase ").dropFirst().compactMap { element in
                guard let open = element.range(of: " name=\"") else { return nil }
                return String(element[open.upperBound...].prefix { $0 != "\"" })
            }
            drilled += cases
            let stored = try XCTUnwrap(try sandbox.corpus().drillRuns(platform: "swift").first)
            XCTAssertEqual(stored.scope, .filtered, "a shard is never the whole")
            XCTAssertEqual(stored.filter, "shard \(k)/3")
        }
        XCTAssertEqual(drilled.count, Set(drilled).count, "no fixture is drilled by two shards")
        XCTAssertEqual(Set(drilled), Set(try sandbox.corpus().fixtureNames()), "the shards cover every fixture")
        // Negative control: a shard with a filter is refused.
        XCTAssertEqual(sandbox.duet("drill", "restore", "--shard", "1/3", "--feature", "timeline").status, .usage)
    }

    func testWithoutTheRulingsExactlyTheRuledGapsFail() throws {
        let sandbox = try DrillSandbox.seed()
        let drill = sandbox.duet("drill", "restore", "--runner", try DrillRunner.command("--memorylane"), "--format", "json")
        XCTAssertEqual(drill.status, .findings)
        XCTAssertEqual(Set(drill.findings.compactMap { $0["fixture"]?.text }), Set(Self.ruledFixtures))
        XCTAssertTrue(drill.findings.allSatisfy { $0["rule"]?.text == "carry-on" })
    }

    func testARunnerThatDropsOneFieldOnRestoreTurnsExactlyItsFeaturesFixturesRed() throws {
        let sandbox = try DrillSandbox.seed()
        let drill = sandbox.duet("drill", "restore", "--runner", try DrillRunner.command("--memorylane", "--drop", "timeline.sheet"),
                                 "--format", "json", in: packageRoot)
        XCTAssertEqual(drill.status, .findings)
        let findings = drill.findings
        XCTAssertFalse(findings.isEmpty)
        for finding in findings {
            XCTAssertEqual(finding["node"]?.text, "timeline", finding.canonicalString)
            XCTAssertEqual(finding["rule"]?.text, "round-trip", finding.canonicalString)
            XCTAssertEqual(finding["path"]?.text, "sheet", finding.canonicalString)
            XCTAssertEqual(finding["actual"], .null, "the restored state lost it")
            XCTAssertTrue(finding["expected"]?.text?.hasPrefix(#"{"case":"sharePicker""#) == true, finding.canonicalString)
        }
        // Every leaf fixture whose timeline spine ever holds a sheet is red; nothing else is.
        let expected = Set(try sandbox.corpus().database.rows(
            "SELECT DISTINCT fixture FROM spines WHERE feature = 'timeline' AND spine LIKE '%\"sheet\"%'").compactMap { $0[0].text })
        let red = Set(findings.compactMap { $0["fixture"]?.text })
        XCTAssertFalse(expected.isEmpty)
        XCTAssertTrue(expected.isSubset(of: red), "missing: \(expected.subtracting(red))")
        XCTAssertTrue(red.subtracting(expected).allSatisfy { $0.hasPrefix("chain-timeline") }, "only timeline's own chains beside: \(red.subtracting(expected))")
    }
}
