import XCTest
import Duet
@testable import DuetCLI
@testable import DuetCorpus

/// A corpus with bytes flipped in a page, as the verbs see it: the ones that read the page stop
/// with exit 3 and say what to do, `corpus check` reports a finding (exit 1), writers refuse the
/// file, and the rebuild the message names works.
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

    func testVerbsThatReadADamagedPageStopCheckReportsItWritersRefuseAndTheRebuildWorks() throws {
        let repository = try repository()
        XCTAssertEqual(duet("corpus", "check", in: repository.path).status, .holds, "negative control: the intact corpus holds")
        let page = try damage("blobs", in: repository)

        let shown = duet("show", "counter", in: repository.path)
        XCTAssertEqual(shown.status, .environment, shown.stdout + shown.stderr)
        XCTAssertTrue(shown.stderr.contains("the corpus is damaged"), shown.stderr)
        XCTAssertTrue(shown.stderr.contains("page \(page) does not match its checksum"), shown.stderr)
        XCTAssertTrue(shown.stderr.contains("duet corpus load --discard-local"), shown.stderr)

        let sql = duet("query", "sql", "SELECT count(*) FROM blobs WHERE length(bytes) > 0", in: repository.path)
        XCTAssertEqual(sql.status, .environment, "damage is not a bad statement: \(sql.stderr)")

        let check = duet("corpus", "check", in: repository.path)
        XCTAssertEqual(check.status, .findings, check.stdout + check.stderr)
        XCTAssertTrue(check.stdout.contains("damage: page \(page)"), check.stdout)
        let json = duet("corpus", "check", "--format", "json", in: repository.path)
        XCTAssertEqual(json.status, .findings)
        let report = try CanonicalJSON.parse(json.stdout)
        XCTAssertEqual(report["holds"], .bool(false), json.stdout)
        let named = (report["problems"]?.arrayValue?.compactMap(\.stringValue) ?? []) + [report["damaged"]?.stringValue].compactMap { $0 }
        XCTAssertTrue(named.contains { $0.contains("page \(page)") }, json.stdout)

        let exported = duet("export", root.appendingPathComponent("out").path, in: repository.path)
        XCTAssertEqual(exported.status, .environment, exported.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("out").path), "a failed export leaves no folder")

        let milestone = duet("milestone", "m1", in: repository.path)
        XCTAssertEqual(milestone.status, .environment, "a writer refuses the damaged file: \(milestone.stderr)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: repository.appendingPathComponent("parity/milestones/m1.json").path))

        let rebuilt = duet("corpus", "load", "--discard-local", in: repository.path)
        XCTAssertEqual(rebuilt.status, .holds, rebuilt.stderr)
        XCTAssertEqual(duet("corpus", "check", in: repository.path).status, .holds)
        let intact = try CanonicalJSON.parse(duet("corpus", "check", "--format", "json", in: repository.path).stdout)
        XCTAssertEqual(intact["holds"], .bool(true))
        XCTAssertEqual(intact["problems"]?.arrayValue?.count, 0)
        XCTAssertEqual(intact["pageChecksums"], .bool(true))
        XCTAssertEqual(duet("show", "counter", in: repository.path).status, .holds)
    }
}
