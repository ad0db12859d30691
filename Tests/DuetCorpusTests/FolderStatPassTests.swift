import XCTest
import Duet
@testable import DuetCorpus

/// The stat pass of a long folder split across threads sees exactly what one thread sees: the same
/// stamps in listing order, the same digest, a gone file as nil — and the digest still moves when
/// one file is rewritten in place (its folder's mtime does not).
final class FolderStatPassTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws { root = try makeTemporaryDirectory("stat-pass") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: root) }

    private func write(_ count: Int) throws -> [String] {
        let names = (0..<count).map { String(format: "f%04d.fixture.json", $0) }
        for (index, name) in names.enumerated() {
            try Data(repeating: UInt8(index % 251), count: 10 + index % 7).write(to: root.appendingPathComponent(name))
        }
        return names
    }

    private func pass(_ names: [String], parts: Int) throws -> (files: [FolderStatPass.Stated?], digest: TreeDigest) {
        var listing = FolderStatPass()
        for name in names {
            Array(name.utf8).withUnsafeBytes { listing.append($0, stemLength: name.utf8.count - FixtureFiles.suffix.utf8.count) }
        }
        let descriptor = open(root.path, O_RDONLY | O_DIRECTORY)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        defer { close(descriptor) }
        return listing.stat(in: descriptor, prefix: Array("parity/fixtures/".utf8), now: FileStamp.nowNanoseconds(), parts: parts)
    }

    func testPartsSeeWhatOneThreadSees() throws {
        let names = try write(301)
        let one = try pass(names, parts: 1)
        XCTAssertEqual(one.files.compactMap { $0 }.count, 301)
        for parts in [2, 3, 8] {
            let split = try pass(names, parts: parts)
            XCTAssertEqual(split.digest, one.digest, "\(parts) parts")
            XCTAssertEqual(split.files.map { $0?.stamp }, one.files.map { $0?.stamp })
            XCTAssertEqual(split.files.map { $0?.key }, one.files.map { $0?.key })
            XCTAssertEqual(split.files.map { $0?.nameKey }, one.files.map { $0?.nameKey })
        }
        // The keys are those of the relative path and of the fixture name.
        XCTAssertEqual(one.files[7]?.key, ContentHash(of: Array("parity/fixtures/f0007.fixture.json".utf8)))
        XCTAssertEqual(one.files[7]?.nameKey, ContentHash(of: Array("f0007".utf8)))
        // The digest equals the one added file by file.
        var byHand = TreeDigest()
        let now = FileStamp.nowNanoseconds()
        for file in one.files { if let file { byHand.add(path: file.key, stamp: file.stamp, kind: 1, now: now) } }
        XCTAssertEqual(byHand.text(root: "/r"), one.digest.text(root: "/r"))
    }

    func testAGoneFileIsNilAndAnInPlaceWriteMovesTheDigest() throws {
        let names = try write(40)
        let before = try pass(names, parts: 4)
        // Negative control: the same files twice give the same digest.
        XCTAssertEqual(try pass(names, parts: 4).digest, before.digest)

        let rewritten = root.appendingPathComponent(names[25])
        let handle = try FileHandle(forWritingTo: rewritten)
        try handle.seekToEnd()
        handle.write(Data("x".utf8))
        try handle.close()
        let after = try pass(names, parts: 4)
        XCTAssertNotEqual(after.digest, before.digest, "a file grown in place is seen")
        XCTAssertEqual(after.files[24]?.stamp, before.files[24]?.stamp)
        XCTAssertNotEqual(after.files[25]?.stamp, before.files[25]?.stamp)

        try FileManager.default.removeItem(at: root.appendingPathComponent(names[3]))
        let gone = try pass(names, parts: 4)
        XCTAssertNil(gone.files[3])
        XCTAssertEqual(gone.files.compactMap { $0 }.count, 39)
        XCTAssertEqual(gone.digest.count, 39)
    }

    func testALongFolderIsSplitAndAShortOneIsNot() {
        XCTAssertEqual(FolderStatPass.parts(for: 100, cores: 2), 1)
        XCTAssertEqual(FolderStatPass.parts(for: FolderStatPass.filesPerPart * 2, cores: 1), 1)
        XCTAssertEqual(FolderStatPass.parts(for: 10_000, cores: 2), 2)
        XCTAssertEqual(FolderStatPass.parts(for: 1_000_000, cores: 64), 8)
    }
}
