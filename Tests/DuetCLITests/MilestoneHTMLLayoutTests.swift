import XCTest
import Duet
import DuetAudit
import DuetCorpus
import DuetCorpusSamples
import DuetManifest
@testable import DuetCLI

/// The HTML milestone reads on a 390 px phone and a 1280 px desktop, as headless Chromium lays it
/// out: the page never scrolls sideways, no table needs a horizontal scroll for its columns, chart
/// and map labels are 11 px or more, kind chips stay whole, map states hold their labels. Each
/// measure has a negative control that breaks the page and sees it go red. Screenshots of a red and
/// a green milestone are written to `.build/milestone-pages/` for people to look at. Skips, saying
/// so, when Chromium is absent (`.ci/run` installs Debian's `chromium`).
final class MilestoneHTMLLayoutTests: XCTestCase {
    private static let widths = [390, 1280]

    private func ruler() throws -> ChromiumRuler {
        guard let ruler = ChromiumRuler.locate() else {
            throw XCTSkip("chromium is not installed: the 390 px and 1280 px layout checks did not run (`apt-get install -y chromium`; .ci/run installs it)")
        }
        return ruler
    }

    private func pages() throws -> MilestonePages { try MilestonePages.built.get() }

    /// Every layout rule, at one width; `context` names the page in failures.
    private func assertReads(_ layout: ChromiumRuler.Layout, width: Int, _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertGreaterThanOrEqual(layout.client, width - 20, "\(context): the frame is \(width) px", file: file, line: line)
        XCTAssertLessThanOrEqual(layout.scroll, layout.client, "\(context): the page is \(layout.scroll) px wide in \(layout.client) px", file: file, line: line)
        XCTAssertEqual(layout.wideTables, [], "\(context): tables that need a horizontal scroll", file: file, line: line)
        XCTAssertEqual(layout.offscreenCells, [], "\(context): cells past the screen's edge", file: file, line: line)
        XCTAssertGreaterThan(layout.texts, 20, "\(context): the page has charts to measure", file: file, line: line)
        XCTAssertEqual(layout.smallTexts, [], "\(context): labels under 11 px (smallest \(layout.minText))", file: file, line: line)
        XCTAssertGreaterThan(layout.chips, 10, "\(context): the page has kind chips to measure", file: file, line: line)
        XCTAssertEqual(layout.brokenChips, [], "\(context): chips on more than one line", file: file, line: line)
        XCTAssertEqual(layout.overflowingNodes, [], "\(context): map states narrower than their label", file: file, line: line)
    }

    func testTheRedAndTheGreenMilestoneReadAt390And1280Pixels() throws {
        let ruler = try ruler()
        let pages = try pages()
        let shots = packageRoot.appendingPathComponent(".build/milestone-pages")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        let cases = [("red", pages.red), ("green", pages.green)].flatMap { name, html in Self.widths.map { (name, html, $0) } }
        let layouts = try ruler.measure(cases.map { ($0.1, $0.2) } + [(pages.redOwnLayout, 390)])
        for ((name, html, width), layout) in zip(cases, layouts) {
            assertReads(layout, width: width, "\(name) at \(width) px")
            if width == 390 {
                // Candidate rows used to be ~270 px of mostly blank cells on a phone.
                let candidates = layout.rows.first { $0.key.hasPrefix("field,shape,why") }?.value ?? 0
                XCTAssertGreaterThan(candidates, 0, "\(name): the candidates table was measured")
                XCTAssertLessThan(candidates, 200, "\(name): a candidate's card is \(candidates) px tall")
            }
            try html.write(to: shots.appendingPathComponent("\(name).html"), atomically: true, encoding: .utf8)
            let shot = shots.appendingPathComponent("\(name)-\(width).png").path
            try? FileManager.default.removeItem(atPath: shot)
            try ruler.screenshot(html, width: width, height: layout.height, to: shot)
            XCTAssertTrue(FileManager.default.fileExists(atPath: shot), shot)
        }
        // duet's own map layout: its states are boxes the ruler can hold labels against.
        let own = layouts[cases.count]
        assertReads(own, width: 390, "red with duet's layout at 390 px")
        XCTAssertGreaterThan(own.mapNodes, 30, "the ruler measured the map's states")
    }

