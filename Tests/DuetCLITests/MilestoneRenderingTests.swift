import XCTest
import Duet
import DuetAudit
import DuetCorpus
import DuetCorpusSamples
import DuetManifest
@testable import DuetCLI

/// The Markdown and HTML forms of a milestone show what its report says: every section, the
/// failing fixtures, what was not verified, the difference, lint and audit findings. What the
/// report itself holds is `MilestoneHonestyTests` (DuetCorpusTests).
final class MilestoneRenderingTests: XCTestCase {
    private typealias Q = QuestionsCorpus
    private let day1 = Date(timeIntervalSince1970: 1_780_000_000)
    private let day2 = Date(timeIntervalSince1970: 1_780_086_400)

    func testMarkdownAndHTMLCarryEverySection() throws {
        let corpus = try Q.make()
        let tree = RecordTree(root: try temporaryDirectory().path)
        _ = try corpus.recordMilestone(named: "alpha", manifest: Q.manifest(), now: day1, tree: tree)
        let (report, _) = try corpus.recordMilestone(named: "beta", manifest: Q.manifest(), now: day2, tree: tree)
        let markdown = report.markdown()
        for heading in ["# Milestone beta", "## Corpus", "## Verify", "## Census", "### Candidates", "## Kind coverage",
                        "## Islands", "## Ledger", "## Difference", "onboarding.page", "Since alpha"] {
            XCTAssertTrue(markdown.contains(heading), heading)
        }
        let html = report.html()
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>"))
        XCTAssertTrue(html.contains("<svg"))
        XCTAssertTrue(html.contains("class=\"grid\""))
        XCTAssertTrue(html.contains("capture.<wbr>slot.<wbr>location"))   // an unreached kind in the grid, breakable only after a dot
        for external in ["<script", "<link", "src=", "@import"] { XCTAssertFalse(html.contains(external), external) }
        // Links and references point into the page only.
        XCTAssertFalse(html.contains(#"href=""#) && html.components(separatedBy: #"href=""#).dropFirst().contains { !$0.hasPrefix("#") })
        XCTAssertFalse(html.components(separatedBy: "url(").dropFirst().contains { !$0.hasPrefix("#") })
    }

    func testFailingFixturesAreListedAndAPassingRunListsNone() throws {
        let corpus = try Q.make()
        try Q.storeRun(corpus, "swift", scope: .full, failing: ["shared"], at: "2026-06-01T00:00:00.000Z")
        let failing = try corpus.milestoneReport(named: "m", manifest: Q.manifest(), now: day1).markdown()
        XCTAssertTrue(failing.contains("### Failing fixtures"))
        XCTAssertTrue(failing.contains("| swift | shared | state | 0 | sheet |"))

        try Q.storeRun(corpus, "swift", scope: .full, at: "2026-06-02T00:00:00.000Z")
        let passing = try corpus.milestoneReport(named: "m", manifest: Q.manifest(), now: day1).markdown()
        XCTAssertFalse(passing.contains("### Failing fixtures"))
    }

    func testAPlatformWithOnlyFilteredRunsIsSaidNotVerified() throws {
        let corpus = try Q.make()
        try Q.storeRun(corpus, "kotlin", scope: RunScope(fixture: "capture.camera"), at: "2026-06-02T00:00:00.000Z")
        XCTAssertTrue(try corpus.milestoneReport(named: "m", manifest: Q.manifest(), now: day1).markdown().contains("kotlin: not verified"))
    }

    func testChecksThatDidNotRunAreMarkedNotChecked() throws {
        let corpus = try Q.make()
        XCTAssertTrue(try corpus.milestoneReport(named: "m", manifest: Q.manifest(), now: day1).html().contains("not-checked"))
    }

    func testTheDifferenceNamesStatusChangesAndNewlyFailingFixtures() throws {
        let corpus = try Q.make()
        try Q.storeRun(corpus, "swift", scope: .full, at: "2026-06-01T00:00:00.000Z")
        _ = try corpus.recordMilestone(named: "alpha", manifest: Q.manifest(), now: day1, tree: RecordTree(root: try temporaryDirectory().path))
        try Q.storeRun(corpus, "swift", scope: .full, failing: ["capture.camera", "shared"], at: "2026-06-02T00:00:00.000Z")
        let (beta, _) = try corpus.recordMilestone(named: "beta", manifest: Q.manifest(), now: day2, tree: RecordTree(root: try temporaryDirectory().path))
        let markdown = beta.markdown()
        XCTAssertTrue(markdown.contains("- verify swift: holds → fails"), markdown)
        XCTAssertTrue(markdown.contains("- newly failing: swift capture.camera, swift shared"), markdown)
        XCTAssertTrue(beta.html().contains("<li>verify swift: holds → fails</li>"))
    }

    func testLintAndAuditFindingsAreTabled() throws {
        let corpus = try Q.make()
        let finding = LintFinding(file: "parity/manifest.yaml", line: 12, column: 7, rule: "ledger.since", message: "since: 'x' is not a YYYY-MM-DD date",
                                  fix: "write the date")
        let lint = LintReport(manifest: "parity/manifest.yaml", errors: [], findings: [finding], warnings: [],
                              parity: DeclarationParityStatus(platforms: ["swift"], checked: false, differences: 0), rules: ["ledger.since"])
        try corpus.storeAudit(AuditReport(createdAt: "2026-06-01T00:00:00.000Z", paths: ["App"], files: 3, reducerFiles: 1, testFiles: 0,
                                          l0Fields: ["mainnav.sheet"], stateFields: 4, findings: [
            AuditFinding(file: "App/Home.swift", line: 9, rule: "l0.write", subject: "mainnav.sheet", message: "`= nil` to the L0 field 'sheet'"),
        ]))
        let audit = AuditUse(id: try XCTUnwrap(corpus.latestStoredAudit()).id, ranForReport: false)
        let markdown = try corpus.milestoneReport(named: "m", manifest: Q.manifest(), inputs: MilestoneInputs(lint: lint, audit: audit), now: day1).markdown()
        XCTAssertTrue(markdown.contains("| parity/manifest.yaml:12:7 | ledger.since |"), markdown)
        XCTAssertTrue(markdown.contains("| App/Home.swift:9 | l0.write | mainnav.sheet |"), markdown)
        // Without a lint or an audit, the sections say so instead of showing an empty table.
        let bare = try corpus.milestoneReport(named: "n", manifest: Q.manifest(), now: day1).markdown()
        XCTAssertTrue(bare.contains("No parity/manifest.yaml was linted."))
        XCTAssertFalse(bare.contains("| parity/manifest.yaml:12:7 |"))
    }

    func testAnIslandMissingFromTheLedgerIsNamedSo() throws {
        let corpus = try Q.make()
        let withoutPlayer = Q.manifestText.split(separator: "\n").filter { !$0.contains("video-player") }.joined(separator: "\n")
        let islands = try corpus.milestoneReport(named: "m", manifest: Q.manifest(withoutPlayer), now: day1).markdown()
        XCTAssertTrue(islands.contains("not in the ledger"), islands)
        XCTAssertFalse(try corpus.milestoneReport(named: "m", manifest: Q.manifest(), now: day1).markdown().contains("not in the ledger"))
    }
}
