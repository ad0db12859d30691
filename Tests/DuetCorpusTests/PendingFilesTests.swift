import DuetFixtures
import XCTest
import Duet
@testable import DuetCorpus

/// Pending recordings are files under `parity/.pending/`, indexed by the tree sync; accepting one
/// is refused unless the fixture file is still the one it was compared against.
final class PendingFilesTests: XCTestCase {
    private var root: URL!
    private var tree: RecordTree { RecordTree(root: root.path) }
    private var pendingFolder: URL { root.appendingPathComponent("parity/.pending") }
    private var fixtureFile: URL { root.appendingPathComponent("parity/fixtures/a.fixture.json") }
    private var corpusPath: String { root.appendingPathComponent("corpus.db").path }

    override func setUpWithError() throws { root = try makeTemporaryDirectory("pending") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: root) }

    private func fixture(count: Int) throws -> Fixture {
        try navigationFixture(name: "a", steps: [(#"{"case":"open"}"#, #"{"count":\#(count),"path":[],"title":"t"}"#)])
    }

    /// A corpus holding fixture `a` (count 1) and a pending recording of it (count 5), as `record` leaves them.
    private func corpusWithADrift() throws -> Corpus {
        let corpus = try Corpus.open(at: corpusPath)
        try corpus.recordFixtures([try fixture(count: 1)], in: tree)
        try corpus.writePending(PendingRecording(fixture: try fixture(count: 5), reason: .changed, recordedAt: "2026-12-01T10:00:00.000Z",
                                                 base: try corpus.pendingBase(forFixture: "a"), step: 0, path: "expectedState.count",
                                                 expected: "1", actual: "5"), in: tree)
        return corpus
    }

    func testAPendingRecordingIsTheFixtureFileToBePlusASidecarNamingItsBase() throws {
        _ = try corpusWithADrift()
        let recording = pendingFolder.appendingPathComponent("a.fixture.json")
        XCTAssertEqual(try bytes(of: recording), try fixture(count: 5).document.prettyBytes, "byte for byte what accepting writes")
        let sidecar = try CanonicalJSON.parse(try bytes(of: pendingFolder.appendingPathComponent("a.pending.json")))
        XCTAssertEqual(sidecar["base"]?["file"]?.stringValue, "parity/fixtures/a.fixture.json")
        XCTAssertEqual(sidecar["base"]?["hash"]?.stringValue, ContentHash(of: try bytes(of: fixtureFile)).hex)
        XCTAssertEqual(sidecar["recording"]?.stringValue, ContentHash(of: try bytes(of: recording)).hex)
        XCTAssertEqual(sidecar["firstDifference"]?["path"]?.stringValue, "expectedState.count")
        XCTAssertNil(try CanonicalJSON.parse(try bytes(of: recording))["base"], "nothing of the base is in the recording")
        XCTAssertEqual(String(decoding: try bytes(of: pendingFolder.appendingPathComponent(".gitignore")), as: UTF8.self)
            .split(separator: "\n").last, "*", "the folder ignores itself, whatever the tree's .gitignore says")
    }

    func testPendingRecordingsSurviveDeletingTheCorpus() throws {
        _ = try corpusWithADrift()
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: corpusPath + suffix) }
        let fresh = try Corpus.open(at: corpusPath)
        XCTAssertEqual(try fresh.pendingRecordings(), [], "an empty corpus before the sync")
        let summary = try fresh.sync(with: tree)
        XCTAssertEqual(summary.pendingIndexed, ["a"])
        let pending = try XCTUnwrap(try fresh.pendingRecordings().first)
        XCTAssertEqual(pending.fixture, try fixture(count: 5))
        XCTAssertEqual(pending.path, "expectedState.count")
        XCTAssertEqual(pending.base, .file(ContentHash(of: try bytes(of: fixtureFile))))
        XCTAssertEqual(try fresh.acceptPending(names: nil, in: tree), ["a"])
        XCTAssertEqual(try bytes(of: fixtureFile), try fixture(count: 5).document.prettyBytes)
        XCTAssertFalse(FileManager.default.fileExists(atPath: pendingFolder.appendingPathComponent("a.fixture.json").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: pendingFolder.appendingPathComponent("a.pending.json").path))
        // Negative control: an unchanged tree syncs nothing.
        XCTAssertEqual(try fresh.sync(with: tree).pendingIndexed, [])
    }

    func testAcceptIsRefusedWhenTheFixtureFileChangedSinceTheRecording() throws {
        let corpus = try corpusWithADrift()
        var edited = try fixture(count: 1)
        edited.description = "edited by hand after the recording"
        try Data(edited.document.prettyBytes).write(to: fixtureFile)
        _ = try corpus.sync(with: tree)
        XCTAssertThrowsError(try corpus.acceptPending(names: ["a"], in: tree)) { error in
            XCTAssertEqual("\(error)", "parity/fixtures/a.fixture.json changed since this recording — run `duet record` again")
        }
        XCTAssertEqual(try bytes(of: fixtureFile), edited.document.prettyBytes, "the newer bytes stay")
        XCTAssertEqual(try corpus.fixtures(name: "a").first, edited)
        XCTAssertEqual(try corpus.pendingRecordings().map(\.name), ["a"], "still pending, for review")
        XCTAssertEqual(try corpus.pendingAcceptProblem(named: "a", in: tree),
                       "parity/fixtures/a.fixture.json changed since this recording — run `duet record` again")
        // Negative control: put the bytes back and the same recording is accepted.
        try Data(try fixture(count: 1).document.prettyBytes).write(to: fixtureFile)
        _ = try corpus.sync(with: tree)
        XCTAssertNil(try corpus.pendingAcceptProblem(named: "a", in: tree))
        XCTAssertEqual(try corpus.acceptPending(names: ["a"], in: tree), ["a"])
        XCTAssertEqual(try corpus.fixtures(name: "a").first, try fixture(count: 5))
    }

    func testAcceptIsRefusedWhenTheFixtureFileWasRemovedOrCreatedSince() throws {
        let corpus = try corpusWithADrift()
        try FileManager.default.removeItem(at: fixtureFile)
        XCTAssertThrowsError(try corpus.acceptPending(names: nil, in: tree)) { error in
            XCTAssertEqual("\(error)", "parity/fixtures/a.fixture.json was removed since this recording — run `duet record` again")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: fixtureFile.path))
        // A recording of a new scenario: refused once a file of that name appears.
        let fresh = try navigationFixture(name: "b", steps: [(#"{"case":"open"}"#, #"{"path":[],"title":"b"}"#)])
        try corpus.writePending(PendingRecording(fixture: fresh, reason: .new, recordedAt: "now", base: try corpus.pendingBase(forFixture: "b")), in: tree)
        XCTAssertEqual(try corpus.pendingRecording(named: "b")?.base, .absent)
        let other = root.appendingPathComponent("parity/fixtures/b.fixture.json")
        try Data(try fixture(count: 9).document.prettyBytes).write(to: other)
        XCTAssertThrowsError(try corpus.acceptPending(names: ["b"], in: tree)) { error in
            XCTAssertEqual("\(error)", "parity/fixtures/b.fixture.json was created since this recording — run `duet record` again")
        }
        try FileManager.default.removeItem(at: other)
        XCTAssertEqual(try corpus.acceptPending(names: ["b"], in: tree), ["b"], "negative control: with no file there, it is accepted")
    }

    func testWithSeveralNamesOneRefusalAcceptsNothing() throws {
        let corpus = try corpusWithADrift()
        let fresh = try navigationFixture(name: "b", steps: [(#"{"case":"open"}"#, #"{"path":[],"title":"b"}"#)])
        try corpus.writePending(PendingRecording(fixture: fresh, reason: .new, recordedAt: "now", base: .absent), in: tree)
        try Data(try fixture(count: 2).document.prettyBytes).write(to: fixtureFile)
        XCTAssertThrowsError(try corpus.acceptPending(names: nil, in: tree)) { error in
            XCTAssertTrue("\(error)".hasSuffix("run `duet record` again"), "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("parity/fixtures/b.fixture.json").path))
        XCTAssertEqual(try corpus.pendingRecordings().map(\.name), ["a", "b"])
    }

    func testARecordingWithoutItsSidecarOrNotTheOneItDescribesIsNeverAccepted() throws {
        let corpus = try corpusWithADrift()
        let recording = pendingFolder.appendingPathComponent("a.fixture.json"), sidecar = pendingFolder.appendingPathComponent("a.pending.json")
        // Hand-edited recording: the sidecar describes other bytes.
        try Data(try fixture(count: 6).document.prettyBytes).write(to: recording)
        _ = try corpus.sync(with: tree)
        XCTAssertEqual(try corpus.pendingRecording(named: "a")?.base, .unknown)
        XCTAssertThrowsError(try corpus.acceptPending(names: ["a"], in: tree)) { error in
            XCTAssertTrue("\(error)".contains("does not say which parity/fixtures/a.fixture.json it was compared against"), "\(error)")
        }
        // No sidecar at all.
        try FileManager.default.removeItem(at: sidecar)
        _ = try corpus.sync(with: tree)
        XCTAssertThrowsError(try corpus.acceptPending(names: ["a"], in: tree)) { error in
            XCTAssertTrue("\(error)".contains("has no sidecar"), "\(error)")
        }
        XCTAssertEqual(try corpus.fixtures(name: "a").first, try fixture(count: 1), "nothing was accepted")
    }

    func testWhatAKillLeavesIsRepairedByTheNextSync() throws {
        let corpus = try corpusWithADrift()
        // Killed during accept after the fixture of record was written: the pending files are moot.
        try Data(try fixture(count: 5).document.prettyBytes).write(to: fixtureFile)
        let afterAccept = try corpus.sync(with: tree)
        XCTAssertEqual(afterAccept.pendingRemoved, ["a"])
        XCTAssertEqual(try corpus.pendingRecordings(), [])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: pendingFolder.path), [".gitignore"])
        // Killed during a write between the sidecar and the recording: the lone sidecar goes.
        try Data("{}".utf8).write(to: pendingFolder.appendingPathComponent("b.pending.json"))
        _ = try corpus.sync(with: tree)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: pendingFolder.path), [".gitignore"])
        // Killed after the files were written, before the commit: the next sync indexes them.
        let files = PendingFiles(tree: tree, name: "a")
        try files.write(PendingRecording(fixture: try fixture(count: 7), reason: .changed, recordedAt: "now", base: try corpus.pendingBase(forFixture: "a")))
        XCTAssertEqual(try corpus.sync(with: tree).pendingIndexed, ["a"])
        XCTAssertNil(try corpus.pendingAcceptProblem(named: "a", in: tree))
    }

    func testAnAcceptCutShortIsCompletedEvenWhenThePendingFilesAreUnchangedSinceTheLastSync() throws {
        let corpus = try corpusWithADrift()
        // Pending files well out of the racy window, and a sync that trusts their stamps.
        for file in ["a.fixture.json", "a.pending.json"] {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)],
                                                  ofItemAtPath: pendingFolder.appendingPathComponent(file).path)
        }
        _ = try corpus.sync(with: tree)
        XCTAssertEqual(try corpus.sync(with: tree).pendingIndexed, [], "nothing left to read")
        // The accept wrote the fixture file and was killed before it removed the pending files.
        try Data(try fixture(count: 5).document.prettyBytes).write(to: fixtureFile)
        XCTAssertNil(try corpus.pendingAcceptProblem(named: "a", in: tree), "accepting it again changes nothing, so it is not refused")
        XCTAssertEqual(try corpus.sync(with: tree).pendingRemoved, ["a"])
        XCTAssertEqual(try corpus.pendingRecordings(), [])
        XCTAssertEqual(try corpus.fixtures(name: "a").first, try fixture(count: 5))
    }

    func testARecordingOnlyAnOlderCorpusHeldIsWrittenOutButNeverAcceptedBlind() throws {
        let corpus = try Corpus.open(at: corpusPath)
        try corpus.recordFixtures([try fixture(count: 1)], in: tree)
        // As migration 0035 leaves a row of a corpus from before pending files: no stamps, base unknown.
        try corpus.database.execute("""
            INSERT INTO pending_recordings (name, reason, feature, recorded_at, document) VALUES ('a', 'changed', 'nav', 'then', ?)
            """, [.blob(try fixture(count: 5).document.canonicalBytes)])
        XCTAssertEqual(try corpus.sync(with: tree).pendingExported, ["a"])
        XCTAssertEqual(try bytes(of: pendingFolder.appendingPathComponent("a.fixture.json")), try fixture(count: 5).document.prettyBytes)
        XCTAssertEqual(try corpus.pendingRecording(named: "a")?.base, .unknown)
        XCTAssertThrowsError(try corpus.acceptPending(names: ["a"], in: tree)) { error in
            XCTAssertTrue("\(error)".hasSuffix("— run `duet record` again"), "\(error)")
        }
        XCTAssertEqual(try corpus.sync(with: tree).pendingExported, [], "written once")
    }

    func testAnUnreadablePendingFileIsReportedAndLeftOutNeverStoppingTheSync() throws {
        let corpus = try corpusWithADrift()
        try Data("{\"feature\": 1.5}".utf8).write(to: pendingFolder.appendingPathComponent("broken.fixture.json"))
        let summary = try corpus.sync(with: tree)
        XCTAssertEqual(summary.pendingProblems.count, 1)
        XCTAssertTrue(summary.pendingProblems[0].hasPrefix("parity/.pending/broken.fixture.json:1:"), summary.pendingProblems[0])
        XCTAssertEqual(try corpus.pendingRecordings().map(\.name), ["a"])
    }

    func testRejectRemovesTheFilesAndAProducerCanCarryEachPlatformsAnswer() throws {
        let corpus = try corpusWithADrift()
        let swift = try fixture(count: 5), kotlin = try fixture(count: 4)
        let diverged = PendingRecording(fixture: swift, reason: .diverged, recordedAt: "now", producer: "explore",
                                        base: .absent, answers: [.init(platform: "swift", fixture: swift),
                                                                 .init(platform: "kotlin", fixture: kotlin, note: "counted once less")])
        var named = diverged
        named.fixture.name = "explore.nav.0f3a"
        for index in named.answers.indices { named.answers[index].fixture.name = named.fixture.name }
        try corpus.writePending(named, in: tree)
        XCTAssertEqual(try corpus.pendingRecording(named: "explore.nav.0f3a"), named)
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: corpusPath + suffix) }
        let fresh = try Corpus.open(at: corpusPath)
        _ = try fresh.sync(with: tree)
        XCTAssertEqual(try fresh.pendingRecording(named: "explore.nav.0f3a"), named, "the answers survive in the sidecar")
        XCTAssertEqual(try fresh.rejectPending(names: nil, in: tree), ["a", "explore.nav.0f3a"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: pendingFolder.path), [".gitignore"])
        XCTAssertEqual(try fresh.fixtures(name: "a").first, try fixture(count: 1), "the fixture of record stays")
    }
}
