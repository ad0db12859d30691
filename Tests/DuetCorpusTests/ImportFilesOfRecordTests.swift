import XCTest
import Duet
@testable import DuetCorpus

/// `duet import DIR` into a tree: each copy is written from the bytes the import read, on the
/// thread that read them; all are flushed before any is renamed into place; a failure leaves the
/// tree as it was, without temporary files.
final class ImportFilesOfRecordTests: XCTestCase {
    private var root: URL!
    override func setUpWithError() throws { root = try makeTemporaryDirectory("import-files") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: root) }

    private var fixtures: URL { root.appendingPathComponent("repo/parity/fixtures") }
    private var recordTree: RecordTree { RecordTree(root: root.appendingPathComponent("repo").path) }

    /// More files than one parse batch and its lookahead hold, so copies are staged ahead of the writer.
    private func writeFixtures(_ count: Int, generation: Int, to folder: URL, malformedAt: Int? = nil) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for index in 0..<count {
            let fixture = try navigationFixture(name: "f\(index)", steps: [
                (#"{"case":"open"}"#, #"{"count":\#(index),"path":[],"title":"g\#(generation)"}"#),
            ])
            var bytes = fixture.document.prettyBytes
            if index == malformedAt { bytes = Array(#"{"dialect": 2, "steps": [}"#.utf8) }
            try Data(bytes).write(to: folder.appendingPathComponent("f\(index).fixture.json"))
        }
    }

    /// Entries of `folder` whose name starts with a dot: what a staged copy left behind.
    private func hiddenEntries(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasPrefix(".") }
    }

    func testEveryCopyHoldsTheBytesReadAndItsStoredStampIsTheFilesStamp() throws {
        let source = root.appendingPathComponent("upstream")
        try writeFixtures(150, generation: 1, to: source)
        let corpus = try Corpus.open(at: root.appendingPathComponent("corpus.db").path)
        XCTAssertEqual(try corpus.importFixtures(from: source.path, into: recordTree).inserted.count, 150)
        XCTAssertEqual(try tree(fixtures), try tree(source), "each file of record is its source, byte for byte")
        XCTAssertEqual(hiddenEntries(fixtures), [])
        let tracked = try corpus.trackedFiles(kind: .fixture)
        XCTAssertEqual(tracked.count, 150)
        for file in tracked {
            XCTAssertEqual(file.stamp, FileStamp.of(recordTree.absolute(file.path)), file.path)
            XCTAssertEqual(file.hash, ContentHash(of: try bytes(of: URL(fileURLWithPath: recordTree.absolute(file.path)))), file.path)
        }
        // Negative control: a file changed after the import no longer carries its stored stamp.
        let changed = fixtures.appendingPathComponent("f7.fixture.json")
        try Data("{}".utf8).write(to: changed)
        XCTAssertNotEqual(try corpus.trackedFiles(kind: .fixture, name: "f7").first?.stamp, FileStamp.of(changed.path))
    }

    func testAMalformedFileLeavesTheFilesOfRecordAsTheyWereAndNoTemporaryFile() throws {
        let corpus = try Corpus.open(at: root.appendingPathComponent("corpus.db").path)
        let first = root.appendingPathComponent("one"), second = root.appendingPathComponent("two")
        try writeFixtures(200, generation: 1, to: first)
        try corpus.importFixtures(from: first.path, into: recordTree)
        let before = try tree(fixtures)
        // Malformed near the end: the copies of the files before it (and of some after it, parsed
        // ahead) were staged when the import stops.
        try writeFixtures(200, generation: 2, to: second, malformedAt: 180)
        XCTAssertThrowsError(try corpus.importFixtures(from: second.path, into: recordTree)) { error in
            XCTAssertTrue("\(error)".contains("f180.fixture.json"), "\(error)")
        }
        XCTAssertEqual(try tree(fixtures), before, "no file of record changed")
        XCTAssertEqual(hiddenEntries(fixtures), [], "no staged copy left")
        // Negative control: the same listing sees a staged copy that is left.
        let batch = TreeWriteBatch()
        _ = try batch.stage(Array("x".utf8), to: fixtures.appendingPathComponent("f1.fixture.json").path)
        XCTAssertEqual(hiddenEntries(fixtures).count, 1)
        batch.discard()
        XCTAssertEqual(hiddenEntries(fixtures), [])
    }

    func testEveryFileIsFlushedBeforeAnyIsRenamedIntoPlace() throws {
        let folderA = root.appendingPathComponent("a"), folderB = root.appendingPathComponent("b")
        let targetA = folderA.appendingPathComponent("x.fixture.json"), targetB = folderB.appendingPathComponent("y.fixture.json")
        try FileManager.default.createDirectory(at: folderA, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folderB, withIntermediateDirectories: true)
        let batch = TreeWriteBatch()
        _ = try batch.stage(Array("a".utf8), to: targetA.path)
        _ = try batch.stage(Array("b".utf8), to: targetB.path)
        XCTAssertFalse(FileManager.default.fileExists(atPath: targetA.path), "staging does not touch the target")
        // The second file's staged copy is gone before the flush: the flush fails, so no file may have been renamed.
        for name in hiddenEntries(folderB) { try FileManager.default.removeItem(at: folderB.appendingPathComponent(name)) }
        XCTAssertThrowsError(try batch.publish())
        XCTAssertFalse(FileManager.default.fileExists(atPath: targetA.path), "a rename came before every file was flushed")
        XCTAssertEqual(hiddenEntries(folderA), [], "the failed batch removed its staged copy")
        // Control: the same batch with nothing missing publishes both.
        let whole = TreeWriteBatch()
        _ = try whole.stage(Array("a".utf8), to: targetA.path)
        _ = try whole.stage(Array("b".utf8), to: targetB.path)
        try whole.publish()
        XCTAssertEqual(try bytes(of: targetA), Array("a".utf8))
        XCTAssertEqual(try bytes(of: targetB), Array("b".utf8))
        XCTAssertEqual(hiddenEntries(folderA) + hiddenEntries(folderB), [])
    }

    func testAFlushBegunEarlyIsWaitedForAndItsFailureKeepsEveryTargetAsItWas() throws {
        let folder = root.appendingPathComponent("early")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let targets = (0..<3).map { folder.appendingPathComponent("f\($0).fixture.json") }
        let failing = TreeWriteBatch()
        for target in targets { _ = try failing.stage(Array("x".utf8), to: target.path) }
        try FileManager.default.removeItem(at: folder.appendingPathComponent(hiddenEntries(folder).sorted()[1]))
        let flush = failing.beginFlush()
        XCTAssertThrowsError(try failing.publish(after: flush))
        XCTAssertEqual(targets.filter { FileManager.default.fileExists(atPath: $0.path) }, [], "nothing renamed after a failed flush")
        XCTAssertEqual(hiddenEntries(folder), [])
        // Control: the same with every file there publishes all.
        let whole = TreeWriteBatch()
        for target in targets { _ = try whole.stage(Array("y".utf8), to: target.path) }
        try whole.publish(after: whole.beginFlush())
        XCTAssertEqual(try targets.map { try bytes(of: $0) }, Array(repeating: Array("y".utf8), count: 3))
        XCTAssertEqual(hiddenEntries(folder), [])
    }

    func testANewFolderIsStagedWholeAndPutInPlaceByOneRename() throws {
        let folder = root.appendingPathComponent("new/parity/fixtures")
        let batch = TreeWriteBatch()
        var stamps: [String: FileStamp] = [:]
        for index in 0..<3 { stamps["f\(index)"] = try batch.stage(Array("v\(index)".utf8), to: folder.appendingPathComponent("f\(index).fixture.json").path) }
        _ = try batch.stage(Array("later".utf8), to: folder.appendingPathComponent("f1.fixture.json").path)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path), "the folder appears only when published")
        let parent = folder.deletingLastPathComponent()
        XCTAssertEqual(hiddenEntries(parent).count, 1, "one temporary folder stands for it")
        try batch.publish()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["f0.fixture.json", "f1.fixture.json", "f2.fixture.json"])
        XCTAssertEqual(try bytes(of: folder.appendingPathComponent("f1.fixture.json")), Array("later".utf8), "the later bytes of a target staged twice win")
        XCTAssertEqual(FileStamp.of(folder.appendingPathComponent("f0.fixture.json").path), stamps["f0"], "the rename keeps the stamp")
        XCTAssertEqual(hiddenEntries(parent), [])

        // A folder that another writer made meanwhile: the files join it one by one, its own file stays.
        let raced = root.appendingPathComponent("raced/fixtures")
        let second = TreeWriteBatch()
        _ = try second.stage(Array("mine".utf8), to: raced.appendingPathComponent("a.fixture.json").path)
        try FileManager.default.createDirectory(at: raced, withIntermediateDirectories: true)
        try write("theirs", to: raced.appendingPathComponent("b.fixture.json"))
        try second.publish()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: raced.path).sorted(), ["a.fixture.json", "b.fixture.json"])
        XCTAssertEqual(hiddenEntries(raced.deletingLastPathComponent()), [])

        // Discarded, nothing of the new folder is left.
        let dropped = root.appendingPathComponent("dropped/fixtures")
        let third = TreeWriteBatch()
        _ = try third.stage(Array("x".utf8), to: dropped.appendingPathComponent("a.fixture.json").path)
        XCTAssertEqual(hiddenEntries(dropped.deletingLastPathComponent()).count, 1)
        third.discard()
        XCTAssertEqual(hiddenEntries(dropped.deletingLastPathComponent()), [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: dropped.path))
    }

    func testATemporaryFolderLeftByAGoneWriterIsSweptByTheNextSync() throws {
        let parity = root.appendingPathComponent("repo/parity")
        // What a writer killed while staging a new fixture folder leaves: its process id is no longer running.
        let gone = parity.appendingPathComponent(".fixtures.duet-\(Int32.max - 7)-1.tmp")
        try write("{}", to: gone.appendingPathComponent("a.fixture.json"))
        let mine = parity.appendingPathComponent(".fixtures.duet-\(getpid())-2.tmp")
        try write("{}", to: mine.appendingPathComponent("a.fixture.json"))
        let result = try FixtureTreeScan.scan(recordTree)
        XCTAssertEqual(result.swept, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: gone.path), "a gone writer's folder is removed")
        XCTAssertTrue(FileManager.default.fileExists(atPath: mine.path), "a running writer's folder stays")
    }

    func testASmallBatchIsFlushedFileByFileAndALargeOneByOneFileSystemFlush() throws {
        func paths(_ count: Int) throws -> [String] {
            try (0..<count).map { index in
                let url = root.appendingPathComponent("flush-\(count)/\(index)")
                try write("x", to: url)
                return url.path
            }
        }
        XCTAssertEqual(try FileFlush.flush(try paths(3), onFileSystemOf: root.path), .perFile)
        XCTAssertEqual(try FileFlush.flush(try paths(FileFlush.perFileLimit), onFileSystemOf: root.path), .perFile)
        XCTAssertEqual(try FileFlush.flush(try paths(FileFlush.perFileLimit + 1), onFileSystemOf: root.path), .fileSystem)
        // File by file, each file is opened: one that is missing is named.
        XCTAssertThrowsError(try FileFlush.flush([root.appendingPathComponent("missing").path], onFileSystemOf: root.path)) { error in
            XCTAssertTrue("\(error)".contains("missing"), "\(error)")
        }
    }
}
