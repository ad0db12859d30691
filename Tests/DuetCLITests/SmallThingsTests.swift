import Foundation
import XCTest
import Duet
import DuetCorpus
@testable import DuetCLI

/// Small things a new user trips on, each pinned with the case that shows it can fail.
final class SmallThingsTests: XCTestCase {
    private var work: URL!
    private var corpusPath: String { work.appendingPathComponent("corpus.db").path }

    override func setUpWithError() throws {
        work = try temporaryDirectory()
        let load = duet("--corpus", corpusPath, "corpus", "load", packageRoot.appendingPathComponent("corpus.db.seed").path, in: work.path)
        XCTAssertEqual(load.status, .holds, load.stderr)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: work) }

    func testAQuerySQLErrorSaysItsPrefixOnce() {
        let run = duet("--corpus", corpusPath, "query", "sql", "SELEC kind FROM kind_coverage", in: work.path)
        XCTAssertEqual(run.status, .usage)
        XCTAssertEqual(run.stderr.components(separatedBy: "query sql:").count - 1, 1, run.stderr)
        XCTAssertTrue(run.stderr.hasPrefix("duet query sql: the statement: near \"SELEC\": syntax error"), run.stderr)
        XCTAssertEqual(duet("--corpus", corpusPath, "query", "sql", "SELECT kind FROM kind_coverage", in: work.path).status, .holds)
    }

    /// The fixtures README's commands and the verbs' help examples name are fixtures of the reference corpus.
    func testEveryFixtureADocumentedCommandNamesIsStored() throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        // A line documented as bad input (its comment ends `exits 2`: a misspelt name) names no fixture on purpose.
        let documented = ([readme] + VerbTable.all.map { $0.discussion }).joined(separator: "\n")
            .split(separator: "\n").filter { !$0.hasSuffix("exits 2") }.joined(separator: "\n")
        let names = Self.fixtureNames(in: documented)
        XCTAssertGreaterThanOrEqual(names.count, 4, "the documented commands were not found: \(names)")
        // An explore finding's pending recording (`explore.<feature>.<hash>`) is not a fixture until it
        // is accepted: its feature must be one the corpus holds, and its hash the finding's 12 hex digits.
        let features = Set(try Corpus.open(at: corpusPath).fixtures().compactMap(\.feature))
        for name in names where name.hasPrefix("explore.") {
            let parts = name.split(separator: ".")
            XCTAssertTrue(parts.count == 3 && features.contains(String(parts[1])) && parts[2].count == 12 && parts[2].allSatisfy(\.isHexDigit),
                          "`\(name)` is documented as an explore recording but names no feature of the corpus")
        }
        XCTAssertFalse(Set(["explore.nofeature.fc7f9644b70b"]).allSatisfy { features.contains(String($0.split(separator: ".")[1])) },
                       "the control: a made-up feature is not one of the corpus's")
        for name in names where !name.hasPrefix("explore.") {
            let show = duet("--corpus", corpusPath, "show", name, in: work.path)
            XCTAssertEqual(show.status, .holds, "`\(name)` is documented but is not a fixture: \(show.stderr)")
        }
        // The line README once gave names a scenario, not one of its fixtures: the same check refuses it.
        XCTAssertEqual(Self.fixtureNames(in: "duet materialize timeline.deep-link#2   # a step"), ["timeline.deep-link#2"])
        XCTAssertEqual(duet("--corpus", corpusPath, "show", "timeline.deep-link#2", in: work.path).status, .usage)
    }

    /// The NAME or NAME#STEP of each `duet show|materialize|pending show|accept|reject NAME` in `text`.
    static func fixtureNames(in text: String) -> Set<String> {
        let pattern = #/duet (?:materialize|show|pending show|pending accept|pending reject|verify --fixture|drill restore --fixture) ([a-z][a-z0-9-]*(?:\.[a-z0-9-]+)+(?:#[0-9]+)?)/#
        return Set(text.matches(of: pattern).map { String($0.output.1) })
    }

    func testEveryHelpListsHelpInFull() {
        for verb in VerbTable.all {
            let help = duet(verb.name.split(separator: " ").map(String.init) + ["--help"])
            guard !verb.options.isEmpty else { continue }
            XCTAssertTrue(help.stdout.contains("\n  --help "), "\(verb.name) --help:\n\(help.stdout)")
        }
        // The case that truncated it: options shorter than "--help".
        XCTAssertTrue(duet("pending", "accept", "--help").stdout.contains("  --help  Show this help."))
    }

    func testLintAndAuditThatHoldPrintNoEmptyTable() throws {
        let lint = duet("--corpus", corpusPath, "lint", in: packageRoot.path)
        XCTAssertEqual(lint.status, .holds, lint.stdout + lint.stderr)
        XCTAssertFalse(lint.stdout.contains("place  rule"), lint.stdout)
        XCTAssertTrue(lint.stdout.hasPrefix("lint holds"), lint.stdout)
        // Machines still get the (empty) list.
        let json = try CanonicalJSON.parse(duet("--corpus", corpusPath, "lint", "--format", "json", in: packageRoot.path).stdoutBytes)
        XCTAssertEqual(json["findings"]?.arrayValue?.count, 0)
        let csv = duet("--corpus", corpusPath, "lint", "--format", "csv", in: packageRoot.path)
        XCTAssertTrue(csv.stdout.hasPrefix("place,rule,finding,fix"), csv.stdout)

        let audit = duet("--corpus", corpusPath, "audit", "Sources/MemoryLane", in: packageRoot.path)
        XCTAssertEqual(audit.status, .holds, audit.stdout + audit.stderr)
        XCTAssertFalse(audit.stdout.contains("place  rule"), audit.stdout)
        XCTAssertTrue(audit.stdout.hasPrefix("audit holds"), audit.stdout)

        // Negative control: a finding keeps its table.
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("parity"), withIntermediateDirectories: true)
        try Data("runners:\n  swift: nowhere\nfeatures:\n  ghost:\n    swift: Sources/Ghost.swift\n".utf8)
            .write(to: root.appendingPathComponent("parity/manifest.yaml"))
        // Its own corpus: the one above follows the package's tree and is refused in another.
        let failing = duet("lint", in: root.path)
        XCTAssertEqual(failing.status, .findings, failing.stdout + failing.stderr)
        XCTAssertTrue(failing.stdout.hasPrefix("Lint findings\nplace"), failing.stdout)
    }
}
