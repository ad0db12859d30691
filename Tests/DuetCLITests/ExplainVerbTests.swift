import Foundation
import XCTest
import Duet
import DuetCorpus
@testable import DuetCLI

/// `duet explain`: a stored run's failures shown again as verify showed them, with no replay; a run
/// judged on other inputs is a past run; nothing stored is nothing to explain (exit 2).
final class ExplainVerbTests: XCTestCase {
    private var repository: URL!
    private var runner: String!
    private var corpusPath: String { repository.appendingPathComponent("corpus.db").path }

    override func setUpWithError() throws {
        repository = try temporaryDirectory()
        runner = try BuildProducts.executable("duet-sample-runner")
        try FileManager.default.createDirectory(at: repository.appendingPathComponent("parity"), withIntermediateDirectories: true)
        try Data("runners:\n  swift: '\(runner!)'\n".utf8).write(to: repository.appendingPathComponent("parity/manifest.yaml"))
        XCTAssertEqual(run("record").status, .holds)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: repository) }

    private func run(_ arguments: String...) -> CLIRun { duet(arguments, in: repository.path) }
    private func json(_ run: CLIRun) throws -> JSONValue { try CanonicalJSON.parse(run.stdoutBytes) }
    private var runCount: Int { (try? Corpus.open(at: corpusPath).runs(limit: 100).count) ?? -1 }

    /// A table line with its padding folded: the columns' widths follow the rows a table holds.
    private func folded(_ line: Substring) -> String { line.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }

    func testNothingStoredIsNothingToExplain() throws {
        let nothing = run("explain")
        XCTAssertEqual(nothing.status, .usage, nothing.stderr)
        XCTAssertTrue(nothing.stderr.contains("no stored run to explain") && nothing.stderr.contains("duet verify"), nothing.stderr)
        XCTAssertFalse(nothing.stdout.contains("held") || nothing.stdout.contains("holds"), "nothing judged never holds: \(nothing.stdout)")
        // Control: once a run is stored there is something to explain, and it held.
        XCTAssertEqual(run("verify").status, .holds)
        let held = run("explain")
        XCTAssertEqual(held.status, .holds, held.stderr)
        XCTAssertTrue(held.stdout.hasSuffix("explain: held — verify run 1 (swift, full) of \(try Corpus.open(at: corpusPath).runs(limit: 1)[0].startedAt)\n"), held.stdout)
    }

    func testAFailingRunIsShownAgainAsVerifyShowedItWithoutReplaying() throws {
        let verify = run("verify", "--runner", "\(runner!) --mutate")
        XCTAssertEqual(verify.status, .findings, verify.stderr)
        let failedRows = verify.stdout.split(separator: "\n").filter { $0.hasPrefix("swift ") && $0.contains(" failed ") }
        XCTAssertEqual(failedRows.count, 2, verify.stdout)
        let stored = runCount

        let explain = run("explain")
        XCTAssertEqual(explain.status, .findings, explain.stderr)
        XCTAssertEqual(runCount, stored, "explain replays nothing and stores no run")
        let shown = Set(explain.stdout.split(separator: "\n").map(folded))
        for row in failedRows { XCTAssertTrue(shown.contains(folded(row)), "verify's row is not shown again:\n\(row)\n\(explain.stdout)") }
        XCTAssertFalse(explain.stdout.contains(" passed 4") || explain.stdout.contains("changes-its-mind"), "passes are counted, not listed: \(explain.stdout)")
        XCTAssertTrue(explain.stdout.contains("swift: failed — 2 passed, 2 failed, 0 not run"), explain.stdout)
        XCTAssertTrue(explain.stdout.contains("verify run 1 (swift, full), started "), explain.stdout)
        XCTAssertTrue(explain.stdout.contains("runner build: ") && explain.stdout.contains("judged: fixture set "), explain.stdout)

        // The JSON form: the failures exactly as verify's JSON gave them, and what the run judged.
        let verifyJSON = try json(run("verify", "--all", "--runner", "\(runner!) --mutate", "--format", "json"))
        let failures = verifyJSON["runs"]?.arrayValue?.first?["results"]?.arrayValue?.filter { $0["status"]?.stringValue == "failed" }
        let explained = try json(run("explain", "--format", "json"))
        XCTAssertEqual(explained["report"]?["runs"]?.arrayValue?.first?["results"]?.arrayValue, failures)
        XCTAssertEqual(explained["report"]?["runs"]?.arrayValue?.first?["failed"]?.intValue, 2)
        XCTAssertEqual(explained["run"]?["id"]?.intValue, 2, "the latest run")
        XCTAssertNotNil(explained["run"]?["fixtureSet"]?.stringValue)
        XCTAssertEqual(explained["verdict"]?["holds"], .bool(false))
    }

    func testARunJudgedOnOtherInputsIsShownAsAPastRun() throws {
        XCTAssertEqual(run("verify").status, .holds)
        let now = try json(run("explain", "--format", "json"))
        XCTAssertEqual(now["now"]?["standsForNow"], .bool(true), "the control: nothing changed since")
        XCTAssertEqual(now["now"]?["runner"]?.stringValue, "same", "a native runner's executable is compared by its hash")
        XCTAssertFalse(run("explain").stderr.contains("past run"))

        let manifest = repository.appendingPathComponent("parity/manifest.yaml")
        try Data((String(decoding: try Data(contentsOf: manifest), as: UTF8.self) + "# edited\n").utf8).write(to: manifest)
        let edited = run("explain")
        XCTAssertEqual(edited.status, .holds, "the run still held; it is a past run")
        XCTAssertTrue(edited.stdout.contains("tree: the manifest changed since this run"), edited.stdout)
        XCTAssertTrue(edited.stdout.contains("A past run") && edited.stdout.contains("duet verify --platform swift"), edited.stdout)
        XCTAssertTrue(edited.stderr.contains("verify run 1 is a past run") && edited.stderr.contains("to judge now"), edited.stderr)
        let past = try json(run("explain", "--format", "json"))
        XCTAssertEqual(past["now"]?["standsForNow"], .bool(false))
        XCTAssertEqual(past["now"]?["changed"]?.arrayValue, [.string("manifest")])

        // Another runner command judged the latest run.
        XCTAssertEqual(run("verify", "--runner", "\(runner!) --relabel").status, .holds)
        let other = try json(run("explain", "--format", "json"))
        XCTAssertEqual(other["now"]?["runner"]?.stringValue, "changed")
        XCTAssertEqual(other["now"]?["standsForNow"], .bool(false))
    }

    func testRunIdsAreResolvedAndAnUnknownOneIsBadInput() throws {
        XCTAssertEqual(run("verify").status, .holds)
        XCTAssertEqual(run("verify", "--runner", "\(runner!) --mutate").status, .findings)
        XCTAssertEqual(run("explain", "--run", "verify:1").status, .holds, "the first run held")
        XCTAssertEqual(run("explain", "--run", "2").status, .findings)
        let unknown = run("explain", "--run", "12")
        XCTAssertEqual(unknown.status, .usage)
        XCTAssertEqual(unknown.stderr.split(separator: "\n").first.map(String.init),
                       "duet explain: no run '12' — did you mean `1` or `2`?", unknown.stderr)
        let malformed = run("explain", "--run", "latest")
        XCTAssertEqual(malformed.status, .usage)
        XCTAssertTrue(malformed.stderr.contains("N, verify:N or drill:N"), malformed.stderr)
        XCTAssertEqual(run("drill", "restore").status, .holds)
        let ambiguous = run("explain", "--run", "1")
        XCTAssertEqual(ambiguous.status, .usage)
        XCTAssertTrue(ambiguous.stderr.contains("--run verify:1 or --run drill:1"), ambiguous.stderr)
        let drill = run("explain", "--run", "drill:1")
        XCTAssertEqual(drill.status, .holds, drill.stderr)
        XCTAssertTrue(drill.stdout.contains("drill run 1 (swift, full)") && drill.stdout.contains("Restore drill"), drill.stdout)
        XCTAssertTrue(run("explain").stdout.contains("drill run 1"), "the latest stored run of either gate")
    }

    func testTheMCPToolAnswersAsTheVerbDoes() throws {
        XCTAssertEqual(run("verify", "--runner", "\(runner!) --mutate").status, .findings)
        let client = try MCPClient(arguments: ["mcp"], in: repository.path)
        defer { client.close() }
        _ = try client.request(1, "initialize", #"{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"duet-tests","version":"1"}}"#)
        client.notify("notifications/initialized")
        let explained = try client.request(2, "tools/call", #"{"name":"explain","arguments":{"run":"1"}}"#)
        let structured = try XCTUnwrap(explained["result"]?["structuredContent"], "\(explained)")
        XCTAssertEqual(structured["result"], try json(run("explain", "--run", "1", "--format", "json")))
        XCTAssertEqual(structured["result"]?["report"]?["runs"]?.arrayValue?.first?["failed"]?.intValue, 2)
        let unknown = try client.request(3, "tools/call", #"{"name":"explain","arguments":{"run":"9"}}"#)
        XCTAssertEqual(unknown["result"]?["isError"]?.boolValue, true, "an unknown run is the caller's error: \(unknown)")
    }
}
