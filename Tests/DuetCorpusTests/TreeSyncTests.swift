import XCTest
import Duet
@testable import DuetCorpus
import DuetFixtures

/// The tree is the record, the corpus its index: `Corpus.sync(with:)` and the writes that go to both.
final class TreeSyncTests: XCTestCase {
    private var root: URL!
    private var tree: RecordTree { RecordTree(root: root.path) }
    private var fixtures: URL { root.appendingPathComponent("parity/fixtures") }

    override func setUpWithError() throws { root = try makeTemporaryDirectory("tree") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: root) }

    private func fixture(_ name: String, count: Int = 1) throws -> Fixture {
        try navigationFixture(name: name, steps: [(#"{"case":"open"}"#, #"{"count":\#(count),"path":[],"title":"t"}"#)])
    }

    /// Writes a fixture file the way a checkout holds it, dated an hour ago (out of the racy window).
    private func place(_ fixture: Fixture, as file: String? = nil) throws {
        let url = fixtures.appendingPathComponent(file ?? fixture.name + ".fixture.json")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(fixture.document.prettyBytes).write(to: url)
        try age(url)
    }

    private func age(_ url: URL) throws {
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: url.path)
    }

    func testAnUnchangedTreeReadsNoFileAndWritesNothing() throws {
        let corpus = try Corpus.temporary()
        for name in ["a", "b", "c"] { try place(try fixture(name)) }
        let first = try corpus.sync(with: tree)
        XCTAssertEqual(first.imported, ["a", "b", "c"])
        XCTAssertEqual(first.filesRead, 3)
        let second = try corpus.sync(with: tree)
        XCTAssertEqual(second.filesRead, 0, "stamps match: nothing is read")
        XCTAssertEqual(second.filesUnchanged, 3)
        XCTAssertFalse(second.changedCorpus)
        // Negative control: a touched file (same bytes, new mtime) is read again but changes nothing.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: fixtures.appendingPathComponent("b.fixture.json").path)
        let touched = try corpus.sync(with: tree)
        XCTAssertEqual(touched.filesRead, 1)
        XCTAssertFalse(touched.changedCorpus)
    }

    /// Local history (a stored check result, a runner build) is not what the sync indexes: storing
    /// it keeps the tree's digest, so the next verb's sync still costs one scan and no lock.
    func testStoringLocalHistoryKeepsTheTreesDigest() throws {
        let corpus = try Corpus.temporary()
        for name in ["a", "b"] { try place(try fixture(name)) }
        try corpus.sync(with: tree)
        try corpus.sync(with: tree)
        let digest = { try corpus.database.rows("SELECT value FROM corpus_meta WHERE key = 'tree.digest'").first?[0].text }
        XCTAssertNotNil(try digest(), "an unchanged sync remembers the tree")
        try corpus.storeCheckResult(.census, ["holds": true], holds: true, findings: 0, inputs: try corpus.currentInputs(manifestPath: nil),
                                    createdAt: "2026-12-02T00:00:00Z")
        try corpus.storeRunnerBuild("b1", command: "runner", platform: "swift", describe: [], seenAt: "2026-12-02T00:00:00Z")
        XCTAssertNotNil(try digest(), "local history keeps the digest")
        // Negative control: a write of what the sync indexes drops it.
        try corpus.upsertFixtures([try fixture("c")])
        XCTAssertNil(try digest())
    }

    func testAChangedFileIsImportedAndADeletedOneLeavesTheCorpus() throws {
        let corpus = try Corpus.temporary()
        for name in ["a", "b"] { try place(try fixture(name)) }
        try corpus.sync(with: tree)
        try place(try fixture("a", count: 7))
        try FileManager.default.removeItem(at: fixtures.appendingPathComponent("b.fixture.json"))
        let summary = try corpus.sync(with: tree)
        XCTAssertEqual(summary.imported, ["a"])
        XCTAssertEqual(summary.removed, ["b"])
        XCTAssertEqual(try corpus.fixtureNames(), ["a"])
        XCTAssertEqual(try corpus.fixtures(name: "a").first?.steps[0].expectedState?["count"], .int(7))
        XCTAssertEqual(try corpus.database.scalarInteger("SELECT count(*) FROM tree_files"), 1)
    }

    func testAFileMovedIntoAFolderAndAnotherSwappedForANewOneAreFollowed() throws {
        let corpus = try Corpus.temporary()
        for name in ["a", "b", "c"] { try place(try fixture(name)) }
        try corpus.sync(with: tree)
        try FileManager.default.createDirectory(at: fixtures.appendingPathComponent("deep"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: fixtures.appendingPathComponent("a.fixture.json"), to: fixtures.appendingPathComponent("deep/a.fixture.json"))
        try FileManager.default.removeItem(at: fixtures.appendingPathComponent("b.fixture.json"))
        try place(try fixture("d"))
        let summary = try corpus.sync(with: tree)
        XCTAssertEqual(summary.imported, ["d"], "a moved file is the same fixture")
        XCTAssertEqual(summary.removed, ["b"])
        XCTAssertEqual(try corpus.trackedFiles(kind: .fixture).map(\.path),
                       ["parity/fixtures/c.fixture.json", "parity/fixtures/d.fixture.json", "parity/fixtures/deep/a.fixture.json"])
        XCTAssertEqual(try corpus.sync(with: tree).filesRead, 0)
        // Negative control: a second file of the same name in another folder is refused.
        try place(try fixture("c"), as: "deep/c.fixture.json")
        XCTAssertThrowsError(try corpus.sync(with: tree)) { error in
            XCTAssertTrue("\(error)".contains("fixture \"c\" is also defined by"), "\(error)")
        }
    }

    func testAMalformedFileStopsTheSyncWithItsPlaceAndChangesNothing() throws {
        let corpus = try Corpus.temporary()
        try place(try fixture("a"))
        try corpus.sync(with: tree)
        let before = try corpus.dumpText()
        try place(try fixture("a", count: 9))
        let bad = fixtures.appendingPathComponent("bad.fixture.json")
        try Data("{\n  \"feature\": \"nav\",\n  \"initialState\": {\"amount\": 1.5}\n}\n".utf8).write(to: bad)
        XCTAssertThrowsError(try corpus.sync(with: tree)) { error in
            let input = error as? InputError
            XCTAssertEqual(input?.file, bad.path)
            XCTAssertEqual(input?.line, 3)
            XCTAssertNotNil(input?.column)
        }
        XCTAssertEqual(try corpus.dumpText(), before, "neither the good change nor the bad file reached the corpus")
        // Negative control: once the file is fixed, both land.
        try FileManager.default.removeItem(at: bad)
        XCTAssertEqual(try corpus.sync(with: tree).imported, ["a"])
    }

    func testAnEditInTheSameTickAsTheLastSyncIsStillCaught() throws {
        let corpus = try Corpus.temporary()
        let url = fixtures.appendingPathComponent("a.fixture.json")
        try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
        try Data(try fixture("a", count: 1).document.prettyBytes).write(to: url)
        var written = stat()
        XCTAssertEqual(lstat(url.path, &written), 0)
        try corpus.sync(with: tree)
        XCTAssertEqual(try corpus.trackedFiles(kind: .fixture).first?.racy, true, "a stamp taken right after the change cannot prove the next one")
        // Same size, same inode, same mtime to the nanosecond, other bytes: only the racy flag makes the next sync look.
        let handle = try FileHandle(forWritingTo: url)
        try handle.write(contentsOf: try fixture("a", count: 2).document.prettyBytes)
        try handle.close()
        var times = [written.st_atim, written.st_mtim]
        XCTAssertEqual(utimensat(AT_FDCWD, url.path, &times, 0), 0)
        XCTAssertEqual(FileStamp.of(url.path), try corpus.trackedFiles(kind: .fixture).first?.stamp, "the stamp cannot tell the edit")
        XCTAssertEqual(try corpus.sync(with: tree).imported, ["a"])
        XCTAssertEqual(try corpus.fixtures(name: "a").first?.steps[0].expectedState?["count"], .int(2))
    }

    func testFixturesOnlyTheCorpusHeldAreWrittenIntoTheTree() throws {
        let corpus = try Corpus.temporary()
        try corpus.upsertFixtures([try fixture("legacy")])
        let summary = try corpus.sync(with: tree)
        XCTAssertEqual(summary.exported, ["legacy"])
        XCTAssertEqual(try bytes(of: fixtures.appendingPathComponent("legacy.fixture.json")), try fixture("legacy").document.prettyBytes)
        // Now tracked: deleting the file removes the fixture.
        try FileManager.default.removeItem(at: fixtures.appendingPathComponent("legacy.fixture.json"))
        XCTAssertEqual(try corpus.sync(with: tree).removed, ["legacy"])
    }

    func testASeedsFixturesBelongToTheTreeSoADeletedFileLeaves() throws {
        let source = try Corpus.temporary()
        try source.upsertFixtures([try fixture("kept"), try fixture("deleted")])
        let seed = root.appendingPathComponent("corpus.db.seed")
        try Data(try source.dumpText().utf8).write(to: seed)
        XCTAssertFalse(try source.dumpText().contains("tree_files VALUES"), "stamps are not part of a dump")
        let loaded = try Corpus.load(seed: seed.path, into: root.appendingPathComponent("corpus.db").path)
        try place(try fixture("kept"))
        let summary = try loaded.sync(with: tree)
        XCTAssertEqual(summary.removed, ["deleted"])
        XCTAssertEqual(summary.imported, [], "the seed already holds the file's bytes")
        XCTAssertEqual(summary.filesRead, 1)
    }

    func testACrashBetweenTheFileAndTheCommitIsRepairedByTheNextSync() throws {
        let corpus = try Corpus.temporary()
        try place(try fixture("a"))
        try corpus.sync(with: tree)
        struct Crash: Error {}
        XCTAssertThrowsError(try corpus.write {
            try corpus.recordFixtures([try fixture("a", count: 5), try fixture("new")], in: tree)
            throw Crash()
        })
        XCTAssertEqual(try corpus.fixtureNames(), ["a"], "the transaction rolled back")
        XCTAssertTrue(FileManager.default.fileExists(atPath: fixtures.appendingPathComponent("new.fixture.json").path), "the files were written")
        let repaired = try corpus.sync(with: tree)
        XCTAssertEqual(repaired.imported.sorted(), ["a", "new"])
        XCTAssertEqual(try corpus.fixtures(name: "a").first?.steps[0].expectedState?["count"], .int(5))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: fixtures.path).filter { $0.hasPrefix(".") }, [],
                       "no temporary file is left behind")
    }

    func testRecordAndRemoveWriteTheFilesAndTheCorpusTogether() throws {
        let corpus = try Corpus.temporary()
        try place(try fixture("nested"), as: "deep/nested.fixture.json")
        try corpus.sync(with: tree)
        try corpus.recordFixtures([try fixture("nested", count: 3), try fixture("fresh")], in: tree)
        XCTAssertEqual(try bytes(of: fixtures.appendingPathComponent("deep/nested.fixture.json")), try fixture("nested", count: 3).document.prettyBytes,
                       "a fixture of record is rewritten where it is")
        XCTAssertTrue(FileManager.default.fileExists(atPath: fixtures.appendingPathComponent("fresh.fixture.json").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: fixtures.appendingPathComponent("nested.fixture.json").path))
        try corpus.removeFixtures(named: ["fresh"], from: tree)
        XCTAssertFalse(FileManager.default.fileExists(atPath: fixtures.appendingPathComponent("fresh.fixture.json").path))
        XCTAssertEqual(try corpus.fixtureNames(), ["nested"])
        XCTAssertFalse(try corpus.sync(with: tree).changedCorpus, "the corpus already matches the tree")
    }

    func testMilestoneFilesAreImportedCheckedAndRemoved() throws {
        let source = try Corpus.temporary()
        let (report, _) = try source.recordMilestone(named: "m1", manifest: .init(file: ""), now: Date(), tree: tree)
        let corpus = try Corpus.temporary()
        XCTAssertEqual(try corpus.sync(with: tree).milestonesImported, ["m1"])
        XCTAssertEqual(try corpus.milestone(named: "m1"), report)
        let file = URL(fileURLWithPath: tree.milestonesDirectory).appendingPathComponent("m1.json")
        try FileManager.default.copyItem(at: file, to: file.deletingLastPathComponent().appendingPathComponent("renamed.json"))
        XCTAssertThrowsError(try corpus.sync(with: tree)) { error in
            XCTAssertTrue("\(error)".contains("holds the milestone \"m1\""), "\(error)")
        }
        try FileManager.default.removeItem(at: file.deletingLastPathComponent().appendingPathComponent("renamed.json"))
        try Data("{\n  \"name\": \"m1\",\n".utf8).write(to: file)
        XCTAssertThrowsError(try corpus.sync(with: tree)) { error in XCTAssertEqual((error as? InputError)?.file, file.path) }
        try FileManager.default.removeItem(at: file)
        XCTAssertEqual(try corpus.sync(with: tree).milestonesRemoved, ["m1"])
        XCTAssertEqual(try corpus.milestoneNames(), [])
    }
}

