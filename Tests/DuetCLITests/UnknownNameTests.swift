import Foundation
import XCTest
import DuetCorpus
import Duet
@testable import DuetCLI

/// An unknown name is bad input everywhere: exit 2, one line naming it and the closest known
/// names, one line pointing at the help — and the known name beside it works (negative control).
final class UnknownNameTests: XCTestCase {
    private var work: URL!
    private var corpusPath: String { work.appendingPathComponent("corpus.db").path }

    override func setUpWithError() throws {
        work = try temporaryDirectory()
        let load = duet("--corpus", corpusPath, "corpus", "load", packageRoot.appendingPathComponent("corpus.db.seed").path, in: work.path)
        XCTAssertEqual(load.status, .holds, load.stderr)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: work) }

    private func run(_ arguments: String...) -> CLIRun { duet(["--corpus", corpusPath] + arguments, in: work.path) }

    /// Exit 2; stderr is exactly two lines: the name and `suggestion`, then the help pointer; stdout is empty.
    private func assertUnknown(_ run: CLIRun, names quoted: String, suggests suggestion: String?, pointer: String,
                               file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(run.status, .usage, run.stderr, file: file, line: line)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2, "one line naming it, one pointing at the help:\n\(run.stderr)", file: file, line: line)
        XCTAssertTrue(lines.first?.contains("'\(quoted)'") == true, run.stderr, file: file, line: line)
        if let suggestion {
            XCTAssertTrue(lines.first?.contains("did you mean") == true && lines.first?.contains("`\(suggestion)`") == true, run.stderr, file: file, line: line)
        }
        XCTAssertEqual(lines.last, pointer, file: file, line: line)
        XCTAssertFalse(run.stderr.contains("Usage:"), "the whole help buries the error:\n\(run.stderr)", file: file, line: line)
        XCTAssertEqual(run.stdout, "", file: file, line: line)
    }

    func testAnUnknownKindIsBadInputWithTheClosestKinds() {
        assertUnknown(run("query", "touches", "capture.slot.kamera"), names: "capture.slot.kamera", suggests: "capture.slot.camera",
                      pointer: "Run 'duet query touches --help' for its options and an example.")
        assertUnknown(run("query", "touches", "kamera"), names: "kamera", suggests: "camera",
                      pointer: "Run 'duet query touches --help' for its options and an example.")
        assertUnknown(run("query", "fixtures", "--kind", "capture.kamera"), names: "capture.kamera", suggests: "capture.camera",
                      pointer: "Run 'duet query fixtures --help' for its options and an example.")
        let known = run("query", "touches", "capture.slot.camera", "--format", "json")
        XCTAssertEqual(known.status, .holds, known.stderr)
        XCTAssertFalse(try CanonicalJSON.parse(known.stdoutBytes).arrayValue?.isEmpty ?? true, "a known kind has rows")
    }

    func testAnUnknownFeatureIsBadInput() {
        for verb in [["query", "fixtures"], ["query", "kinds"], ["query", "verbs"]] {
            assertUnknown(duet(["--corpus", corpusPath] + verb + ["--feature", "capturee"], in: work.path), names: "capturee", suggests: "capture",
                          pointer: "Run 'duet \(verb.joined(separator: " ")) --help' for its options and an example.")
            let known = duet(["--corpus", corpusPath] + verb + ["--feature", "capture", "--format", "json"], in: work.path)
            XCTAssertEqual(known.status, .holds, known.stderr)
        }
        assertUnknown(run("map", "mainnaw"), names: "mainnaw", suggests: "mainnav", pointer: "Run 'duet map --help' for its options and an example.")
    }

    func testAnUnknownFixtureIsBadInputBeforeAnyRunnerStarts() throws {
        // No runner is configured here: the name is judged first.
        assertUnknown(run("verify", "--fixture", "no.such.fixture"), names: "no.such.fixture", suggests: nil,
                      pointer: "Run 'duet verify --help' for its options and an example.")
        XCTAssertTrue(run("verify", "--fixture", "no.such.fixture").stderr.contains("none of the \(try Corpus.open(at: corpusPath).fixtures().count) fixtures is close; `duet query fixtures` lists them"))
        assertUnknown(run("drill", "restore", "--fixture", "splash.finds-nonne"), names: "splash.finds-nonne", suggests: "splash.finds-none",
                      pointer: "Run 'duet drill restore --help' for its options and an example.")
        assertUnknown(run("verify", "--feature", "timelin"), names: "timelin", suggests: "timeline",
                      pointer: "Run 'duet verify --help' for its options and an example.")
        // A scenario's base name is not a fixture: its branches are offered.
        let scenario = run("show", "timeline.deep-link#2")
        assertUnknown(scenario, names: "timeline.deep-link", suggests: "timeline.deep-link.rebases",
                      pointer: "Run 'duet show --help' for its options and an example.")
        XCTAssertEqual(run("show", "timeline.deep-link.rebases#2").status, .holds)
        // A known fixture with no runner gets past the name to the runner.
        let known = run("verify", "--fixture", "splash.finds-none")
        XCTAssertNotEqual(known.status, .usage, known.stderr)
        XCTAssertFalse(known.stderr.contains("no fixture"), known.stderr)
    }

    func testAnUnknownVerbOrOptionIsOneLineAndAPointer() {
        assertUnknown(run("verfy"), names: "verfy", suggests: "verify", pointer: "Run 'duet help' for the list of verbs.")
        assertUnknown(run("query", "touchs", "camera"), names: "query touchs", suggests: "query touches", pointer: "Run 'duet query --help' for its verbs.")
        assertUnknown(run("verify", "--platfrom", "all"), names: "--platfrom", suggests: "--platform",
                      pointer: "Run 'duet verify --help' for its options and an example.")
        assertUnknown(duet("--corpsu", corpusPath, "census", in: work.path), names: "--corpsu", suggests: "--corpus",
                      pointer: "Run 'duet help' for the list of verbs.")
        assertUnknown(run("help", "verfy"), names: "verfy", suggests: "verify", pointer: "Run 'duet help' for the list.")
        // Nothing close: a small set is listed whole.
        let group = run("corpus", "vacuum")
        assertUnknown(group, names: "corpus vacuum", suggests: nil, pointer: "Run 'duet corpus --help' for its verbs.")
        XCTAssertTrue(group.stderr.contains("corpus check, corpus dump, corpus load, corpus migrate, corpus stats"), group.stderr)
    }

    func testAnUnknownChoiceNamesTheClosest() {
        assertUnknown(run("verify", "--platform", "kotlinn"), names: "kotlinn", suggests: "kotlin",
                      pointer: "Run 'duet verify --help' for its options and an example.")
        assertUnknown(run("census", "--format", "jsn"), names: "jsn", suggests: "json", pointer: "Run 'duet census --help' for its options and an example.")
        assertUnknown(run("map", "--layout", "dott"), names: "dott", suggests: "dot", pointer: "Run 'duet map --help' for its options and an example.")
        assertUnknown(run("map", "--platform", "androd"), names: "androd", suggests: nil, pointer: "Run 'duet map --help' for its options and an example.")
        assertUnknown(run("milestone", "m1", "--format", "htm"), names: "htm", suggests: "html",
                      pointer: "Run 'duet milestone --help' for its options and an example.")
        assertUnknown(run("materialize", "splash.finds-none#1", "--platform", "swfit"), names: "swfit", suggests: "swift",
                      pointer: "Run 'duet materialize --help' for its options and an example.")
        XCTAssertEqual(run("query", "kinds", "--format", "json").status, .holds)
    }

    func testAnUnknownPendingRecordingOrMutationRowIsBadInput() throws {
        assertUnknown(run("pending", "show", "splash.finds-none"), names: "splash.finds-none", suggests: nil,
                      pointer: "Run 'duet pending show --help' for its options and an example.")
        XCTAssertTrue(run("pending", "accept", "x").stderr.contains("there are no pending recordings"))
        // mutate reads the plan of the tree it runs in.
        let tree = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tree) }
        try FileManager.default.createDirectory(at: tree.appendingPathComponent("parity"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("parity/mutations.json"), to: tree.appendingPathComponent("parity/mutations.json"))
        let row = duet(["--corpus", corpusPath, "mutate", "--row", "capture-dismisal-guard"], in: tree.path)
        assertUnknown(row, names: "capture-dismisal-guard", suggests: "capture-dismissal-guard", pointer: "Run 'duet mutate --help' for its options and an example.")
    }

    func testMCPToolsAnswerUnknownNamesAsTheVerbsDo() throws {
        let server = MCPServer(environment: [:], workingDirectory: work.path, corpusOption: corpusPath)
        func call(_ id: Int, _ method: String, _ params: String) throws -> JSONValue {
            let reply = server.handle(Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#.utf8))
            return try CanonicalJSON.parse(try XCTUnwrap(reply))
        }
        _ = try call(1, "initialize", #"{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}"#)
        let kind = try call(2, "tools/call", #"{"name":"query_touches","arguments":{"kind":"capture.slot.kamera"}}"#)
        XCTAssertEqual(kind["result"]?["structuredContent"]?["status"]?.stringValue, "usage", "\(kind)")
        XCTAssertEqual(kind["result"]?["isError"]?.boolValue, true)
        let notes = kind["result"]?["structuredContent"]?["notes"]?.arrayValue?.compactMap(\.stringValue) ?? []
        XCTAssertTrue(notes.first?.contains("did you mean `capture.slot.camera`?") == true, "\(notes)")
        let known = try call(3, "tools/call", #"{"name":"query_touches","arguments":{"kind":"capture.slot.camera"}}"#)
        XCTAssertEqual(known["result"]?["structuredContent"]?["status"]?.stringValue, "holds", "\(known)")

        let tool = try call(4, "tools/call", #"{"name":"query_touch","arguments":{}}"#)
        XCTAssertTrue(tool["error"]?["message"]?.stringValue?.contains("did you mean `query_touches`?") == true, "\(tool)")
        let argument = try call(5, "tools/call", #"{"name":"verify","arguments":{"fixtrue":"splash.finds-none"}}"#)
        let argumentNotes = argument["result"]?["structuredContent"]?["notes"]?.arrayValue?.compactMap(\.stringValue) ?? []
        XCTAssertTrue(argumentNotes.first?.contains("did you mean `fixture`?") == true, "\(argument)")
        let choice = try call(6, "tools/call", #"{"name":"verify","arguments":{"platform":"kotlinn"}}"#)
        let choiceNotes = choice["result"]?["structuredContent"]?["notes"]?.arrayValue?.compactMap(\.stringValue) ?? []
        XCTAssertTrue(choiceNotes.first?.contains("did you mean `kotlin`?") == true, "\(choice)")
    }
}

/// The resolver's arithmetic and ranking, with the cases it must not suggest.
final class NameResolverTests: XCTestCase {
    private func distance(_ a: String, _ b: String, limit: Int = 10) -> Int {
        NameResolver.editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars), limit: limit)
    }

    func testEditDistanceCountsInsertionsDeletionsSubstitutionsAndTranspositions() {
        XCTAssertEqual(distance("verify", "verify"), 0)
        XCTAssertEqual(distance("verfy", "verify"), 1)
        XCTAssertEqual(distance("platfrom", "platform"), 1, "an adjacent transposition is one edit")
        XCTAssertEqual(distance("kamera", "camera"), 1)
        XCTAssertEqual(distance("", "abc"), 3)
        XCTAssertEqual(distance("census", "verify"), 5)
        XCTAssertEqual(distance("census", "verify", limit: 2), 3, "past the limit it answers limit + 1")
    }

    func testSuggestionsAreNearFirstThenParts() {
        let known = ["timeline.deep-link.rebases", "timeline.deep-link.stale-link", "shared.deep-link.rebases", "timeline.share.finishes"]
        XCTAssertEqual(NameResolver.suggestions(for: "timeline.deep-link.rebase", among: known), ["timeline.deep-link.rebases"])
        XCTAssertEqual(NameResolver.suggestions(for: "timeline.deep-link", among: known),
                       ["timeline.deep-link.rebases", "timeline.deep-link.stale-link"])
        XCTAssertEqual(NameResolver.suggestions(for: "zzz", among: known), [], "nothing close is nothing suggested")
        XCTAssertEqual(NameResolver.suggestions(for: "link", among: ["unlinked"]), [], "a part must sit at a word boundary")
        XCTAssertEqual(NameResolver.suggestions(for: "VERIFY", among: ["verify"]), ["verify"], "case does not hide a match")
    }

    func testResolveReturnsAKnownNameAndRefusesAnUnknownOne() throws {
        XCTAssertEqual(try NameResolver.resolve("kotlin", as: .platform, among: ["swift", "kotlin"]), "kotlin")
        XCTAssertThrowsError(try NameResolver.resolve("Kotlin", as: .platform, among: ["swift", "kotlin"])) { error in
            XCTAssertEqual((error as? UsageError)?.message, "no platform 'Kotlin' — did you mean `kotlin`?")
        }
        XCTAssertEqual(NameResolver.unknown("x", as: .platform, among: ["swift", "kotlin", "all"]), "no platform 'x'; the platforms: all, kotlin, swift")
        XCTAssertEqual(NameResolver.unknown("x", as: .fixture, among: []), "no fixture 'x' — there are no fixtures (`duet query fixtures` lists them)")
    }
}
