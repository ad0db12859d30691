import Foundation
import XCTest
import Duet
import DuetCorpus
@testable import DuetCLI
@testable import DuetGates

/// `duet mutate` on a small repository whose "source" is the runner script: a row that adds the
/// sample runner's `--mutate` flag changes behaviour, so the gate must catch it; the build step is
/// `sh -n` (a syntax check), so a mutant can also fail to build.
final class MutateTests: XCTestCase {
    private var repository: URL!
    private var corpus: [String] { ["--corpus", repository.appendingPathComponent("corpus.db").path] }
    private var script: URL { repository.appendingPathComponent("src/runner.sh") }

    override func setUpWithError() throws {
        repository = try temporaryDirectory()
        let runner = try BuildProducts.executable("duet-sample-runner")
        try write("src/runner.sh", "#!/bin/sh\n# The sample app's runner.\nflags=\"\"\nexec '\(runner)' $flags\n")
        try write("parity/manifest.yaml", "runners:\n  swift: sh src/runner.sh\n")
        let record = duet(corpus + ["record", "--runner", "sh '\(script.path)'"], in: repository.path)
        XCTAssertEqual(record.status, .holds, record.stderr)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: repository) }

    private func write(_ relative: String, _ text: String) throws {
        let url = repository.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    private func plan(build: String = "sh -n src/runner.sh", _ rows: [(name: String, old: String, new: String)]) throws {
        let members = rows.map { row in
            JSONRPC.object(["name": .string(row.name), "file": .string("src/runner.sh"), "old": .string(row.old), "new": .string(row.new)])
        }
        let document = JSONRPC.object([
            "platforms": JSONRPC.object(["swift": JSONRPC.object(["sources": .array([.string("src")]), "build": .string(build)])]),
            "mutations": .array(members),
        ])
        try Data(document.prettyBytes).write(to: repository.appendingPathComponent("parity/mutations.json"))
    }

    private func mutate(_ arguments: String...) throws -> (status: ExitStatus, report: JSONValue, stderr: String) {
        let run = duet(corpus + ["mutate"] + arguments + ["--format", "json"], in: repository.path)
        return (run.status, try CanonicalJSON.parse(run.stdout.isEmpty ? "{}" : run.stdout), run.stderr)
    }

    private func verdicts(_ report: JSONValue) -> [String: String] {
        Dictionary(uniqueKeysWithValues: (report["rows"]?.arrayValue ?? []).map { ($0["name"]!.stringValue!, $0["verdict"]!.stringValue!) })
    }

    func testEveryRowIsJudgedAndTheWorkingTreeIsNeverWritten() throws {
        try plan([("mutated-reducer", "flags=\"\"", "flags=\"--mutate\""),
                  ("comment-only", "# The sample app's runner.", "# The sample app's runner, reworded."),
                  ("gone", "flags=\"--relabel\"", "flags=\"\""),
                  ("twice", "s", "z"),
                  ("does-not-build", "flags=\"\"", "flags=\"unterminated")])
        let before = try Data(contentsOf: script)
        let result = try mutate()
        XCTAssertEqual(result.status, .findings, result.stderr)
        XCTAssertEqual(verdicts(result.report), ["mutated-reducer": "caught", "comment-only": "survived", "gone": "stale",
                                                 "twice": "stale", "does-not-build": "unbuildable"])
        let caught = try XCTUnwrap(result.report["rows"]?.arrayValue?.first { $0["name"]?.stringValue == "mutated-reducer" })
        XCTAssertEqual(caught["caughtBy"]?.arrayValue?.compactMap { $0["fixture"]?.stringValue }, ["tally", "tally-endings.keeps-counting"])
        XCTAssertEqual(caught["caughtBy"]?.arrayValue?.first?["path"]?.stringValue, "count", "where it was caught")
        let stale = try XCTUnwrap(result.report["rows"]?.arrayValue?.first { $0["name"]?.stringValue == "twice" })
        XCTAssertTrue(stale["detail"]?.stringValue?.contains("occurs") == true, "\(stale)")
        XCTAssertEqual(result.report["baselines"]?.arrayValue?.first?["status"]?.stringValue, "passed")
        XCTAssertEqual(try Data(contentsOf: script), before, "the working tree is untouched")
        let copy = repository.appendingPathComponent(".build/duet-mutate/src/runner.sh")
        XCTAssertEqual(try Data(contentsOf: copy), before, "and the copy is restored after each row")
        XCTAssertEqual(try Corpus.open(at: corpus[1]).runs(limit: 100).count, 0, "a mutant's replay is not a run of the app")
    }

    func testOnlyTheNamedRowsRunAndAllCaughtHolds() throws {
        try plan([("mutated-reducer", "flags=\"\"", "flags=\"--mutate\""), ("comment-only", "# The sample", "# A sample")])
        let result = try mutate("--row", "mutated-reducer")
        XCTAssertEqual(result.status, .holds, result.stderr)
        XCTAssertEqual(verdicts(result.report), ["mutated-reducer": "caught"])
        XCTAssertEqual(try mutate("--row", "no-such-row").status, .usage)
    }

    func testARedBaselineStopsTheDrillBeforeAnyMutant() throws {
        try plan([("comment-only", "# The sample", "# A sample")])
        try Data(try String(contentsOf: script, encoding: .utf8).replacingOccurrences(of: "flags=\"\"", with: "flags=\"--mutate\"").utf8).write(to: script)
        let result = try mutate()
        XCTAssertEqual(result.status, .findings)
        XCTAssertEqual(verdicts(result.report), ["comment-only": "not-run"])
        XCTAssertTrue(result.report["stoppedBy"]?.stringValue?.contains("the unmutated swift copy is not green") == true, "\(result.report)")
        XCTAssertEqual(result.report["baselines"]?.arrayValue?.first?["failing"]?.arrayValue?.count, 2)
    }

    func testACopyThatDoesNotBuildIsTheEnvironment() throws {
        try plan(build: "exit 4", [("mutated-reducer", "flags=\"\"", "flags=\"--mutate\"")])
        let result = try mutate()
        XCTAssertEqual(result.status, .environment)
        XCTAssertTrue(result.report["stoppedBy"]?.stringValue?.contains("failed (exit 4)") == true, "\(result.report)")
    }

    func testAPlanIsCheckedWithItsPlace() throws {
        try plan([("a", "flags", "flags")])
        let same = try mutate()
        XCTAssertEqual(same.status, .usage)
        XCTAssertTrue(same.stderr.contains("parity/mutations.json:") && same.stderr.contains("new is old"), same.stderr)
        try plan([("a", "x", "y"), ("a", "p", "q")])
        XCTAssertTrue(try mutate().stderr.contains("a second row named a"))
        try Data(#"{"platforms": {"swift": {"sources": ["src"]}}, "mutations": [{"name": "a", "file": "elsewhere/x.swift", "old": "a", "new": "b"}]}"#.utf8)
            .write(to: repository.appendingPathComponent("parity/mutations.json"))
        let outside = try mutate()
        XCTAssertEqual(outside.status, .usage)
        XCTAssertTrue(outside.stderr.contains("mutations.json:1:") && outside.stderr.contains("in no platform's sources"), outside.stderr)
        try plan([])
        XCTAssertTrue(try mutate().stderr.contains("no mutation rows"), "an empty plan checks nothing: refused")
    }

    func testAKillDuringAMutantLeavesTheTreeAsItWasAndTheNextDrillRestoresTheCopy() throws {
        // The build sleeps only for the mutant, so the drill is interrupted in the middle of a row.
        try plan(build: "sh -n src/runner.sh && if grep -q -- --mutate src/runner.sh; then sleep 5; fi",
                 [("mutated-reducer", "flags=\"\"", "flags=\"--mutate\"")])
        let before = try Data(contentsOf: script)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try BuildProducts.executable("duet"))
        process.arguments = corpus + ["mutate"]
        process.currentDirectoryURL = repository
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let copy = repository.appendingPathComponent(".build/duet-mutate/src/runner.sh")
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, (try? String(contentsOf: copy, encoding: .utf8))?.contains("--mutate") != true { usleep(20_000) }
        XCTAssertTrue(try String(contentsOf: copy, encoding: .utf8).contains("--mutate"), "the drill reached the mutant")
        process.interrupt()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)
        XCTAssertEqual(try Data(contentsOf: script), before, "the working tree was never written")

        let next = try mutate()
        XCTAssertEqual(next.status, .holds, next.stderr)
        XCTAssertEqual(next.report["baselines"]?.arrayValue?.first?["status"]?.stringValue, "passed", "the copy was put right before the baseline")
        XCTAssertEqual(try Data(contentsOf: copy), before)
    }
}

/// Finding a row's one site, byte for byte.
final class MutationSiteTests: XCTestCase {
    func testExactlyOnceAppliesAndAnythingElseIsStale() {
        let source = Array("let a = 1\nlet b = a + 1\n".utf8)
        let once = MutationSite.locate(source, old: Array("a + 1".utf8))
        XCTAssertEqual(once.occurrences, 1)
        XCTAssertEqual(once.line, 2)
        XCTAssertEqual(String(decoding: once.apply(new: Array("a - 1".utf8)), as: UTF8.self), "let a = 1\nlet b = a - 1\n")
        XCTAssertEqual(MutationSite.locate(source, old: Array("let".utf8)).occurrences, 2)
        XCTAssertEqual(MutationSite.locate(source, old: Array("c".utf8)).occurrences, 0)
        XCTAssertEqual(MutationSite.locate(Array("aaaa".utf8), old: Array("aa".utf8)).occurrences, 2, "occurrences do not overlap")
        // Bytes, not characters: a precomposed é is not e + a combining accent.
        XCTAssertEqual(MutationSite.locate(Array("caf\u{E9}".utf8), old: Array("cafe\u{301}".utf8)).occurrences, 0)
    }
}
