import XCTest
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Duet
@testable import DuetCLI

/// `duet map` on Memory Lane as recorded (a corpus built from the committed seed): mainnav's tabs
/// and sheets with their verbs, the same bytes on every run, SVG laid out by Graphviz's dot when it
/// is on PATH and by duet's own layout when it is not.
final class MapVerbTests: XCTestCase {
    private var seeded: String?

    /// A corpus built from the committed seed, once per test.
    private func corpus() throws -> String {
        if let seeded { return seeded }
        let path = try temporaryDirectory().appendingPathComponent("corpus.db").path
        let load = duet("--corpus", path, "corpus", "load", packageRoot.appendingPathComponent("corpus.db.seed").path)
        XCTAssertEqual(load.status, .holds, load.stderr)
        seeded = path
        return path
    }

    private func map(_ arguments: String..., path: String = "/nonexistent") throws -> CLIRun {
        duet(["--corpus", try corpus(), "map"] + arguments, in: packageRoot.path, environment: ["PATH": path])
    }

    private var systemPath: String { ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin" }

    func testMainnavsSVGDrawsItsTabsAndSheetsWithTheirVerbs() throws {
        let run = try map("mainnav", "--format", "svg", "--layout", "duet")
        XCTAssertEqual(run.status, .holds, run.stderr)
        for state in ["tabs:myLane", "tabs:shared", "tabs:profile", "tabs:myLane · slot:capture", "tabs:myLane · slot:inviteCode",
                      "tabs:myLane · slot:notificationPriming", "tabs:profile · slot:capture"] {
            XCTAssertTrue(run.stdout.contains(">\(state)</text>"), state)
        }
        for verb in ["captureTapped ×6", "tabSelected ×4", "sheetDismissed ×2", "inviteRequested ×2 ← profile", "primingFinished ×2 ← priming"] {
            XCTAssertTrue(run.stdout.contains(">\(verb)</text>"), verb)
        }
        XCTAssertTrue(run.stdout.contains("Laid out by duet&#39;s layered layout") || run.stdout.contains("Laid out by duet's layered layout"))
        XCTAssertTrue(run.stderr.contains("laid out by duet's layered layout"), run.stderr)
        try assertWellFormed(run.stdout)
        // The seams picture shows who delivers mainnav's verbs.
        XCTAssertTrue(run.stdout.contains(">cancelTapped → captureCancelled</text>"))
    }

    func testSVGIsLaidOutByDotWhenItIsOnPathAndByDuetWhenItIsNot() throws {
        guard GraphvizDot.locate(path: systemPath) != nil else {
            throw XCTSkip("Graphviz's dot is not on PATH: the dot layout was not checked (`apt-get install -y graphviz`)")
        }
        let byDot = try map("mainnav", "--format", "svg", path: systemPath)
        XCTAssertEqual(byDot.status, .holds, byDot.stderr)
        XCTAssertTrue(byDot.stdout.contains("<desc>Laid out by Graphviz dot (graphviz version"), String(byDot.stdout.prefix(400)))
        XCTAssertTrue(byDot.stderr.contains("laid out by Graphviz dot"), byDot.stderr)
        XCTAssertFalse(byDot.stdout.contains("<!--"), "dot's comments are stripped")
        XCTAssertFalse(byDot.stdout.contains("<?xml"))
        XCTAssertTrue(byDot.stdout.contains("tabs:myLane · slot:inviteCode"))
        try assertWellFormed(byDot.stdout)
        XCTAssertEqual(try map("mainnav", "--format", "svg", path: systemPath).stdoutBytes, byDot.stdoutBytes, "dot's layout is the same bytes twice")

        // The same command without dot on PATH falls back, and says so.
        let fallback = try map("mainnav", "--format", "svg")
        XCTAssertEqual(fallback.status, .holds)
        XCTAssertTrue(fallback.stderr.contains("laid out by duet's layered layout (dot is not on PATH)"), fallback.stderr)
        XCTAssertFalse(fallback.stdout.contains("Graphviz"))
        // Asking for dot where there is none is the environment's fault.
        let missing = try map("mainnav", "--format", "svg", "--layout", "dot")
        XCTAssertEqual(missing.status, .environment, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("apt-get install graphviz"), missing.stderr)
    }

    func testAFailingDotFallsBackToDuetsLayout() throws {
        let folder = try temporaryDirectory()
        let fake = folder.appendingPathComponent("dot")
        try "#!/bin/sh\necho broken >&2\nexit 7\n".write(to: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        let run = try map("capture", "--format", "svg", path: folder.path)
        XCTAssertEqual(run.status, .holds, run.stderr)
        XCTAssertTrue(run.stderr.contains("laid out by duet's layered layout ("), run.stderr)
        XCTAssertTrue(run.stderr.contains("exit 7"), run.stderr)
        XCTAssertTrue(run.stdout.contains(">slot:camera</text>"))
    }

    func testJSONAndSVGAreTheSameBytesOnEveryRun() throws {
        let first = try map("--format", "json")
        XCTAssertEqual(first.status, .holds, first.stderr)
        XCTAssertEqual(try map("--format", "json").stdoutBytes, first.stdoutBytes)
        let map = try CanonicalJSON.parse(first.stdout)
        let features = map["features"]?.arrayValue?.compactMap { $0["feature"]?.stringValue }
        XCTAssertEqual(features, ["capture", "mainnav", "memorydetail", "rootnav", "shared", "timeline"])
        XCTAssertEqual(map["seams"]?.arrayValue?.isEmpty, false)
        let svg = try self.map("--format", "svg", "--layout", "duet")
        XCTAssertEqual(try self.map("--format", "svg", "--layout", "duet").stdoutBytes, svg.stdoutBytes)
        try assertWellFormed(svg.stdout)
    }

    func testDOTMermaidAndTheTableCarryTheSameTransitions() throws {
        let dot = try map("mainnav", "--format", "dot")
        XCTAssertTrue(dot.stdout.hasPrefix("digraph \"navigation\" {"), dot.stdout)
        XCTAssertTrue(dot.stdout.contains("\"mainnav/tabs:myLane\" -> \"mainnav/tabs:myLane · slot:capture\" [label=\"captureTapped ×6\""), dot.stdout)
        let mermaid = try map("mainnav", "--format", "mermaid")
        XCTAssertTrue(mermaid.stdout.hasPrefix("flowchart LR\n"))
        XCTAssertTrue(mermaid.stdout.contains("|\"captureTapped ×6\"|"), mermaid.stdout)
        let table = try map("mainnav", "--format", "csv")
        XCTAssertTrue(table.stdout.contains("mainnav,tabs:myLane,captureTapped,tabs:myLane · slot:capture,6,7"), table.stdout)
    }

    func testOutWritesTheFileInTheFormatItsExtensionNames() throws {
        let folder = try temporaryDirectory()
        let run = try map("timeline", "--out", folder.appendingPathComponent("timeline.svg").path)
        XCTAssertEqual(run.status, .holds, run.stderr)
        XCTAssertEqual(run.stdout, "")
        let written = try String(contentsOf: folder.appendingPathComponent("timeline.svg"), encoding: .utf8)
        XCTAssertTrue(written.hasPrefix("<svg"), String(written.prefix(100)))
        XCTAssertTrue(written.contains("path:memoryDetail"))
    }

    func testAnUnknownFeatureOrPlatformIsBadInputNamingWhatToDo() throws {
        let typo = try map("mainnva")
        XCTAssertEqual(typo.status, .usage)
        XCTAssertTrue(typo.stderr.contains("did you mean `mainnav`?"), typo.stderr)
        let plain = try map("onboarding")
        XCTAssertEqual(plain.status, .usage)
        XCTAssertTrue(plain.stderr.contains("has no L0 field"), plain.stderr)
        let unverified = try map("--platform", "kotlin")
        XCTAssertEqual(unverified.status, .usage)
        XCTAssertTrue(unverified.stderr.contains("duet verify --platform kotlin"), unverified.stderr)
        XCTAssertEqual(try map("--format", "png").status, .usage)
    }

    /// The text parses as XML (an unescaped label would not).
    private func assertWellFormed(_ svg: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let parser = XMLParser(data: Data(svg.utf8))
        XCTAssertTrue(parser.parse(), "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "?")", file: file, line: line)
    }

    func testTheWellFormednessCheckSeesABrokenDocument() throws {
        XCTAssertFalse(XMLParser(data: Data("<svg><text>a < b</text></svg>".utf8)).parse())
    }
}

/// The commit a milestone names is the checkout's HEAD; outside a checkout there is none, never a guess.
final class TreeRevisionTests: XCTestCase {
    func testTheRevisionIsTheCheckoutsHeadAndNoneOutsideOne() throws {
        let revision = try XCTUnwrap(TreeRevision.of(packageRoot.path), "the package is a git checkout")
        XCTAssertEqual(revision.commit.count, 40)
        XCTAssertTrue(revision.commit.allSatisfy(\.isHexDigit))
        XCTAssertNil(TreeRevision.of(try temporaryDirectory().path))
    }
}