    func testTheMeasuresSeeAPageThatScrollsASmallLabelABrokenChipAndATableThatNeedsAScroll() throws {
        let ruler = try ruler()
        let red = try pages().red
        let controls: [(html: String, width: Int)] = [
            // A page wider than the phone.
            (red.replacingOccurrences(of: "<body>", with: #"<body><div style="width:700px">wide</div>"#), 390),
            // A 5 px label.
            (red.replacingOccurrences(of: #"<h2 id="census">Census</h2>"#,
                                      with: #"<h2 id="census">Census</h2><svg viewBox="0 0 100 20" width="100" height="20"><text x="2" y="12" font-size="5">tiny</text></svg>"#), 390),
            // A chart drawn wide and shrunk to the phone: its labels fall under 11 px.
            (red.replacingOccurrences(of: "svg.chart{display:block;width:100%;max-width:440px", with: "svg.chart{display:block;width:160px;max-width:160px"), 390),
            // Chips squeezed narrower than their names break.
            (red.replacingOccurrences(of: "</style>", with: ".kind{width:70px;white-space:normal}</style>"), 1280),
            // Without the phone rules, the verify table's columns sit behind a horizontal scroll again.
            (red.replacingOccurrences(of: "@media (max-width:600px){\ntable.cards", with: "@media (max-width:10px){\ntable.cards"), 390),
            // Map states narrower than their labels.
            (try pages().redOwnLayout.replacingOccurrences(of: "rx=\"6\" fill=", with: "rx=\"6\" transform=\"scale(0.5)\" fill="), 1280),
        ]
        let layouts = try ruler.measure(controls)
        XCTAssertGreaterThan(layouts[0].scroll, layouts[0].client)
        XCTAssertTrue(layouts[1].smallTexts.contains { $0.hasPrefix("tiny") }, "\(layouts[1].smallTexts)")
        XCTAssertFalse(layouts[2].smallTexts.isEmpty)
        XCTAssertFalse(layouts[3].brokenChips.isEmpty)
        XCTAssertTrue(layouts[4].wideTables.contains { $0.hasPrefix("platform,status,started") }, "\(layouts[4].wideTables)")
        XCTAssertFalse(layouts[5].overflowingNodes.isEmpty)
    }

    /// A report with every section filled, long names and long messages included.
    private func report() throws -> MilestoneReport {
        let corpus = try QuestionsCorpus.make()
        let names = QuestionsCorpus.fixtures.map(\.name)
        try corpus.storeRun(StoredRun(startedAt: "2026-06-01T00:00:00.000Z", platform: "swift", runner: "runner", status: "failed", scope: .full,
                                      fixtureCount: names.count, passedCount: names.count - 1, failedCount: 1, notRunCount: 0, runnerFailure: nil,
                                      durationMilliseconds: 4, results: names.map {
            $0 == "shared" ? StoredFixtureResult(fixture: $0, status: "failed", stepsRun: 1, failureKind: "state", step: 0,
                                                 path: "path[0].value.context.startEditingAndSharingTheMemoryDetail",
                                                 expected: #"{"memoryId":"10000000-0000-4000-8000-000000000001","startEditingAndSharingTheMemoryDetail":true}"#,
                                                 actual: #"{"memoryId":"10000000-0000-4000-8000-000000000001"}"#)
                           : StoredFixtureResult(fixture: $0, status: "passed", stepsRun: 1)
        }, inputs: try corpus.currentInputs(manifestPath: nil)))
        try corpus.storeAudit(AuditReport(createdAt: "2026-06-01T00:00:00.000Z", paths: ["ios/MemoryLaneApp/Sources/Features"], files: 40,
                                          reducerFiles: 16, testFiles: 4, l0Fields: ["mainnav.sheet"], stateFields: 120, findings: [
            AuditFinding(file: "ios/MemoryLaneApp/Sources/Features/MainNavigation/MainNavigationContainerView.swift", line: 142, rule: "l0.write",
                         subject: "mainnav.sheet", message: "`= nil` to the L0 field 'sheet' (mainnav.sheet) outside the reducer: send the user's action and let the reducer move it"),
        ]))
        let finding = LintFinding(file: "parity/manifest.yaml", line: 118, column: 13, rule: "ledger.platforms",
                                  message: "island 'memorydetail.photo-carousel' has boundary 'PhotoCarouselSummary' on ios but 'PhotoCarouselState' on android",
                                  fix: "the boundary is the shared summary type: use the same one on both platforms")
        let lint = LintReport(manifest: "parity/manifest.yaml", errors: [], findings: [finding], warnings: [],
                              parity: DeclarationParityStatus(platforms: ["swift"], checked: false, differences: 0), rules: ["ledger.platforms"])
        _ = try corpus.recordMilestone(named: "alpha", manifest: QuestionsCorpus.manifest(), now: Date(timeIntervalSince1970: 1_780_000_000), tree: RecordTree(root: try temporaryDirectory().path))
        return try corpus.milestoneReport(named: "a-milestone-with-a-rather-long-name-2026-12-01", manifest: QuestionsCorpus.manifest(),
                                          inputs: MilestoneInputs(lint: lint, audit: AuditUse(id: try XCTUnwrap(corpus.latestStoredAudit()).id, ranForReport: false)),
                                          now: Date(timeIntervalSince1970: 1_780_086_400))
    }

    func testAReportWithLongNamesAndMessagesReadsAtBothWidths() throws {
        let ruler = try ruler()
        let report = try report()
        let corpus = try QuestionsCorpus.make()
        let html = report.html(MilestonePage(trend: try corpus.milestoneTrend(through: report)))
        XCTAssertTrue(html.contains(#"<meta name="viewport" content="width=device-width, initial-scale=1">"#))
        for (width, layout) in zip(Self.widths, try ruler.measure(Self.widths.map { (html, $0) })) {
            XCTAssertLessThanOrEqual(layout.scroll, layout.client, "at \(width) px")
            XCTAssertEqual(layout.wideTables, [], "at \(width) px")
            XCTAssertEqual(layout.smallTexts, [], "at \(width) px")
            XCTAssertEqual(layout.brokenChips, [], "at \(width) px")
        }
    }
}
