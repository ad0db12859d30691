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
        let batch = TreeWriteBatch()
        _ = try batch.stage(Array("a".utf8), to: targetA.path)
        _ = try batch.stage(Array("b".utf8), to: targetB.path)
        XCTAssertFalse(FileManager.default.fileExists(atPath: targetA.path), "staging does not touch the target")
        // The second file's staged copy is gone before the flush: the flush fails, so no file may have been renamed.
        try FileManager.default.removeItem(at: folderB)
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
