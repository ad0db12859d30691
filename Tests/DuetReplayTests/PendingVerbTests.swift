import Duet
import DuetCorpus
@testable import DuetCLI
import Foundation
import XCTest

/// `duet record` keeps drift as files under parity/.pending; `pending show|accept|reject` work on them.
final class PendingVerbTests: XCTestCase {
    var directory: URL!
    var corpusPath: String { directory.appendingPathComponent("corpus.db").path }
    var fixturesFolder: URL { directory.appendingPathComponent("parity/fixtures") }
    var pendingFolder: URL { directory.appendingPathComponent("parity/.pending") }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("duet-pending-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    struct Invocation { var status: ExitStatus; var out: String; var err: String }

    func duet(_ arguments: String...) -> Invocation {
        let out = OutputSink(capturing: ()), err = OutputSink(capturing: ())
        let status = DuetCommandLine.run(["--corpus", corpusPath] + arguments, environment: [:], workingDirectory: directory.path,
                                         stdout: out, stderr: err)
        return Invocation(status: status, out: String(decoding: out.captured, as: UTF8.self), err: String(decoding: err.captured, as: UTF8.self))
    }

    func pendingFiles() throws -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: pendingFolder.path)) ?? []).sorted()
    }

    func testDriftIsKeptAsAFileBesideTheFixturesAndSurvivesDeletingTheCorpus() throws {
        XCTAssertEqual(duet("record", "--runner", try SampleRunner.command()).status, .holds)
        let record = duet("record", "--runner", try SampleRunner.command("--mutate"))
        XCTAssertEqual(record.status, .findings)
        XCTAssertEqual(record.out.split(separator: "\n").last,
                       "record: fails — 4 fixtures: 2 changed behaviour, kept pending in parity/.pending, 2 unchanged, 0 metadata-only rewritten", record.out)
        XCTAssertEqual(try pendingFiles(), [".gitignore", "tally-endings.keeps-counting.fixture.json", "tally-endings.keeps-counting.pending.json",
                                            "tally.fixture.json", "tally.pending.json"])
        let recorded = try Data(contentsOf: pendingFolder.appendingPathComponent("tally.fixture.json"))
        XCTAssertTrue(String(decoding: recorded, as: UTF8.self).contains("\"count\": 4"), "the recording, in the pinned form, for an editor")
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: corpusPath + suffix) }
        let list = duet("pending", "--format", "json")
        XCTAssertEqual(try CanonicalJSON.parse(list.out).arrayValue?.compactMap { $0["file"]?.stringValue },
                       ["parity/.pending/tally.fixture.json", "parity/.pending/tally-endings.keeps-counting.fixture.json"])
        XCTAssertEqual(duet("pending", "accept", "tally").status, .holds)
        XCTAssertEqual(try Data(contentsOf: fixturesFolder.appendingPathComponent("tally.fixture.json")), recorded)
        XCTAssertFalse(try pendingFiles().contains("tally.fixture.json"))
    }

    func testAcceptRefusesAnOldRecordingOverANewerFixtureFile() throws {
        XCTAssertEqual(duet("record", "--runner", try SampleRunner.command()).status, .holds)
        XCTAssertEqual(duet("record", "--runner", try SampleRunner.command("--mutate")).status, .findings)
        // The fixture of record is edited on disk after the recording (its description).
        let file = fixturesFolder.appendingPathComponent("tally.fixture.json")
        let edited = String(decoding: try Data(contentsOf: file), as: UTF8.self)
            .replacingOccurrences(of: "\"description\": \"", with: "\"description\": \"Edited by hand. ")
        try Data(edited.utf8).write(to: file)
        let show = duet("pending", "show", "tally")
        XCTAssertTrue(show.out.contains("accepting is refused now: parity/fixtures/tally.fixture.json changed since this recording"), show.out)
        let accept = duet("pending", "accept", "tally")
        XCTAssertEqual(accept.status, .findings)
        XCTAssertEqual(accept.err, "duet pending accept: parity/fixtures/tally.fixture.json changed since this recording — run `duet record` again\n")
        XCTAssertEqual(String(decoding: try Data(contentsOf: file), as: UTF8.self), edited, "the newer bytes are kept")
        // The fix works: recording again compares against the edited file, and that recording is accepted.
        XCTAssertEqual(duet("record", "--runner", try SampleRunner.command("--mutate")).status, .findings)
        XCTAssertEqual(duet("pending", "accept", "tally").status, .holds)
        XCTAssertTrue(String(decoding: try Data(contentsOf: file), as: UTF8.self).contains("\"count\": 4"))
    }

    func testARecordingThatNoLongerDiffersSupersedesThePendingOne() throws {
        XCTAssertEqual(duet("record", "--runner", try SampleRunner.command()).status, .holds)
        XCTAssertEqual(duet("record", "--runner", try SampleRunner.command("--mutate")).status, .findings)
        XCTAssertEqual(try pendingFiles().count, 5)
        // The code is reverted: recording again finds no drift, and the old recording can no longer be accepted.
        let again = duet("record", "--runner", try SampleRunner.command())
        XCTAssertEqual(again.status, .holds, again.out + again.err)
        XCTAssertTrue(again.out.hasSuffix("2 pending superseded\n"), again.out)
        XCTAssertEqual(try pendingFiles(), [".gitignore"])
        XCTAssertEqual(duet("pending", "accept", "tally").status, .usage)
        // record --write also clears what it writes over.
        XCTAssertEqual(duet("record", "--runner", try SampleRunner.command("--mutate")).status, .findings)
        XCTAssertEqual(duet("record", "--write", "--runner", try SampleRunner.command("--mutate")).status, .holds)
        XCTAssertEqual(try pendingFiles(), [".gitignore"])
    }

    func testRejectRemovesThePendingFilesAndLeavesTheFixtures() throws {
        XCTAssertEqual(duet("record", "--runner", try SampleRunner.command()).status, .holds)
        let before = try Data(contentsOf: fixturesFolder.appendingPathComponent("tally.fixture.json"))
        XCTAssertEqual(duet("record", "--runner", try SampleRunner.command("--mutate")).status, .findings)
        let reject = duet("pending", "reject", "--all")
        XCTAssertEqual(reject.status, .holds)
        XCTAssertEqual(reject.out.split(separator: "\n").last, "pending reject: rejected — 2 recordings; parity/fixtures unchanged")
        XCTAssertEqual(try pendingFiles(), [".gitignore"])
        XCTAssertEqual(try Data(contentsOf: fixturesFolder.appendingPathComponent("tally.fixture.json")), before)
    }

    func testShowGivesEachPlatformsAnswerWhenAProducerComparedThem() throws {
        XCTAssertEqual(duet("record", "--runner", try SampleRunner.command()).status, .holds)
        let corpus = try Corpus.open(at: corpusPath)
        var swift = try XCTUnwrap(try corpus.fixtures(name: "tally").first)
        swift.name = "explore.tally.1a2b"
        var kotlin = swift
        kotlin.steps[0].expectedState = json(#"{"count":2,"history":[],"log":[]}"#)
        try corpus.writePending(PendingRecording(fixture: swift, reason: .diverged, recordedAt: "2026-12-01T10:00:00.000Z", producer: "explore",
                                                 base: .absent, answers: [.init(platform: "swift", fixture: swift),
                                                                          .init(platform: "kotlin", fixture: kotlin)]),
                                in: RecordTree(root: directory.path))
        let show = duet("pending", "show", "explore.tally.1a2b")
        XCTAssertEqual(show.status, .holds, show.err)
        XCTAssertTrue(show.out.contains("diverged recording by explore"), show.out)
        XCTAssertTrue(show.out.contains("kotlin answered differently from swift:"), show.out)
        XCTAssertTrue(show.out.contains("step 0 \"increment\" expectedState.count: stored 1, recorded 2"), show.out)
        XCTAssertTrue(show.out.contains("--- swift\n+++ kotlin"), show.out)
        let json = try CanonicalJSON.parse(duet("pending", "show", "explore.tally.1a2b", "--format", "json").out)
        XCTAssertEqual(json["answers"]?.arrayValue?.compactMap { $0["platform"]?.stringValue }, ["swift", "kotlin"])
        XCTAssertEqual(json["acceptable"], .bool(true))
    }
}
