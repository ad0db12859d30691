import XCTest
import Duet
@testable import DuetCorpus
@testable import DuetCLI

/// What the milestone page tells a team about Memory Lane's beta-2 (red: kotlin opens the invite
/// sheet on the profile tab) and beta-3 (green): the header, every failure in detail, the maps and
/// what changed on them, the trends — from one file with no machine path in it.
final class MilestonePageTests: XCTestCase {
    private func pages() throws -> MilestonePages { try MilestonePages.built.get() }

    func testEachFailingFixtureOpensToExpectedAgainstGotItsSourceLineAndTheCommandsToReplayIt() throws {
        let red = try pages().red
        let anchor = "fail-verify-kotlin-mainnav.invite.plain-invite"
        XCTAssertTrue(red.contains(##"<a href="#\##(anchor)">mainnav.invite.plain-invite</a>"##), "the failing table links to the detail")
        let detail = try XCTUnwrap(red.components(separatedBy: #"<details class="failure" id="\#(anchor)" open>"#).dropFirst().first?
            .components(separatedBy: "</details>").first, "the detail exists, open")
        XCTAssertTrue(detail.contains("<code>activeTab.case</code>"), detail)
        XCTAssertTrue(detail.contains(#"<pre class="expected">&quot;myLane&quot;</pre>"#), detail)
        XCTAssertTrue(detail.contains(#"<pre class="got">&quot;profile&quot;</pre>"#), detail)
        XCTAssertTrue(detail.contains("<code>Sources/MemoryLane/MainNav/MainNavScenarios.swift:"), detail)
        XCTAssertTrue(detail.contains("duet show mainnav.invite.plain-invite#0\nduet verify --platform kotlin --fixture mainnav.invite.plain-invite"), detail)
        // The drill's failures too, with the fixture's source line looked up.
        let drill = try XCTUnwrap(red.components(separatedBy: #"id="fail-drill-kotlin-mainnav.invite.plain-invite""#).dropFirst().first?
            .components(separatedBy: "</details>").first)
        XCTAssertTrue(drill.contains("carry-on at step 0"), drill)
        XCTAssertTrue(drill.contains("duet drill restore --platform kotlin --fixture mainnav.invite.plain-invite"), drill)
        XCTAssertTrue(drill.contains("MainNavScenarios.swift:"), drill)
        // A green page has nothing to open.
        XCTAssertFalse(try pages().green.contains("<h2 id=\"what-failed\">"))
        XCTAssertFalse(try pages().green.contains(#"<details class="failure""#))
    }

    func testTheHeaderNamesTheCommitTheDuetAndEachRunnerWithoutMachinePaths() throws {
        let red = try pages().red
        XCTAssertTrue(red.contains(#"<code title="4f1c2a9e7b3d5f60718293a4b5c6d7e8f9012345">4f1c2a9e7b3d</code>"#))
        XCTAssertTrue(red.contains("<dt>duet</dt><dd>0.1.0 (swift 6.3)</dd>"))
        XCTAssertTrue(red.contains("<dt>kotlin runner</dt><dd><code>kotlin/build/memorylane-runner</code>, build not reported</dd>"), red)
        XCTAssertTrue(red.contains("<dt>swift runner</dt><dd><code>swift run -q memorylane-runner</code>, build <code>9b1f04c2d7e8a6b5c4d3e2f1a0b9c8d7</code>"),
                      "the build its latest full run stored: \(red)")
        for page in [red, try pages().green, try pages().redOwnLayout] {
            for machine in ["/home/", "/tmp/", "/work/", "/Users/", "/root/", "/var/"] { XCTAssertFalse(page.contains(machine), machine) }
        }
        // One file, offline: no script, no asset, links and references inside the page only.
        for page in [red, try pages().green] {
            for external in ["<script", "<link", "src=", "@import", "http://", "https://"] {
                XCTAssertFalse(page.replacingOccurrences(of: "http://www.w3.org/", with: "").contains(external), external)
            }
            XCTAssertFalse(page.components(separatedBy: "href=\"").dropFirst().contains { !$0.hasPrefix("#") })
            XCTAssertFalse(page.components(separatedBy: "url(").dropFirst().contains { !$0.hasPrefix("#") })
        }
        XCTAssertEqual(Corpus.portableCommand("cd '/home/a/repo' && /home/a/repo/kotlin/build/runner --x /opt/tools/dot"),
                       "kotlin/build/runner --x …/dot")
    }

    func testTheMapsShowWhatChangedSinceThePreviousMilestoneInPicturesAndInWords() throws {
        let report = try pages().redReport
        let change = try XCTUnwrap(report.difference?.navigation)
        XCTAssertEqual(change.feature("mainnav")?.addedNodes.map(\.id), ["tabs:myLane · slot:inviteCode"])
        XCTAssertEqual(Set(change.features.map(\.feature)), ["mainnav", "shared"])
        let red = try pages().red
        XCTAssertTrue(red.contains("<h2 id=\"navigation-map\">Navigation map</h2>"))
        XCTAssertTrue(red.contains("Since beta-1: 1 state added, 3 transitions added in mainnav; 1 transition added in shared"), red)
        XCTAssertTrue(red.contains("<li>added the state tabs:myLane · slot:inviteCode</li>"))
        XCTAssertTrue(red.contains("<li>only kotlin takes inviteRequested from tabs:myLane to tabs:profile · slot:inviteCode (no fixture records it)</li>"))
        for feature in ["capture", "mainnav", "memorydetail", "rootnav", "shared", "timeline", "seams"] {
            XCTAssertTrue(red.contains("<h3 id=\"map-\(feature)\">"), feature)
        }
        // Drawn in the colours the words name: added green, a platform's own transition orange.
        let own = try pages().redOwnLayout
        XCTAssertTrue(own.contains(#"<rect x="#) && own.contains("stroke=\"#1a7f37\""), "added states drawn green")
        XCTAssertTrue(own.contains("stroke=\"#b35c00\""), "kotlin's own transition drawn orange")
        XCTAssertTrue(own.contains(">tabs:profile · slot:inviteCode</text>"))
        // The Markdown says it in words too.
        XCTAssertTrue(report.markdown().contains("Since beta-1: 1 state added, 3 transitions added in mainnav; 1 transition added in shared"))
        XCTAssertTrue(report.markdown().contains("- navigation map: 1 state added, 3 transitions added in mainnav"))
    }

    func testTrendsChartEveryStoredMilestoneByName() throws {
        let green = try pages().green
        let trends = try XCTUnwrap(green.components(separatedBy: "<h2 id=\"trends\">Trends</h2>").dropFirst().first?.components(separatedBy: "<h2").first)
        XCTAssertTrue(trends.contains("Over 3 milestones (oldest first), beta-1 to beta-3."), trends)
        for title in ["Fixtures and steps", "Census: L0 fields", "Kinds reached", "Navigation map", "Action coverage", "Verify and drill", "Failing fixtures"] {
            XCTAssertTrue(trends.contains("aria-label=\"\(title)\""), title)
        }
        for name in ["beta-1", "beta-2", "beta-3"] { XCTAssertTrue(trends.contains(">\(name)</text>"), name) }
        XCTAssertTrue(trends.contains("<title>verify kotlin at beta-2: fails, 2 failing</title>"), "the red milestone's cell")
        // Action coverage is charted from what each milestone recorded; milestones recorded before it have none to chart.
        let red = try pages().redReport
        let point = MilestoneTrend.Point(red)
        XCTAssertEqual(point.actionCases?.declared, red.actionCoverage?.features.reduce(0) { $0 + $1.declared.count })
        XCTAssertGreaterThan(point.actionCases?.byFixtures ?? 0, 0)
        var older = point
        older.actionCases = nil
        XCTAssertFalse(MilestoneTrend(points: [older]).html().contains("aria-label=\"Action coverage\""))
        // The red page's trend stops at the red milestone.
        XCTAssertTrue(try pages().red.contains("Over 2 milestones (oldest first), beta-1 to beta-2."))
    }

    func testEverySectionHasAnAnchorAndTheContentsLinkThem() throws {
        let red = try pages().red
        let ids = red.components(separatedBy: "<h2 id=\"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
        XCTAssertTrue(ids.contains("what-failed") && ids.contains("trends") && ids.contains("verify"), "\(ids)")
        let contents = try XCTUnwrap(red.components(separatedBy: "<nav class=\"contents\"").dropFirst().first?.components(separatedBy: "</nav>").first)
        for id in ids { XCTAssertTrue(contents.contains("href=\"#\(id)\""), id) }
        XCTAssertEqual(red.components(separatedBy: "<nav class=\"contents\"").count, 2, "one contents list")
    }
}
