import Foundation
import XCTest
import Duet
@testable import DuetCorpus

/// A corpus file with bytes flipped in one page: the first verb that reads the page says the
/// corpus is damaged, `check` reports it as a problem, writers refuse the file, and an export
/// leaves its target as it was.
final class DamageTests: XCTestCase {
    /// A closed corpus file with a few fixtures; the WAL is folded into the file on close.
    private func corpusFile() throws -> String {
        let path = try makeTemporaryDirectory("damage").appendingPathComponent("corpus.db").path
        let corpus = try Corpus.open(at: path)
        try corpus.setStructures(manifestStructures: ["nav": ["path": .path, "sheet": .slot]])
        try corpus.upsertFixtures((0..<40).map { index in
            try! navigationFixture(name: "nav.\(index)", steps: [
                (#"{"case":"open"}"#, #"{"path":[],"sheet":{"case":"camera"},"title":"fixture \#(index)"}"#),
                (#"{"case":"close"}"#, #"{"path":[],"title":"fixture \#(index) \#(String(repeating: "x", count: 300))"}"#),
            ])
        })
        return path
    }

    /// The first leaf page of `table` (SQLite's `dbstat`).
    private func page(of table: String, in path: String) throws -> Int {
        let db = try Database(path: path, mode: .readOnly)
        return Int(try XCTUnwrap(db.scalarInteger("SELECT min(pageno) FROM dbstat WHERE name = ? AND pagetype = 'leaf'", [.text(table)])))
    }

    /// Flips one bit in the middle of page `page` (1-based) of the file.
    private func flip(page: Int, in path: String, at offset: Int = 9_000) throws {
        let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: path))
        defer { try? handle.close() }
        let position = UInt64((page - 1) * Database.pageSize + offset)
        try handle.seek(toOffset: position)
        var byte = try XCTUnwrap(handle.read(upToCount: 1))
        byte[0] ^= 0x10
        try handle.seek(toOffset: position)
        try handle.write(contentsOf: byte)
    }

    func testAFlippedByteIsMetByTheFirstReadOfItsPageAndNamed() throws {
        let path = try corpusFile()
        XCTAssertEqual(try Corpus.open(at: path).fixtures().count, 40, "negative control: the intact file reads")
        let damaged = try page(of: "fixtures", in: path)
        try flip(page: damaged, in: path)
        XCTAssertThrowsError(try Corpus.open(at: path).fixtures()) { error in
            let failure = error as? DatabaseError
            XCTAssertEqual(failure?.isDamage, true, "\(error)")
            XCTAssertTrue(failure?.message.contains("page \(damaged) does not match its checksum") == true, "\(error)")
            XCTAssertTrue("\(error)".hasPrefix("the corpus is damaged (\(path))"), "\(error)")
            XCTAssertTrue("\(error)".contains("duet corpus check") && "\(error)".contains("rebuilds it from parity/"), "\(error)")
            XCTAssertFalse("\(error)".contains("--discard-local"), "no advice proposes overwriting a file: \(error)")
        }
    }

    func testCheckReportsDamageAsAProblem() throws {
        let path = try corpusFile()
        XCTAssertTrue(try Corpus.open(at: path).check().holds)
        let damaged = try page(of: "blobs", in: path)
        try flip(page: damaged, in: path)
        let check = try Corpus.open(at: path).check()
        XCTAssertFalse(check.holds)
        XCTAssertTrue(check.pageChecksums)
        XCTAssertTrue(check.problems.contains { $0.hasPrefix("damage: page \(damaged) does not match its checksum") }, "\(check.problems)")
    }

    func testWritersRefuseAFileDamageWasMetInUntilItIsRebuilt() throws {
        let path = try corpusFile()
        let extra = try navigationFixture(name: "nav.extra", steps: [(#"{"case":"open"}"#, #"{"path":[],"title":"extra"}"#)])
        try Corpus.open(at: path).upsertFixtures([extra])   // negative control: an intact file takes writes
        try flip(page: try page(of: "snapshot_kinds", in: path), in: path)
        let corpus = try Corpus.open(at: path)
        XCTAssertThrowsError(try corpus.readOnlyQuery("SELECT count(*) FROM snapshot_kinds"))
        XCTAssertThrowsError(try corpus.deleteFixtures(named: ["nav.extra"])) { error in
            XCTAssertEqual((error as? DatabaseError)?.isDamage, true, "\(error)")
            XCTAssertTrue("\(error)".contains("takes no writes"), "\(error)")
        }
        XCTAssertThrowsError(try Corpus.open(at: path, migrate: true), "migrating is writing")
        // Rebuilt in its place, the file takes writes again.
        let seed = URL(fileURLWithPath: path + ".seed")
        let fresh = try Corpus.temporary()
        try write(try fresh.dumpText(), to: seed)
        try Corpus.rebuild(from: seed.path, at: path, discardingLocal: true).corpus.upsertFixtures([extra])
        XCTAssertFalse(FileManager.default.fileExists(atPath: DamageRecord.path(for: path)))
    }

    func testAnExportOfADamagedCorpusLeavesItsTargetAsItWas() throws {
        let path = try corpusFile()
        try flip(page: try page(of: "steps", in: path), in: path)
        let parent = try makeTemporaryDirectory("export")
        let fresh = parent.appendingPathComponent("fresh")
        let existing = parent.appendingPathComponent("existing")
        try write("kept\n", to: existing.appendingPathComponent("nav.0.fixture.json"))
        for target in [fresh, existing] {
            XCTAssertThrowsError(try Corpus.open(at: path).exportFixtures(to: target.path)) { error in
                XCTAssertEqual((error as? DatabaseError)?.isDamage, true, "\(error)")
            }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: fresh.path), "a failed export must not create its folder")
        XCTAssertEqual(try tree(existing), ["nav.0.fixture.json": Array("kept\n".utf8)])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted(), ["existing"], "no staging folder is left")
    }

    func testAnExportFillsANewOrExistingFolderWhole() throws {
        let corpus = try Corpus.open(at: try corpusFile())
        let parent = try makeTemporaryDirectory("export")
        let existing = parent.appendingPathComponent("existing")
        try write("other\n", to: existing.appendingPathComponent("README"))
        try write("kept\n", to: existing.appendingPathComponent("elsewhere.fixture.json"))
        XCTAssertEqual(try corpus.exportFixtures(to: parent.appendingPathComponent("new/deeper").path), 40)
        XCTAssertEqual(try corpus.exportFixtures(to: existing.path), 40)
        XCTAssertEqual(try tree(parent.appendingPathComponent("new/deeper")).count, 40)
        XCTAssertEqual(try tree(existing).count, 42, "files already there stay")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted(), ["existing", "new"])
    }

    func testAHeaderThatIsNotADatabaseIsDamage() throws {
        let path = try corpusFile()
        let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: path))
        try handle.write(contentsOf: Data("not a corpus at all".utf8))
        try handle.close()
        XCTAssertThrowsError(try Corpus.open(at: path)) { error in
            XCTAssertEqual((error as? DatabaseError)?.isDamage, true, "\(error)")
        }
    }
}
