import XCTest
import Duet
@testable import DuetCLI
@testable import DuetCorpus
import DuetFixtures

/// A repository folder with `parity/manifest.yaml` and a `corpus.db` shaped like Memory Lane's.
private struct QuestionRepository {
    let root: URL
    var manifest: URL { root.appendingPathComponent("parity/manifest.yaml") }

    static let rulings = """
        census:
          rulings:
            - {field: onboarding.page, ruling: data, reason: no host mounts children from it, since: "2026-01-01"}
            - {field: rootnav.isEnterCodePresented, ruling: data, reason: a flag, since: "2026-01-01"}
        """
    static let islands = """
        presentation:
          islands:
            - {id: memorydetail.photo-carousel, feature: memorydetail, platform: ios, boundary: index, reason: pager, since: "2026-01-01"}
            - {id: memorydetail.photo-carousel, feature: memorydetail, platform: android, boundary: index, reason: pager, since: "2026-01-01"}
            - {id: memorydetail.video-player, feature: memorydetail, platform: ios, boundary: playing, reason: player, since: "2026-01-01"}
            - {id: memorydetail.video-player, feature: memorydetail, platform: android, boundary: playing, reason: player, since: "2026-01-01"}
            - {id: capture.media-capture-chrome, feature: capture, platform: ios, boundary: flash, reason: camera, since: "2026-01-01"}
            - {id: capture.media-capture-chrome, feature: capture, platform: android, boundary: flash, reason: camera, since: "2026-01-01"}
        """

    static let featureNames = ["capture", "mainnav", "memorydetail", "onboarding", "rootnav", "shared", "timeline"]
    /// Every feature with its (empty) source files, so the manifest's lint holds.
    static let features = "features:\n" + featureNames.map { "  \($0):\n    swift: Sources/\($0).swift\n    scenario: Sources/\($0)Scenarios.swift\n" }.joined()

