import XCTest
import Duet
@testable import DuetCorpus

/// Stamps stored many rows per statement and file paths looked up many names per statement say
/// what one row or one name at a time says.
final class TrackedFileBatchTests: XCTestCase {
    private func file(_ index: Int, size: Int64 = 1) -> TrackedFile {
        TrackedFile(path: "parity/fixtures/kept/f\(index).fixture.json", kind: .fixture, name: "f\(index)",
                    stamp: FileStamp(size: size, modifiedNanoseconds: Int64(index), inode: Int64(1000 + index)),
                    hash: ContentHash(h1: UInt64(index), h2: 7), racy: index % 2 == 0)
    }

    func testStampsStoredInBatchesAreEveryRowAndALaterOneReplacesAnEarlier() throws {
        let corpus = try Corpus.inMemory()
        let files = (0..<130).map { file($0) }   // two full statements of 64 and one of 2
        try corpus.track(files)
        try corpus.track([file(5, size: 99), file(5, size: 100)])
        let stored = try corpus.trackedFiles(kind: .fixture)
        XCTAssertEqual(stored.count, 130)
        XCTAssertEqual(stored.first { $0.name == "f5" }?.stamp.size, 100, "the later row of the same path wins")
        XCTAssertEqual(stored.first { $0.name == "f129" }, file(129))
        XCTAssertEqual(Set(stored.filter { $0.name != "f5" }.map(\.name)), Set(files.map(\.name)).subtracting(["f5"]))
        try corpus.track([TrackedFile]())   // nothing to store: no statement
        XCTAssertEqual(try corpus.trackedFiles(kind: .fixture).count, 130)
    }

    func testPathsLookedUpInBatchesAreWhatTheOneByOneRuleSays() throws {
        let corpus = try Corpus.inMemory()
        let tree = RecordTree(root: try makeTemporaryDirectory("batch-paths").path)
        try corpus.track((0..<300).map { file($0) })
        let names = (0..<600).map { "f\($0)" }   // 300 tracked (in a subfolder), 300 new; three statements
        let paths = try corpus.fixtureFilePaths(for: names, tree: tree)
        XCTAssertEqual(paths.count, 600)
        for name in names {
            XCTAssertEqual(paths[name], try corpus.filePath(kind: .fixture, name: name, tree: tree), name)
        }
        // Control: the two kinds of answer differ, so the comparison above could fail.
        XCTAssertEqual(paths["f3"], tree.absolute("parity/fixtures/kept/f3.fixture.json"))
        XCTAssertEqual(paths["f303"], try tree.newFixturePath(for: "f303"))
        XCTAssertThrowsError(try corpus.fixtureFilePaths(for: ["../x"], tree: tree), "a new name still meets the name rule")
    }
}
