import XCTest
import Duet
import DuetAudit
import DuetManifest
import DuetCorpusSamples
@testable import DuetCorpus

/// The milestone reports what was checked, from full runs only, says what was not checked, and
/// names what changed since the previous one (its Markdown and HTML forms: `MilestoneRenderingTests`).
final class MilestoneHonestyTests: XCTestCase {
    private typealias Q = QuestionsCorpus
    private let day1 = Date(timeIntervalSince1970: 1_780_000_000)
    private let day2 = Date(timeIntervalSince1970: 1_780_086_400)

    private func storeRun(_ corpus: Corpus, _ platform: String, scope: RunScope?, failing: [String] = [], at started: String) throws {
        try Q.storeRun(corpus, platform, scope: scope, failing: failing, at: started)
    }

    func testTheVerifySectionCannotBeFooledByAFilteredRun() throws {
        let corpus = try Q.make()
        try storeRun(corpus, "swift", scope: .full, failing: ["shared"], at: "2026-06-01T00:00:00.000Z")
        // Later, a run of one feature passes: it says nothing about the whole.
        try storeRun(corpus, "swift", scope: RunScope(feature: "capture"), at: "2026-06-02T00:00:00.000Z")
        try storeRun(corpus, "swift", scope: RunScope(shard: (1, 4)), at: "2026-06-03T00:00:00.000Z")
        try storeRun(corpus, "swift", scope: nil, at: "2026-06-04T00:00:00.000Z")   // stored before scopes existed
        let report = try corpus.milestoneReport(named: "m", manifest: Q.manifest(), now: day1)
        XCTAssertEqual(report.verify.map(\.status), ["failed"])
        XCTAssertEqual(report.verify.first?.startedAt, "2026-06-01T00:00:00.000Z")
        XCTAssertEqual(report.verify.first?.failing, [FailingFixture(fixture: "shared", kind: "state", step: 0, path: "sheet")])
        XCTAssertFalse(report.holds)
        XCTAssertEqual(report.checks.first { $0.name == "verify swift" }?.status, .fails)

        // Negative control: a later full run that passes is taken.
        try storeRun(corpus, "swift", scope: .full, at: "2026-06-05T00:00:00.000Z")
        let after = try corpus.milestoneReport(named: "m", manifest: Q.manifest(), now: day1)
        XCTAssertEqual(after.verify.map(\.status), ["passed"])
        XCTAssertTrue(after.holds)
    }

    func testOnlyFilteredRunsMeanNotVerifiedNeverPassed() throws {
        let corpus = try Q.make()
        try storeRun(corpus, "kotlin", scope: RunScope(fixture: "capture.camera"), at: "2026-06-02T00:00:00.000Z")
        let report = try corpus.milestoneReport(named: "m", manifest: Q.manifest(), now: day1)
        XCTAssertEqual(report.verify, [])
        XCTAssertEqual(report.verifyMissing?.map(\.platform), ["kotlin"])
        XCTAssertTrue(report.verifyMissing?.first?.reason.contains("only filtered runs are stored (latest: fixture=capture.camera)") ?? false)
        XCTAssertEqual(report.checks.first { $0.name == "verify kotlin" }?.status, .notChecked)
    }

    func testNothingVerifiedAtAllIsSaidNotHidden() throws {
        let report = try Q.make().milestoneReport(named: "m", manifest: Q.manifest(), now: day1)
        let verify = try XCTUnwrap(report.checks.first { $0.name == "verify" })
        XCTAssertEqual(verify.status, .notChecked)
        XCTAssertTrue(verify.detail.contains("no runner is configured"))
        XCTAssertEqual(report.checks.first { $0.name == "lint" }?.status, .notChecked)
        XCTAssertEqual(report.checks.first { $0.name == "audit" }?.status, .notChecked)
    }