    init() throws {
        root = try temporaryDirectory()
        try FileManager.default.createDirectory(at: root.appendingPathComponent("parity"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Sources"), withIntermediateDirectories: true)
        for name in Self.featureNames {
            for file in ["\(name).swift", "\(name)Scenarios.swift"] { try Data().write(to: root.appendingPathComponent("Sources/\(file)")) }
        }
        try writeManifest(Self.features + Self.islands + "\n" + Self.rulings + "\n")
        let corpus = try Corpus.open(at: root.appendingPathComponent("corpus.db").path)
        func f(_ path: String, _ shape: String, _ role: Role, _ kinds: [String]? = nil) -> FieldDescription {
            FieldDescription(path: path, shape: shape, role: role, kinds: kinds)
        }
        func s(_ feature: String, _ fields: [FieldDescription]) -> FeatureStructure {
            FeatureStructure(feature: feature, fields: fields, actions: [], effects: [])
        }
        try corpus.setStructures([
            s("rootnav", [f("phase", "enum", .stage, ["splash", "main"]), f("isEnterCodePresented", "bool", .data)]),
            s("mainnav", [f("activeTab", "enum", .tabs, ["myLane", "shared"]), f("sheet", "optional<sum>", .slot, ["capture"])]),
            s("timeline", [f("path", "array<sum>", .path, ["memoryDetail"]), f("sheet", "optional<sum>", .slot, ["sharePicker"])]),
            s("shared", [f("path", "array<sum>", .path, ["memoryDetail"]), f("sheet", "optional<sum>", .slot, ["sharePicker"])]),
            s("memorydetail", [f("sheet", "optional<sum>", .slot, ["sharePicker"]), f("carousel", "object", .island("memorydetail.photo-carousel")),
                               f("player", "object", .island("memorydetail.video-player"))]),
            s("capture", [f("sheet", "optional<sum>", .slot, ["camera", "photoLibrary"]), f("chrome", "object", .island("capture.media-capture-chrome"))]),
            s("onboarding", [f("page", "enum", .data)]),
        ], origin: "test")
        func leaf(_ name: String, _ feature: String, _ initial: String, _ steps: [(String, String)]) throws -> Fixture {
            Fixture(name: name, feature: feature, initialState: try CanonicalJSON.parse(initial),
                    steps: try steps.map { FixtureStep(action: .object(try JSONObject([("case", .string($0.0))])),
                                                       expectedState: try CanonicalJSON.parse($0.1), expectedEffects: .array([])) })
        }
        try corpus.upsertFixtures([
            leaf("capture.camera", "capture", #"{"chrome":{"flash":false}}"#, [
                ("cameraTapped", #"{"chrome":{"flash":false},"sheet":{"case":"camera"}}"#),
                ("modalDismissed", #"{"chrome":{"flash":false}}"#)]),
            leaf("capture.library", "capture", #"{"chrome":{"flash":false}}"#, [
                ("libraryTapped", #"{"chrome":{"flash":false},"sheet":{"case":"photoLibrary"}}"#)]),
            leaf("onboarding", "onboarding", #"{"page":"welcome"}"#, [("nextTapped", #"{"page":"done"}"#)]),
            leaf("rootnav", "rootnav", #"{"isEnterCodePresented":false,"phase":"splash"}"#, [
                ("splashFinished", #"{"isEnterCodePresented":false,"phase":"main"}"#)]),
            leaf("memorydetail", "memorydetail", #"{"carousel":{"index":0},"player":{"playing":false}}"#, [
                ("pageSwiped", #"{"carousel":{"index":1},"player":{"playing":false}}"#)]),
        ])
    }

    func writeManifest(_ text: String) throws { try Data(text.utf8).write(to: manifest) }

    func run(_ arguments: String...) -> CLIRun { duet(arguments, in: root.path) }
}

final class QuestionVerbsTests: XCTestCase {
    func testTouchesListsTheFixturesHoldingTheKind() throws {
        let repo = try QuestionRepository()
        let run = repo.run("query", "touches", "capture.slot.camera", "--format", "json")
        XCTAssertEqual(run.status, .holds, run.stderr)
        let rows = try XCTUnwrap(CanonicalJSON.parse(run.stdout).arrayValue)
        XCTAssertEqual(Set(rows.compactMap { $0["fixture"]?.stringValue }), ["capture.camera"])
        XCTAssertEqual(rows.compactMap { $0["entered_by"]?.stringValue }, ["cameraTapped"])
        XCTAssertEqual(rows.compactMap { $0["left_by"]?.stringValue }, ["modalDismissed"])
        XCTAssertEqual(rows.compactMap { $0["entered"]?.intValue }, [0])
        // Negative control: a kind the corpus does not know is bad input, not an empty result.
        let none = repo.run("query", "touches", "capture.slot.location", "--format", "json")
        XCTAssertEqual(none.status, .usage)
        XCTAssertTrue(none.stderr.hasPrefix("duet query touches: no kind 'capture.slot.location'"), none.stderr)
        XCTAssertEqual(none.stdout, "")
    }

    func testAMalformedKindIsBadUsage() throws {
        let repo = try QuestionRepository()
        let run = repo.run("query", "touches", "capture.sheet.camera")
        XCTAssertEqual(run.status, .usage)
        XCTAssertTrue(run.stderr.contains("feature.primitive.case"), run.stderr)
    }

    func testEveryFormatHasTheSameColumns() throws {
        let repo = try QuestionRepository()
        let columns = ["kind", "feature", "field", "primitive", "declared", "reached", "fixtures", "steps"]
        let table = repo.run("query", "kinds").stdout.split(separator: "\n").first.map { $0.split(separator: " ").map(String.init) }
        XCTAssertEqual(table, columns)
        XCTAssertEqual(repo.run("query", "kinds", "--format", "csv").stdout.split(separator: "\r\n").first.map(String.init),
                       columns.joined(separator: ","))
        XCTAssertEqual(repo.run("query", "kinds", "--format", "md").stdout.split(separator: "\n").first.map(String.init),
                       "| " + columns.joined(separator: " | ") + " |")
        let json = try CanonicalJSON.parse(repo.run("query", "kinds", "--format", "json").stdout)
        XCTAssertEqual(json.arrayValue?.first?.objectValue?.keys.sorted(), columns.sorted())
        // A feature the corpus does not know is bad input in every format, not an empty table.
        for format in ["table", "json"] {
            let unknown = repo.run("query", "kinds", "--feature", "nothing", "--format", format)
            XCTAssertEqual(unknown.status, .usage, format)
            XCTAssertEqual(unknown.stdout, "", format)
        }
    }

    func testVerbsAndFixturesQueries() throws {
        let repo = try QuestionRepository()
        let verbs = try CanonicalJSON.parse(repo.run("query", "verbs", "--feature", "capture", "--format", "json").stdout)
        XCTAssertEqual(verbs.arrayValue?.compactMap { $0["verb"]?.stringValue }, ["cameraTapped", "libraryTapped", "modalDismissed"])
        let fixtures = try CanonicalJSON.parse(repo.run("query", "fixtures", "--kind", "camera", "--format", "json").stdout)
        XCTAssertEqual(fixtures.arrayValue?.compactMap { $0["fixture"]?.stringValue }, ["capture.camera"])
    }

    func testSQLRunsReadOnlySelectsAndRefusesTheRest() throws {
        let repo = try QuestionRepository()
        let run = repo.run("query", "sql", "SELECT count(*) AS n FROM fixtures", "--format", "json")
        XCTAssertEqual(run.status, .holds, run.stderr)
        XCTAssertEqual(try CanonicalJSON.parse(run.stdout), try CanonicalJSON.parse(#"[{"n":5}]"#))
        for sql in ["DELETE FROM fixtures", "ATTACH DATABASE 'x.db' AS x", "PRAGMA user_version = 3", "SELECT 1; SELECT 2"] {
            let refused = repo.run("query", "sql", sql)
            XCTAssertEqual(refused.status, .usage, sql)
            XCTAssertTrue(refused.stderr.contains("refused"), refused.stderr)
        }
        XCTAssertEqual(try CanonicalJSON.parse(repo.run("query", "sql", "SELECT count(*) AS n FROM fixtures", "--format", "json").stdout),
                       try CanonicalJSON.parse(#"[{"n":5}]"#))
        XCTAssertEqual(repo.run("query", "sql", "SELECT 1; -- trailing comment").status, .holds)
    }

    func testSQLStopsAtItsLimitsWithExitTwoAndPrintsNothing() throws {
        let repo = try QuestionRepository()
        let endless = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c"
        let timedOut = repo.run("query", "sql", endless, "--timeout", "0.2")
        XCTAssertEqual(timedOut.status, .usage, timedOut.stderr)
        XCTAssertTrue(timedOut.stderr.contains("ran longer than 0.2s"), timedOut.stderr)
        XCTAssertEqual(timedOut.stdout, "")
        let many = repo.run("query", "sql", "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c", "--max-rows", "10")
        XCTAssertEqual(many.status, .usage)
        XCTAssertTrue(many.stderr.contains("more than 10 rows"), many.stderr)
        let big = repo.run("query", "sql", "SELECT zeroblob(5000)", "--max-bytes", "1000")
        XCTAssertEqual(big.status, .usage)
        XCTAssertTrue(big.stderr.contains("more than 1000 bytes"), big.stderr)
        XCTAssertEqual(repo.run("query", "sql", "SELECT 1", "--max-rows", "0").status, .usage)
        // Negative control: within the limits the answer comes.
        XCTAssertEqual(repo.run("query", "sql", "SELECT count(*) FROM fixtures", "--timeout", "5", "--max-rows", "1").status, .holds)
    }

    func testCensusHoldsWithTheRulingsAndFailsWithoutOne() throws {
        let repo = try QuestionRepository()
        let run = repo.run("census")
        XCTAssertEqual(run.status, .holds, run.stdout + run.stderr)
        let total = try XCTUnwrap(run.stdout.split(separator: "\n").first { $0.hasPrefix("total") })
        XCTAssertEqual(total.split(separator: " ").prefix(5).map(String.init), ["total", "2", "5", "1", "1"])
        XCTAssertTrue(run.stdout.contains("onboarding.page"))
        XCTAssertTrue(run.stdout.contains("rootnav.isEnterCodePresented"))
        try repo.writeManifest(QuestionRepository.islands + "\n" + QuestionRepository.rulings.replacingOccurrences(
            of: "    - {field: onboarding.page, ruling: data, reason: no host mounts children from it, since: \"2026-01-01\"}\n", with: ""))
        let failing = repo.run("census")
        XCTAssertEqual(failing.status, .findings)
        XCTAssertTrue(failing.stderr.contains("onboarding.page"), failing.stderr)
    }

    func testIslandsReportsThreeIslandsAndNoPromotion() throws {
        let repo = try QuestionRepository()
        let run = repo.run("islands", "--format", "json")
        XCTAssertEqual(run.status, .holds, run.stderr)
        let report = try CanonicalJSON.parse(run.stdout)
        XCTAssertEqual(report["verdict"]?["line"]?.stringValue, "islands: holds — 3 islands, none to promote")
        let rows = try XCTUnwrap(report["islands"]?.arrayValue)
        XCTAssertEqual(rows.compactMap { $0["island"]?.stringValue }, ["capture.media-capture-chrome", "memorydetail.photo-carousel", "memorydetail.video-player"])
        XCTAssertEqual(rows.compactMap { $0["platforms"]?.stringValue }, ["android ios", "android ios", "android ios"])
        XCTAssertEqual(rows.compactMap { $0["verb_count"]?.intValue }, [0, 1, 0])
    }

    func testMilestoneWritesEveryFormatStoresAndComparesWithThePreviousOne() throws {
        let repo = try QuestionRepository()
        let first = repo.run("milestone", "alpha")
        XCTAssertEqual(first.status, .holds, first.stderr)
        XCTAssertTrue(first.stdout.contains("# Milestone alpha"))
        XCTAssertTrue(first.stdout.contains("This is the first milestone."))
        let html = repo.root.appendingPathComponent("beta.html").path
        let second = repo.run("milestone", "beta", "--format", "html", "--out", "beta.html")
        XCTAssertEqual(second.status, .holds, second.stderr)
        let page = try String(contentsOfFile: html, encoding: .utf8)
        XCTAssertTrue(page.contains("<svg") && page.contains("Since alpha"))
        let json = repo.run("milestone", "beta", "--format", "json")
        XCTAssertTrue(json.stderr.contains("replaced"), json.stderr)
        XCTAssertEqual(try CanonicalJSON.parse(json.stdout)["difference"]?["previous"]?.stringValue, "alpha")
        let list = repo.run("milestone", "--list", "--format", "json")
        XCTAssertEqual(try CanonicalJSON.parse(list.stdout).arrayValue?.compactMap { $0["milestone"]?.stringValue }, ["alpha", "beta"])
        XCTAssertTrue(repo.run("milestone", "show", "alpha").stdout.contains("# Milestone alpha"))
        XCTAssertEqual(repo.run("milestone", "show", "gamma").status, .usage)

        // Negative control: a lint finding is a failing gate.
        try repo.writeManifest(QuestionRepository.features + QuestionRepository.islands.replacingOccurrences(of: "since: \"2026-01-01\"}", with: "since: \"2099-01-01\"}")
                               + "\n" + QuestionRepository.rulings + "\n")
        let failing = repo.run("milestone", "delta")
        XCTAssertEqual(failing.status, .findings, failing.stderr)
        XCTAssertTrue(failing.stderr.contains("lint fails"), failing.stderr)
        XCTAssertTrue(failing.stdout.contains("- lint: holds → fails"), failing.stdout)
    }

    func testLedgerSyncRecordsAndHistoryLists() throws {
        let repo = try QuestionRepository()
        XCTAssertEqual(repo.run("ledger", "sync").status, .holds)
        let history = try CanonicalJSON.parse(repo.run("ledger", "history", "--format", "json").stdout)
        XCTAssertEqual(history.arrayValue?.count, 6)
        try repo.writeManifest(QuestionRepository.rulings + "\n")
        let sync = repo.run("ledger", "sync", "--format", "json")
        XCTAssertEqual(try CanonicalJSON.parse(sync.stdout).arrayValue?.compactMap { $0["change"]?.stringValue },
                       Array(repeating: "closed", count: 6))
        let after = try CanonicalJSON.parse(repo.run("ledger", "history", "--format", "json").stdout).arrayValue ?? []
        XCTAssertEqual(after.filter { $0["valid_to"] != nil && $0["valid_to"] != .null }.count, 6)
    }
}
