import XCTest
import Duet
@testable import DuetCLI
@testable import DuetCorpus

/// The tree is the record: verbs follow it with no import, and nothing accepted lives only in corpus.db.
final class TreeOfRecordTests: XCTestCase {
    private var root: URL!
    override func setUpWithError() throws { root = try temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: root) }

    /// A tree in the upstream Duet layout: the tutorial's fixtures under parity/fixtures.
    private func upstreamTree() throws -> URL { try copyUpstreamTree(to: root) }

    func testQueryFixturesInAnUpstreamTreeListsItsFixturesWithoutAnImport() throws {
        let tree = try upstreamTree()
        let listed = duet("query", "fixtures", "--format", "json", in: tree.path)
        XCTAssertEqual(listed.status, .holds, listed.stderr)
        let names = try CanonicalJSON.parse(listed.stdout.trimmingCharacters(in: .whitespacesAndNewlines)).arrayValue?.compactMap { $0["fixture"]?.stringValue }
        XCTAssertEqual(names, ["chain-counter-upgrade", "counter", "counter.reset.keeps-the-ticker", "counter.reset.stops-the-ticker",
                               "upgrade.backs-out", "upgrade.buys-pro", "welcome"])
        XCTAssertTrue(listed.stderr.contains("7 fixture(s) imported"), listed.stderr)
        // Negative control: a deleted file leaves the corpus on the next verb.
        try FileManager.default.removeItem(at: tree.appendingPathComponent("parity/fixtures/counter.fixture.json"))
        let again = duet("query", "fixtures", "--format", "json", in: tree.path)
        let remaining = try CanonicalJSON.parse(again.stdout.trimmingCharacters(in: .whitespacesAndNewlines)).arrayValue?.compactMap { $0["fixture"]?.stringValue }
        XCTAssertEqual(remaining, ["chain-counter-upgrade", "counter.reset.keeps-the-ticker", "counter.reset.stops-the-ticker",
                                   "upgrade.backs-out", "upgrade.buys-pro", "welcome"])
        XCTAssertTrue(again.stderr.contains("removed (file gone)"), again.stderr)
    }

    func testAMalformedFixtureFileStopsAnyVerbWithItsPlaceAndChangesNothing() throws {
        let tree = try upstreamTree()
        XCTAssertEqual(duet("query", "fixtures", in: tree.path).status, .holds)
        let corpus = try Corpus.open(at: tree.appendingPathComponent("corpus.db").path)
        let before = try corpus.dumpText()
        let bad = tree.appendingPathComponent("parity/fixtures/counter.fixture.json")
        try Data("{\n  \"feature\": \"counter\",\n  \"initialState\": {\"count\": 0.5}\n}\n".utf8).write(to: bad)
        let census = duet("census", in: tree.path)
        XCTAssertEqual(census.status, .usage)
        XCTAssertTrue(census.stderr.contains("counter.fixture.json:3:"), census.stderr)
        XCTAssertEqual(try corpus.dumpText(), before)
    }

    func testAMilestoneSurvivesDeletingTheCorpusAndALoad() throws {
        let tree = try upstreamTree()
        let stored = duet("milestone", "m1", "--format", "json", in: tree.path)
        XCTAssertNotEqual(stored.status, .usage, stored.stderr)
        let file = tree.appendingPathComponent("parity/milestones/m1.json")
        XCTAssertTrue(FileManager.default.fileExists(atPath: file.path), "the milestone is a file of record")
        let seed = tree.appendingPathComponent("corpus.db.seed")
        let dump = duet("corpus", "dump", in: tree.path)
        try Data(dump.stdout.utf8).write(to: seed)

        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: tree.appendingPathComponent("corpus.db" + suffix).path) }
        let listed = duet("milestone", "--list", "--format", "json", in: tree.path)
        XCTAssertTrue(listed.stdout.contains("\"m1\""), listed.stdout + listed.stderr)
        XCTAssertEqual(duet("corpus", "load", in: tree.path).status, .holds)
        XCTAssertTrue(duet("milestone", "--list", "--format", "json", in: tree.path).stdout.contains("\"m1\""))
        XCTAssertEqual(duet("milestone", "show", "m1", "--format", "json", in: tree.path).status, .holds)
        // Negative control: without the file, the milestone is gone too.
        try FileManager.default.removeItem(at: file)
        XCTAssertFalse(duet("milestone", "--list", "--format", "json", in: tree.path).stdout.contains("\"m1\""))
    }

    func testThePreviewStoresNothing() throws {
        let tree = try upstreamTree()
        _ = duet("milestone", "--preview", "--format", "md", in: tree.path)
        XCTAssertFalse(FileManager.default.fileExists(atPath: tree.appendingPathComponent("parity/milestones").path))
    }

    func testImportCopiesFilesIntoTheTreeByteForByte() throws {
        let source = tutorialFixtures
        let app = root.appendingPathComponent("app")
        try FileManager.default.createDirectory(at: app.appendingPathComponent("parity"), withIntermediateDirectories: true)
        let imported = duet("import", source.path, in: app.path)
        XCTAssertEqual(imported.status, .holds, imported.stderr)
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) {
            XCTAssertEqual(try Data(contentsOf: app.appendingPathComponent("parity/fixtures/\(name)")), try Data(contentsOf: source.appendingPathComponent(name)), name)
        }
        XCTAssertFalse(duet("query", "fixtures", in: app.path).stderr.contains("imported"), "the import already indexed them")
    }

    func testShowPrintsAStepWithItsStateDiff() throws {
        let tree = try upstreamTree()
        let step = duet("show", "counter#0", in: tree.path)
        XCTAssertEqual(step.status, .holds, step.stderr)
        XCTAssertTrue(step.stdout.contains("action:"), step.stdout)
        XCTAssertTrue(step.stdout.contains("--- initialState"), step.stdout)
        XCTAssertEqual(duet("show", "counter#99", in: tree.path).status, .usage)
        XCTAssertEqual(duet("show", "nope", in: tree.path).status, .usage)
        let json = duet("show", "counter", "--format", "json", in: tree.path)
        let changes = try CanonicalJSON.parse(json.stdout.trimmingCharacters(in: .whitespacesAndNewlines))["steps"]?.arrayValue?.first?["changes"]
        XCTAssertNotNil(changes?.arrayValue?.first?["path"], json.stdout)
    }
}