    func testTheDifferenceNamesStatusChangesAndNewlyFailingFixtures() throws {
        let corpus = try Q.make()
        try storeRun(corpus, "swift", scope: .full, at: "2026-06-01T00:00:00.000Z")
        _ = try corpus.recordMilestone(named: "alpha", manifest: Q.manifest(), now: day1, tree: RecordTree(root: try makeTemporaryDirectory("milestone").path))
        try storeRun(corpus, "swift", scope: .full, failing: ["capture.camera", "shared"], at: "2026-06-02T00:00:00.000Z")
        let (beta, _) = try corpus.recordMilestone(named: "beta", manifest: Q.manifest(), now: day2, tree: RecordTree(root: try makeTemporaryDirectory("milestone").path))
        let difference = try XCTUnwrap(beta.difference)
        XCTAssertEqual(difference.statusChanges, [MilestoneDifference.StatusChange(check: "verify swift", from: "holds", to: "fails")])
        XCTAssertEqual(difference.failing?.added, ["swift capture.camera", "swift shared"])
        XCTAssertFalse(difference.isEmpty)

        try storeRun(corpus, "swift", scope: .full, failing: ["shared"], at: "2026-06-03T00:00:00.000Z")
        let (gamma, _) = try corpus.recordMilestone(named: "gamma", manifest: Q.manifest(), now: day2, tree: RecordTree(root: try makeTemporaryDirectory("milestone").path))
        XCTAssertEqual(gamma.difference?.statusChanges, [])
        XCTAssertEqual(gamma.difference?.failing?.removed, ["swift capture.camera"])
    }

    func testLintAndAuditAreCarriedAndAFindingFailsTheMilestone() throws {
        let corpus = try Q.make()
        let finding = LintFinding(file: "parity/manifest.yaml", line: 12, column: 7, rule: "ledger.since", message: "since: 'x' is not a YYYY-MM-DD date",
                                  fix: "write the date")
        let lint = LintReport(manifest: "parity/manifest.yaml", errors: [], findings: [finding], warnings: [],
                              parity: DeclarationParityStatus(platforms: ["swift"], checked: false, differences: 0), rules: ["ledger.since"])
        try corpus.storeAudit(AuditReport(createdAt: "2026-06-01T00:00:00.000Z", paths: ["App"], files: 3, reducerFiles: 1, testFiles: 0,
                                          l0Fields: ["mainnav.sheet"], stateFields: 4, findings: [
            AuditFinding(file: "App/Home.swift", line: 9, rule: "l0.write", subject: "mainnav.sheet", message: "`= nil` to the L0 field 'sheet'"),
        ]))
        // The gates checked the audit against its sources (MilestoneGates); here they are taken as unchanged.
        let audit = AuditUse(id: try XCTUnwrap(corpus.latestStoredAudit()).id, ranForReport: false)
        let report = try corpus.milestoneReport(named: "m", manifest: Q.manifest(), inputs: MilestoneInputs(lint: lint, audit: audit), now: day1)
        XCTAssertEqual(report.lint, lint)
        XCTAssertEqual(report.audit?.findings.count, 1)
        XCTAssertEqual(report.checks.filter { $0.status == .fails }.map(\.name), ["lint", "audit"])
        XCTAssertFalse(report.holds)
        XCTAssertEqual(try CanonicalDecoder().decode(MilestoneReport.self, from: try CanonicalEncoder().canonicalBytes(report)), report)
    }

    func testAReportStoredBeforeTheseSectionsStillReads() throws {
        let corpus = try Q.make()
        let report = try corpus.milestoneReport(named: "old", manifest: Q.manifest(), now: day1)
        guard case .object(var object) = try CanonicalEncoder().encode(report) else { return XCTFail() }
        for key in ["verifyMissing", "lint", "audit"] { object[key] = nil }
        guard case .object(var inventory)? = object["inventory"] else { return XCTFail() }
        inventory["checks"] = nil
        inventory["failing"] = nil
        object["inventory"] = .object(inventory)
        guard case .object(var census)? = object["census"] else { return XCTFail() }
        census["unknownStructure"] = nil
        object["census"] = .object(census)
        let old = try CanonicalDecoder().decode(MilestoneReport.self, from: JSONValue.object(object).canonicalBytes)
        XCTAssertNil(old.lint)
        XCTAssertEqual(old.census.unknownStructure, [])
        try corpus.database.execute("INSERT INTO milestones(name, created_at, report) VALUES ('old', ?, ?)",
                                    [.text(old.createdAt), .blob(JSONValue.object(object).canonicalBytes)])
        let next = try corpus.milestoneReport(named: "new", manifest: Q.manifest(), now: day2)
        XCTAssertEqual(next.difference?.previous, "old")
        XCTAssertNil(next.difference?.statusChanges, "nothing to compare the checks with")
    }
}
