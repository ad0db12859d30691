import XCTest
import Duet
@testable import DuetCorpus

/// The rules the sync every verb starts with keeps: an unchanged tree is recognised from its
/// digest alone, temporary files of gone writers are swept, an entry that cannot be a file of
/// record is named instead of stopping the sync, and a reader does not wait for a writer.
final class TreeSyncRulesTests: XCTestCase {
    private var root: URL!
    private var tree: RecordTree { RecordTree(root: root.path) }
    private var fixtures: URL { root.appendingPathComponent("parity/fixtures") }

    override func setUpWithError() throws { root = try makeTemporaryDirectory("sync-rules") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: root) }

    private func place(_ name: String, count: Int = 1) throws {
        let fixture = try navigationFixture(name: name, steps: [(#"{"case":"open"}"#, #"{"count":\#(count),"path":[],"title":"t"}"#)])
        let url = fixtures.appendingPathComponent(name + ".fixture.json")
        try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
        try Data(fixture.document.prettyBytes).write(to: url)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: url.path)
    }

    // MARK: - The digest of an unchanged tree

    func testAnUnchangedTreeIsKnownByItsDigestAndAnyChangeToAFileIsSeen() throws {
        let corpus = try Corpus.temporary()
        for name in ["a", "b", "c"] { try place(name) }
        try corpus.sync(with: tree)
        XCTAssertNotNil(try corpus.storedTreeDigest(), "a sync that left the corpus in step with a settled tree keeps its digest")
        XCTAssertTrue(try TreeSyncPlan(corpus: corpus, tree: tree).unchanged)

        // Negative controls: an edit in place (same inode and folder), a new file, a removed one.
        let b = fixtures.appendingPathComponent("b.fixture.json")
        let handle = try FileHandle(forUpdating: b)
        try handle.seek(toOffset: 0)
        try handle.write(contentsOf: try Data(contentsOf: b))
        try handle.close()
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -1800)], ofItemAtPath: b.path)
        XCTAssertFalse(try TreeSyncPlan(corpus: corpus, tree: tree).unchanged, "a file rewritten in place has another mtime")
        try corpus.sync(with: tree)
        XCTAssertTrue(try TreeSyncPlan(corpus: corpus, tree: tree).unchanged)
        try place("d")
        XCTAssertFalse(try TreeSyncPlan(corpus: corpus, tree: tree).unchanged)
        XCTAssertEqual(try corpus.sync(with: tree).imported, ["d"])
        try FileManager.default.removeItem(at: fixtures.appendingPathComponent("a.fixture.json"))
        XCTAssertFalse(try TreeSyncPlan(corpus: corpus, tree: tree).unchanged)
        XCTAssertEqual(try corpus.sync(with: tree).removed, ["a"])
    }

    func testAWriteToWhatTheSyncIndexesDropsTheDigestAndAStoredRunDoesNot() throws {
        let corpus = try Corpus.temporary()
        for name in ["a", "b"] { try place(name) }
        try corpus.sync(with: tree)
        XCTAssertNotNil(try corpus.storedTreeDigest())
        try corpus.write(touchesTree: false) {}
        XCTAssertNotNil(try corpus.storedTreeDigest(), "a write that leaves the tree's index alone keeps the digest")
        try corpus.write {
            try corpus.database.execute("DELETE FROM fixtures WHERE name = 'b'")
            try corpus.database.execute("DELETE FROM tree_files WHERE name = 'b'")
        }
        XCTAssertNil(try corpus.storedTreeDigest(), "a write that may change the index drops it")
        let summary = try corpus.sync(with: tree)
        XCTAssertEqual(summary.imported, ["b"], "so the next sync compares every file and finds what is missing")
        XCTAssertNotNil(try corpus.storedTreeDigest())
    }

    func testARacyTreeStoresNoDigest() throws {
        let corpus = try Corpus.temporary()
        try place("a")
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: fixtures.appendingPathComponent("a.fixture.json").path)
        try corpus.sync(with: tree)
        XCTAssertNil(try corpus.storedTreeDigest(), "a file changed this second cannot prove its next change by its mtime")
    }

    // MARK: - Temporary files

    func testTemporaryFilesOfGoneWritersAreSweptAndALiveWritersStay() throws {
        let corpus = try Corpus.temporary()
        try place("a")
        let gone = try deadProcessID()
        let leftovers = [fixtures.appendingPathComponent(".a.fixture.json.duet-\(gone)-17.tmp"),
                         root.appendingPathComponent("parity/milestones/.m1.json.duet-\(gone)-3.tmp"),
                         root.appendingPathComponent("parity/.pending/.a.fixture.json.duet-\(gone)-9.tmp")]
        let live = fixtures.appendingPathComponent(".b.fixture.json.duet-\(getpid())-5.tmp")
        for url in leftovers + [live] { try write("{", to: url) }
        let summary = try corpus.sync(with: tree)
        XCTAssertEqual(summary.temporaryFilesRemoved, 3)
        for url in leftovers { XCTAssertFalse(FileManager.default.fileExists(atPath: url.path), url.lastPathComponent) }
        XCTAssertTrue(FileManager.default.fileExists(atPath: live.path), "a file of a running writer stays")
        XCTAssertEqual(try corpus.fixtureNames(), ["a"], "and no temporary file is ever read as a fixture")
    }

    func testTheTemporaryNameCarriesTheWritersProcess() {
        XCTAssertEqual(TemporaryFileName.writer(of: ".a.fixture.json.duet-4242-17.tmp"), 4242)
        XCTAssertEqual(TemporaryFileName.writer(of: ".x.duet-1.fixture.json.duet-7-0.tmp"), 7, "the last marker is the writer's")
        for name in ["a.fixture.json", ".a.fixture.json.tmp", ".a.duet-x-1.tmp", ".a.duet-12.tmp", "a.duet-1-2.tmp", ".duet-1-2.tmp"] {
            XCTAssertNil(TemporaryFileName.writer(of: name), name)
        }
        let made = TemporaryFileName.beside("/r/parity/fixtures/a.fixture.json")
        XCTAssertEqual(TemporaryFileName.writer(of: (made as NSString).lastPathComponent), getpid())
    }

    /// A process id that no process has (a child that has exited and been reaped).
    private func deadProcessID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    // MARK: - Entries that cannot be files of record

    func testLinksFIFOsAndOddNamesAreNamedOnceAndTheRestIsSynced() throws {
        let corpus = try Corpus.temporary()
        try place("a")
        let outside = root.appendingPathComponent("outside.fixture.json")
        try write("{}", to: outside)
        try FileManager.default.createSymbolicLink(atPath: fixtures.appendingPathComponent("link.fixture.json").path, withDestinationPath: outside.path)
        XCTAssertEqual(mkfifo(fixtures.appendingPathComponent("pipe.fixture.json").path, 0o644), 0)
        try write("{", to: fixtures.appendingPathComponent("two\nlines.fixture.json"))
        let notUTF8 = fixtures.path + "/bad\u{FF}.fixture.json"
        var raw = Array(fixtures.path.utf8) + Array("/bad".utf8) + [0xFF] + Array(".fixture.json".utf8) + [0]
        let descriptor = raw.withUnsafeMutableBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
        XCTAssertGreaterThanOrEqual(descriptor, 0, notUTF8)
        close(descriptor)
        try write("{}", to: fixtures.appendingPathComponent("bidi\u{202E}.fixture.json"))

        let summary = try corpus.sync(with: tree)
        XCTAssertEqual(summary.imported, ["a"], "one odd name does not stop the sync of the others")
        XCTAssertEqual(summary.refused.count, 5, summary.refused.joined(separator: "\n"))
        let text = summary.refused.joined(separator: "\n")
        XCTAssertTrue(text.contains("link.fixture.json is a symbolic link"), text)
        XCTAssertTrue(text.contains("pipe.fixture.json is not a regular file"), text)
        XCTAssertTrue(text.contains("two\\u{A}lines"), "escaped, never raw: \(text)")
        XCTAssertTrue(text.contains("bad\\xFF"), text)
        XCTAssertTrue(text.contains("\\u{202E}"), text)
        XCTAssertFalse(text.contains("\n lines") || text.contains("\u{202E}"), "no raw control or bidi character reaches a message")
        XCTAssertEqual(try corpus.fixtureNames(), ["a"], "the link is not followed, nothing odd is indexed")
        XCTAssertEqual(try corpus.sync(with: tree).refused.count, 5, "every sync names them (once each)")
    }

    func testAnImportOfOnlyLinksIsRefusedNamingThem() throws {
        let source = root.appendingPathComponent("source")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        let target = root.appendingPathComponent("real.fixture.json")
        try write("{}", to: target)
        try FileManager.default.createSymbolicLink(atPath: source.appendingPathComponent("x.fixture.json").path, withDestinationPath: target.path)
        let corpus = try Corpus.temporary()
        XCTAssertThrowsError(try corpus.importFixtures(from: source.path)) { error in
            XCTAssertTrue("\(error)".contains("x.fixture.json is a symbolic link"), "\(error)")
        }
        let empty = root.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        XCTAssertThrowsError(try corpus.importFixtures(from: empty.path)) { error in
            XCTAssertTrue("\(error)".contains("no *.fixture.json"), "a folder with nothing to import is not a success: \(error)")
        }
    }

    // MARK: - Readers and a writer

    func testAReaderDoesNotWaitForAWriterAndSaysItAnsweredFromTheLastIndex() throws {
        let corpus = try Corpus.temporary()
        try place("a")
        try corpus.sync(with: tree)
        try place("b")
        // Another connection holds the write lock, as an import in progress does.
        let writer = try Database(path: corpus.path)
        try writer.execute(sql: "BEGIN IMMEDIATE")
        defer { try? writer.execute(sql: "ROLLBACK") }
        let started = Date()
        let summary = try corpus.sync(with: tree, whenBusy: .answerFromLastIndex)
        XCTAssertLessThan(Date().timeIntervalSince(started), 3, "bounded: it does not wait out the writer")
        XCTAssertTrue(summary.answeredFromLastIndex)
        XCTAssertEqual(summary.filesNotIndexed, 1)
        XCTAssertEqual(try corpus.fixtureNames(), ["a"], "the last complete index answers")
        // Negative control: a writer's sync waits, and with the lock still held it reports the corpus busy.
        XCTAssertThrowsError(try corpus.database.withBusyTimeout(100) { try corpus.sync(with: tree) }) { error in
            XCTAssertEqual((error as? DatabaseError)?.isBusy, true, "\(error)")
        }
        try writer.execute(sql: "ROLLBACK")
        XCTAssertEqual(try corpus.sync(with: tree, whenBusy: .answerFromLastIndex).imported, ["b"], "once the lock is free it syncs")
    }
}
