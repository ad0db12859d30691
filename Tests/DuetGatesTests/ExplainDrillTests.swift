import Duet
import XCTest
@testable import DuetCLI

/// `duet explain` of a drill run: its findings shown again as `drill restore` showed them, no drill run anew.
final class ExplainDrillTests: XCTestCase {
    func testADrillRunsFindingsAreShownAgainAsTheDrillShowedThem() throws {
        let sandbox = try DrillSandbox.samples()
        let leak = try DrillRunner.command("--leak", #"'lens.chrome={"zoom":1}'"#)
        let drill = sandbox.duet("drill", "restore", "--runner", leak)
        XCTAssertEqual(drill.status, .findings, drill.err)
        let rows = drill.out.split(separator: "\n").filter { $0.hasPrefix("swift ") }
        XCTAssertFalse(rows.isEmpty, drill.out)
        let drillJSON = try XCTUnwrap(sandbox.duet("drill", "restore", "--all", "--runner", leak, "--format", "json").json)
        let stored = try sandbox.corpus().drillRuns(limit: 100).count

        let explain = sandbox.duet("explain")
        XCTAssertEqual(explain.status, .findings, explain.err)
        XCTAssertEqual(try sandbox.corpus().drillRuns(limit: 100).count, stored, "explain drills nothing")
        func folded(_ line: Substring) -> String { line.split(separator: " ").joined(separator: " ") }
        let shown = Set(explain.out.split(separator: "\n").map(folded))
        for row in rows { XCTAssertTrue(shown.contains(folded(row)), "the drill's row is not shown again:\n\(row)\n\(explain.out)") }
        XCTAssertTrue(explain.out.contains("drill run 2 (swift, full)"), explain.out)

        let json = try XCTUnwrap(sandbox.duet("explain", "--format", "json").json)
        XCTAssertEqual(json["report"]?["findings"], drillJSON["findings"])
        XCTAssertEqual(json["report"]?["summary"], drillJSON["summary"])
        XCTAssertEqual(json["run"]?["gate"]?.stringValue, "drill")

    }
}
