import XCTest
import Duet
import DuetAudit
import DuetCorpus
import DuetCorpusSamples
import DuetManifest
@testable import DuetCLI

/// The HTML milestone reads on a 390 px phone screen: rendered by headless Chromium in a 390 px
/// frame, the page is no wider than the frame. Skips, saying so, when Chromium is absent (`.ci/run`
/// installs Debian's `chromium`).
final class MilestoneHTMLLayoutTests: XCTestCase {
    private static let phoneWidth = 390

    private static var chromium: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            for name in ["chromium", "chromium-browser", "google-chrome"] {
                let candidate = "\(directory)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }

    /// A report with every section filled, long names and long messages included.
    private func report() throws -> MilestoneReport {
        let corpus = try QuestionsCorpus.make()
        let names = QuestionsCorpus.fixtures.map(\.name)
        try corpus.storeRun(StoredRun(startedAt: "2026-06-01T00:00:00.000Z", platform: "swift", runner: "runner", status: "failed", scope: .full,
                                      fixtureCount: names.count, passedCount: names.count - 1, failedCount: 1, notRunCount: 0, runnerFailure: nil,
                                      durationMilliseconds: 4, results: names.map {
            $0 == "shared" ? StoredFixtureResult(fixture: $0, status: "failed", stepsRun: 1, failureKind: "state", step: 0,
                                                 path: "path[0].value.context.startEditingAndSharingTheMemoryDetail")
                           : StoredFixtureResult(fixture: $0, status: "passed", stepsRun: 1)
        }, inputs: try corpus.currentInputs(manifestPath: nil)))
        try corpus.storeAudit(AuditReport(createdAt: "2026-06-01T00:00:00.000Z", paths: ["ios/MemoryLaneApp/Sources/Features"], files: 40,
                                          reducerFiles: 16, testFiles: 4, l0Fields: ["mainnav.sheet"], stateFields: 120, findings: [
            AuditFinding(file: "ios/MemoryLaneApp/Sources/Features/MainNavigation/MainNavigationContainerView.swift", line: 142, rule: "l0.write",
                         subject: "mainnav.sheet", message: "`= nil` to the L0 field 'sheet' (mainnav.sheet) outside the reducer: send the user's action and let the reducer move it"),
        ]))
        let finding = LintFinding(file: "/home/someone/projects/memory-lane/parity/manifest.yaml", line: 118, column: 13, rule: "ledger.platforms",
                                  message: "island 'memorydetail.photo-carousel' has boundary 'PhotoCarouselSummary' on ios but 'PhotoCarouselState' on android",
                                  fix: "the boundary is the shared summary type: use the same one on both platforms")
        let lint = LintReport(manifest: "parity/manifest.yaml", errors: [], findings: [finding], warnings: [],
                              parity: DeclarationParityStatus(platforms: ["swift"], checked: false, differences: 0), rules: ["ledger.platforms"])
        _ = try corpus.recordMilestone(named: "alpha", manifest: QuestionsCorpus.manifest(), now: Date(timeIntervalSince1970: 1_780_000_000), tree: RecordTree(root: try temporaryDirectory().path))
        return try corpus.milestoneReport(named: "a-milestone-with-a-rather-long-name-2026-12-01", manifest: QuestionsCorpus.manifest(),
                                          inputs: MilestoneInputs(lint: lint, audit: AuditUse(id: try XCTUnwrap(corpus.latestStoredAudit()).id, ranForReport: false)),
                                          now: Date(timeIntervalSince1970: 1_780_086_400))
    }

    /// The page's width (`scrollWidth` of its root) in a 390 px wide frame, as Chromium lays it out.
    private func layoutWidth(of html: String, chromium: String) throws -> (scroll: Int, client: Int) {
        let folder = try temporaryDirectory()
        try html.write(to: folder.appendingPathComponent("report.html"), atomically: true, encoding: .utf8)
        try """
            <!DOCTYPE html><html><body style="margin:0">
            <iframe id="f" src="report.html" style="width:\(Self.phoneWidth)px;height:844px;border:0"></iframe>
            <script>
            document.getElementById('f').onload = function () {
              var root = this.contentDocument.documentElement;
              document.body.setAttribute('data-layout', root.scrollWidth + ' ' + root.clientWidth);
            };
            </script></body></html>
            """.write(to: folder.appendingPathComponent("frame.html"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files", "--virtual-time-budget=5000",
                             "--user-data-dir=\(folder.appendingPathComponent("profile").path)", "--window-size=800,900",
                             "--dump-dom", folder.appendingPathComponent("frame.html").absoluteString]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let killer = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 90, execute: killer)
        let dom = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        killer.cancel()
        guard let range = dom.range(of: #"data-layout="(\d+) (\d+)""#, options: .regularExpression) else {
            XCTFail("Chromium did not lay the page out: \(dom.prefix(300))")
            return (0, 0)
        }
        let numbers = dom[range].split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        return (numbers[0], numbers[1])
    }

    func testTheHTMLFormLaysOutOnAPhoneScreenWithoutHorizontalOverflow() throws {
        guard let chromium = Self.chromium else {
            throw XCTSkip("chromium is not installed: the 390 px layout check did not run (`apt-get install -y chromium`; .ci/run installs it)")
        }
        let html = try report().html()
        XCTAssertTrue(html.contains(#"<meta name="viewport" content="width=device-width, initial-scale=1">"#))
        let page = try layoutWidth(of: html, chromium: chromium)
        // The frame is 390 px; a desktop Chromium's vertical scrollbar takes its share of it.
        XCTAssertGreaterThanOrEqual(page.client, Self.phoneWidth - 20)
        XCTAssertLessThanOrEqual(page.client, Self.phoneWidth)
        XCTAssertLessThanOrEqual(page.scroll, page.client, "the page is \(page.scroll) px wide in a \(page.client) px screen")

        // Negative controls: the measure sees an overflowing page, and without its scrolling boxes the report overflows.
        let wide = html.replacingOccurrences(of: "<body>", with: #"<body><div style="width:700px">wide</div>"#)
        let overflowing = try layoutWidth(of: wide, chromium: chromium)
        XCTAssertGreaterThan(overflowing.scroll, overflowing.client)
        let unboxed = html.replacingOccurrences(of: ".scroll{overflow-x:auto;max-width:100%;", with: ".scroll{")
            .replacingOccurrences(of: "overflow-wrap:anywhere", with: "overflow-wrap:normal")
        let spilling = try layoutWidth(of: unboxed, chromium: chromium)
        XCTAssertGreaterThan(spilling.scroll, spilling.client)
    }
}
