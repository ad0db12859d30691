import Foundation
import XCTest
@testable import DuetCLI

final class FmtVerbTests: XCTestCase {
    func testWritesThePinnedPrettyForm() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(#"{"b":[],"a":{"x":1,"c":"/é"}}"#.utf8).write(to: dir.appendingPathComponent("in.json"))
        let run = duet("fmt", "in.json", in: dir.path)
        XCTAssertEqual(run.status, .holds)
        XCTAssertEqual(run.stdout, "{\n  \"a\": {\n    \"c\": \"/é\",\n    \"x\": 1\n  },\n  \"b\": []\n}\n")
    }

    func testCompactWritesCanonicalBytesAndANewline() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("{ \"b\" : 2 , \"a\" : 1 }".utf8).write(to: dir.appendingPathComponent("in.json"))
        XCTAssertEqual(duet("fmt", "--compact", "in.json", in: dir.path).stdout, "{\"a\":1,\"b\":2}\n")
    }

    func testCheckListsOnlyFilesNotAlreadyPrettyAndExitsOne() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("{\n  \"a\": 1\n}\n".utf8).write(to: dir.appendingPathComponent("good.json"))
        try Data("{\"a\":1}".utf8).write(to: dir.appendingPathComponent("bad.json"))
        let run = duet("fmt", "--check", "good.json", "bad.json", in: dir.path)
        XCTAssertEqual(run.status, .findings)
        XCTAssertEqual(run.stdout, "bad.json\n")
        XCTAssertEqual(duet("fmt", "--check", "good.json", in: dir.path).status, .holds)
    }

    func testMalformedInputExitsTwoWithFileLineAndColumn() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("{\n  \"a\": 1.5\n}\n".utf8).write(to: dir.appendingPathComponent("float.json"))
        let run = duet("fmt", "float.json", in: dir.path)
        XCTAssertEqual(run.status, .usage)
        XCTAssertTrue(run.stderr.contains("float.json:2:"), run.stderr)
        XCTAssertEqual(run.stdout, "")
    }

    func testEveryVectorFixtureIsAlreadyPretty() throws {
        let vectors = packageRoot.appendingPathComponent("vectors")
        let files = FileManager.default.enumerator(atPath: vectors.path)!.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".fixture.json") }.map { vectors.appendingPathComponent($0).path }
        XCTAssertGreaterThanOrEqual(files.count, 9)
        let run = duet(["fmt", "--check"] + files)
        XCTAssertEqual(run.status, .holds, run.stdout + run.stderr)
        // Negative control: a vector with one space too many is named.
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let copy = dir.appendingPathComponent("counter.fixture.json")
        try Data(String(contentsOfFile: files.first { $0.hasSuffix("/counter.fixture.json") }!, encoding: .utf8)
            .replacingOccurrences(of: "\"dialect\": 2", with: "\"dialect\":  2").utf8).write(to: copy)
        let broken = duet(["fmt", "--check"] + files + [copy.path])
        XCTAssertEqual(broken.status, .findings, broken.stdout + broken.stderr)
        XCTAssertTrue((broken.stdout + broken.stderr).contains(copy.path), broken.stdout + broken.stderr)
    }

    func testAMissingFileIsNamed() {
        let run = duet("fmt", "/nonexistent/x.json")
        XCTAssertEqual(run.status, .usage)
        XCTAssertTrue(run.stderr.contains("/nonexistent/x.json: cannot read this file"), run.stderr)
    }
}

final class CommandLineTests: XCTestCase {
    func testVersionAndHelp() {
        XCTAssertTrue(duet("--version").stdout.hasPrefix("duet "))
        let help = duet("help")
        XCTAssertEqual(help.status, .holds)
        XCTAssertTrue(help.stdout.contains("fmt"))
    }

    func testEveryVerbHasHelp() {
        XCTAssertGreaterThan(VerbTable.all.count, 30, "the verb table is what this test judges")
        for verb in VerbTable.all {
            let words = verb.name.split(separator: " ").map(String.init)
            let run = duet(words + ["--help"])
            XCTAssertEqual(run.status, .holds, verb.name)
            XCTAssertTrue(run.stdout.hasPrefix("Usage: duet \(verb.name)"), run.stdout)
            XCTAssertEqual(duet(["help"] + words).stdout, run.stdout)
            // Every verb shows how it is used: an Example that names the verb.
            let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let example = lines.firstIndex { $0.hasPrefix("Example") }
            XCTAssertNotNil(example, "\(verb.name) --help has no example:\n\(run.stdout)")
            if let example {
                let shown = ([lines[example]] + lines.dropFirst(example + 1).prefix(1)).joined(separator: " ")
                XCTAssertTrue(shown.contains(words.last!), "\(verb.name): the example does not show the verb:\n\(shown)")
            }
        }
    }

    func testAGroupWordListsItsVerbs() {
        let help = duet("corpus", "--help")
        XCTAssertEqual(help.status, .holds)
        XCTAssertTrue(help.stdout.hasPrefix("Usage: duet corpus VERB"), help.stdout)
        for verb in ["corpus dump", "corpus load", "corpus stats", "corpus check", "corpus migrate"] {
            XCTAssertTrue(help.stdout.contains("  \(verb) "), "\(verb) missing from:\n\(help.stdout)")
        }
        XCTAssertFalse(help.stdout.contains("query sql"), help.stdout)
        XCTAssertEqual(duet("help", "query").stdout, duet("query", "--help").stdout)
        XCTAssertTrue(duet("help", "query").stdout.contains("query touches"))

        let bare = duet("ledger")
        XCTAssertEqual(bare.status, .usage)
        XCTAssertTrue(bare.stderr.contains("which one?") && bare.stderr.contains("ledger history"), bare.stderr)
        let wrong = duet("corpus", "vacuum")
        XCTAssertEqual(wrong.status, .usage)
        XCTAssertTrue(wrong.stderr.contains("no verb 'corpus vacuum'") && wrong.stderr.contains("corpus check"), wrong.stderr)
        XCTAssertNil(HelpText.group("fmt"), "a verb without sub-verbs is no group")
    }

    func testUnknownVerbAndOptionAreUsageErrors() {
        XCTAssertEqual(duet("frobnicate").status, .usage)
        let run = duet("fmt", "--frob")
        XCTAssertEqual(run.status, .usage)
        XCTAssertTrue(run.stderr.contains("no option '--frob'"), run.stderr)
        XCTAssertTrue(run.stderr.contains("Run 'duet fmt --help'"), run.stderr)
        XCTAssertFalse(run.stderr.contains("Usage: duet fmt"), "one line and a pointer, not the whole help:\n\(run.stderr)")
    }
}
