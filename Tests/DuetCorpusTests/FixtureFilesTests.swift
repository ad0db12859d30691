import XCTest
import Duet
@testable import DuetCorpus

/// Which files an import reads: every regular `*.fixture.json` at any depth, in path order, one per name.
final class FixtureFilesTests: XCTestCase {
    private func touch(_ relative: String, in root: URL) throws {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try write("{}", to: url)
    }

    func testFindsFixtureFilesAtAnyDepthInPathOrderAndNothingElse() throws {
        let root = try makeTemporaryDirectory("find")
        for file in ["b.fixture.json", "a/z.fixture.json", "a/deeper/y.fixture.json", ".hidden/x.fixture.json",
                     "notes.json", "a/readme.md", "c.fixture.json.bak"] {
            try touch(file, in: root)
        }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("empty"), withIntermediateDirectories: true)
        let found = try FixtureFiles.find(in: root.path)
        let base = root.standardizedFileURL.path
        XCTAssertEqual(found.map(\.name), ["x", "y", "z", "b"])
        XCTAssertEqual(found.map(\.path), [".hidden/x", "a/deeper/y", "a/z", "b"].map { "\(base)/\($0).fixture.json" })
    }

    func testSymbolicLinksAreNotFollowedButNamed() throws {
        let root = try makeTemporaryDirectory("find-links")
        let elsewhere = try makeTemporaryDirectory("find-elsewhere")
        try touch("outside.fixture.json", in: elsewhere)
        try touch("inside.fixture.json", in: root)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("linked-dir"), withDestinationURL: elsewhere)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("linked.fixture.json"),
                                                   withDestinationURL: elsewhere.appendingPathComponent("outside.fixture.json"))
        // Not followed, and not passed over in silence either: the import names them and imports nothing.
        XCTAssertThrowsError(try FixtureFiles.find(in: root.path)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("linked-dir is a symbolic link") && text.contains("linked.fixture.json is a symbolic link"), text)
            XCTAssertFalse(text.contains("outside"), "nothing behind a link is read: \(text)")
        }
        try FileManager.default.removeItem(at: root.appendingPathComponent("linked-dir"))
        try FileManager.default.removeItem(at: root.appendingPathComponent("linked.fixture.json"))
        XCTAssertEqual(try FixtureFiles.find(in: root.path).map(\.name), ["inside"], "negative control: without the links it imports")
    }

    func testTwoFilesWithOneNameAreRefusedNamingBoth() throws {
        let root = try makeTemporaryDirectory("find-twice")
        try touch("a/same.fixture.json", in: root)
        try touch("b/same.fixture.json", in: root)
        XCTAssertThrowsError(try FixtureFiles.find(in: root.path)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("b/same.fixture.json") && text.contains("a/same.fixture.json"), text)
        }
    }

    func testAFileOrAMissingFolderIsNotADirectory() throws {
        let root = try makeTemporaryDirectory("find-file")
        try touch("plain.fixture.json", in: root)
        for path in [root.appendingPathComponent("plain.fixture.json").path, root.appendingPathComponent("missing").path] {
            XCTAssertThrowsError(try FixtureFiles.find(in: path)) { XCTAssertTrue("\($0)".contains("not a directory"), "\($0)") }
        }
    }
}
