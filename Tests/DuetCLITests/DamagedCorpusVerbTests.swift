import XCTest
import Duet
@testable import DuetCLI
@testable import DuetCorpus

/// A corpus with bytes flipped in a page, as the verbs see it: `corpus check` reports a finding
/// (exit 1); inside its tree any other verb rebuilds the index from the tree and answers; a writer
/// writes nothing into the damaged file; outside a tree the verb stops (exit 3) with advice that
/// overwrites nothing.
final class DamagedCorpusVerbTests: XCTestCase {
    private var root: URL!
    override func setUpWithError() throws { root = try temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: root) }

    /// A repository of the tutorial fixtures with its corpus built and closed, and its seed.
    private func repository() throws -> URL {
        try copyUpstreamTree(to: root)
        XCTAssertEqual(duet("query", "fixtures", in: root.path).status, .holds)
        let dump = duet("corpus", "dump", in: root.path)
        try Data(dump.stdout.utf8).write(to: root.appendingPathComponent("corpus.db.seed"))
        return root
    }

    /// Flips a byte in the first leaf page of `table` of the repository's corpus.
    private func damage(_ table: String, in repository: URL) throws -> Int {
        let path = repository.appendingPathComponent("corpus.db").path
        let page = try Int(XCTUnwrap(Database(path: path, mode: .readOnly)
            .scalarInteger("SELECT min(pageno) FROM dbstat WHERE name = ? AND pagetype = 'leaf'", [.text(table)])))
        let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: path))
        defer { try? handle.close() }
        let offset = UInt64((page - 1) * Database.pageSize + 4_000)
        try handle.seek(toOffset: offset)
        var byte = try XCTUnwrap(handle.read(upToCount: 1))
        byte[0] ^= 0x04
        try handle.seek(toOffset: offset)
        try handle.write(contentsOf: byte)
        return page
    }

    func testInsideItsTreeADamagedCorpusIsRebuiltFromTheTreeAndTheVerbAnswers() throws {
        let repository = try repository()
        XCTAssertEqual(duet("corpus", "check", in: repository.path).status, .holds, "negative control: the intact corpus holds")
        let page = try damage("blobs", in: repository)

        // corpus check looks at the file as it is: the damage is its finding.
        let check = duet("corpus", "check", in: repository.path)
        XCTAssertEqual(check.status, .findings, check.stdout + check.stderr)
        XCTAssertTrue(check.stdout.contains("damage: page \(page)"), check.stdout)
        let json = duet("corpus", "check", "--format", "json", in: repository.path)
        XCTAssertEqual(json.status, .findings)
        let report = try CanonicalJSON.parse(json.stdout)
        XCTAssertEqual(report["holds"], .bool(false), json.stdout)
        let named = (report["problems"]?.arrayValue?.compactMap(\.stringValue) ?? []) + [report["damaged"]?.stringValue].compactMap { $0 }
        XCTAssertTrue(named.contains { $0.contains("page \(page)") }, json.stdout)

        // Any other verb rebuilds the index from the tree, keeps the damaged file aside, and answers.
        let shown = duet("show", "counter", in: repository.path)
        XCTAssertEqual(shown.status, .holds, shown.stdout + shown.stderr)
        XCTAssertTrue(shown.stderr.contains("was damaged"), shown.stderr)
        XCTAssertTrue(shown.stderr.contains("rebuilt it from the tree"), shown.stderr)
        XCTAssertFalse(shown.stderr.contains("--discard-local"), "no advice proposes overwriting anything: \(shown.stderr)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: repository.appendingPathComponent("corpus.db.damaged").path))
        XCTAssertEqual(duet("corpus", "check", in: repository.path).status, .holds)
        let intact = try CanonicalJSON.parse(duet("corpus", "check", "--format", "json", in: repository.path).stdout)
        XCTAssertEqual(intact["pageChecksums"], .bool(true))
        XCTAssertEqual(duet("query", "fixtures", in: repository.path).status, .holds)
    }

    func testADamagedPageStopsAWriterBeforeItWritesAndTheRebuiltCorpusTakesTheWrite() throws {
        let repository = try repository()
        _ = try damage("blobs", in: repository)
        let corpus = repository.appendingPathComponent("corpus.db").path
        let before = try Data(contentsOf: URL(fileURLWithPath: corpus))
        let milestone = duet("milestone", "m1", in: repository.path)
        XCTAssertNotEqual(milestone.status, .environment, milestone.stderr)
        XCTAssertTrue(milestone.stderr.contains("was damaged"), milestone.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: corpus + ".damaged")), before,
                       "not one byte was written into the damaged file before the damage was reported")
        XCTAssertTrue(FileManager.default.fileExists(atPath: repository.appendingPathComponent("parity/milestones/m1.json").path))
    }

    func testOutsideAnyTreeADamagedCorpusStopsTheVerbWithAdviceThatOverwritesNothing() throws {
        let repository = try repository()
        let page = try damage("blobs", in: repository)
        let outside = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: outside) }
        let shown = duet("--corpus", repository.appendingPathComponent("corpus.db").path, "show", "counter", in: outside.path)
        XCTAssertEqual(shown.status, .environment, shown.stdout + shown.stderr)
        XCTAssertTrue(shown.stderr.contains("page \(page) does not match its checksum"), shown.stderr)
        XCTAssertFalse(shown.stderr.contains("--discard-local"), shown.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: repository.appendingPathComponent("corpus.db.damaged").path),
                       "outside its tree there is nothing to rebuild it from")
        let sql = duet("--corpus", repository.appendingPathComponent("corpus.db").path, "query", "sql",
                       "SELECT count(*) FROM blobs WHERE length(bytes) > 0", in: outside.path)
        XCTAssertEqual(sql.status, .environment, "damage is not a bad statement: \(sql.stderr)")
    }
}
