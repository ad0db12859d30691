import Duet
import DuetCorpus
@testable import DuetCLI
import XCTest

/// `milestone` reports the latest full drill per platform, and its difference names the fixtures
/// that fail now and did not at the previous milestone.
final class DrillMilestoneTests: XCTestCase {
    func testTheMilestoneShowsTheLatestFullDrillAndNamesNewlyFailingFixtures() throws {
        let sandbox = try DrillSandbox.samples()
        let first = sandbox.duet("milestone", "before")
        XCTAssertTrue(first.out.contains("No full restore drill is stored."), first.out)

        XCTAssertEqual(sandbox.duet("drill", "restore", "--runner", try DrillRunner.command()).status, .findings)
        let m1 = sandbox.duet("milestone", "m1")
        XCTAssertTrue(m1.out.contains("## Restore drill"), m1.out)
        XCTAssertTrue(m1.out.contains("| swift | failed |"), m1.out)
        XCTAssertTrue(m1.out.contains("lens.pro, vault"), m1.out)

        XCTAssertEqual(sandbox.duet("drill", "restore", "--runner", try DrillRunner.command("--leak", #"'lens.chrome={"zoom":1}'"#)).status, .findings)
        // A filtered run afterwards does not stand for the corpus.
        XCTAssertEqual(sandbox.duet("drill", "restore", "--feature", "vault", "--runner", try DrillRunner.command()).status, .findings)
        let m2 = sandbox.duet("milestone", "m2", "--format", "json")
        let report = try CanonicalJSON.parse(m2.out)
        let drill = try XCTUnwrap(report["drill"]?.arrayValue?.first)
        XCTAssertEqual(drill["failingFixtures"]?.arrayValue?.compactMap(\.stringValue), ["lens.pro", "lens.zoom", "vault"])
        XCTAssertEqual(drill["steps"]?.intValue, 13)
        XCTAssertEqual(report["difference"]?["drillFailing"]?["added"]?.arrayValue?.compactMap(\.stringValue), ["swift lens.zoom"])
        let md = sandbox.duet("milestone", "show", "m2")
        XCTAssertTrue(md.out.contains("newly failing the restore drill: swift lens.zoom"), md.out)
        XCTAssertTrue(md.out.contains("| drill swift | fails |"), md.out)
        let html = sandbox.duet("milestone", "show", "m2", "--format", "html")
        XCTAssertTrue(html.out.contains("<h2 id=\"restore-drill\">Restore drill</h2>"), html.out)
        XCTAssertTrue(html.out.contains("id=\"fail-drill-swift-lens.zoom\""), "each drill failure opens to its detail")
    }
}