/// `corpus load` keeps what only the replaced file held.
final class CorpusRebuildTests: XCTestCase {
    private var root: URL!
    override func setUpWithError() throws { root = try makeTemporaryDirectory("rebuild") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: root) }

    private func run() -> StoredRun {
        StoredRun(startedAt: "2026-12-01T10:00:00.000Z", platform: "swift", runner: "r", status: "passed", scope: .full, fixtureCount: 1,
                  passedCount: 1, failedCount: 0, notRunCount: 0, runnerFailure: nil, durationMilliseconds: 3,
                  results: [StoredFixtureResult(fixture: "a", status: "passed", stepsRun: 1)])
    }

    func testRunsPendingAndLedgerHistoryAreCarriedAcrossALoad() throws {
        let tree = RecordTree(root: root.path)
        let path = root.appendingPathComponent("corpus.db").path
        let corpus = try Corpus.open(at: path)
        let a = try navigationFixture(name: "a", steps: [(#"{"case":"open"}"#, #"{"path":[],"title":"t"}"#)])
        try corpus.recordFixtures([a], in: tree)
        let seed = root.appendingPathComponent("corpus.db.seed")
        try Data(try corpus.dumpText().utf8).write(to: seed)
        try corpus.storeRun(run())
        var drifted = a
        drifted.steps[0].expectedState = .object(try JSONObject([("path", .array([])), ("title", .string("u"))]))
        try corpus.writePending(PendingRecording(fixture: drifted, reason: .changed, recordedAt: "2026-12-01T10:00:00.000Z",
                                                 base: try corpus.pendingBase(forFixture: "a")), in: tree)

        let load = try Corpus.rebuild(from: seed.path, at: path)
        // The run's one pass is part of its row (runs.passes), not a run_results row.
        XCTAssertEqual(load.carried, ["runs": 1, "pending_recordings": 1])
        XCTAssertEqual(try load.corpus.runs().first?.results.map(\.fixture), ["a"])
        XCTAssertEqual(try load.corpus.runs().first?.results.first?.status, "passed")
        XCTAssertEqual(try load.corpus.pendingRecordings().map(\.name), ["a"])
        // Negative control: discarding drops them.
        let discarded = try Corpus.rebuild(from: seed.path, at: path, discardingLocal: true)
        XCTAssertEqual(discarded.carried, [:])
        XCTAssertEqual(try discarded.corpus.runs(), [])
        // Pending recordings are files: the next sync indexes them again.
        XCTAssertEqual(try discarded.corpus.pendingRecordings(), [])
        XCTAssertEqual(try discarded.corpus.sync(with: tree).pendingIndexed, ["a"])
        XCTAssertEqual(try discarded.corpus.pendingRecordings().map(\.name), ["a"])
    }

    func testALoadRefusesToDropFixturesNoTreeHolds() throws {
        let path = root.appendingPathComponent("corpus.db").path
        let seed = root.appendingPathComponent("corpus.db.seed")
        let corpus = try Corpus.open(at: path)
        try Data(try corpus.dumpText().utf8).write(to: seed)
        try corpus.upsertFixtures([try navigationFixture(name: "only-here", steps: [(#"{"case":"open"}"#, #"{"path":[],"title":"t"}"#)])])
        XCTAssertThrowsError(try Corpus.rebuild(from: seed.path, at: path)) { error in
            XCTAssertTrue("\(error)".contains("fixture only-here"), "\(error)")
        }
        XCTAssertEqual(try Corpus.open(at: path).fixtureNames(), ["only-here"], "the refused load changed nothing")
        // Once a tree holds it, the load goes ahead (and the next sync brings it back from the file).
        try Corpus.open(at: path).sync(with: RecordTree(root: root.path))
        XCTAssertNoThrow(try Corpus.rebuild(from: seed.path, at: path))
    }
}
