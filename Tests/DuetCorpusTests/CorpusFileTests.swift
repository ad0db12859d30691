import XCTest
import Duet
@testable import DuetCorpus

/// Only a corpus is opened as a corpus: another program's database, a text file, a folder are
/// refused as bad input and left byte for byte as they were — no WAL switch, no table, no
/// `-damage` note, no `-wal` or `-shm` left beside them.
final class CorpusFileTests: XCTestCase {
    private var work: URL!
    override func setUpWithError() throws { work = try makeTemporaryDirectory("corpus-file") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: work) }

    /// Opens `path` as the corpus, expecting a refusal naming it; returns the refusal's text.
    private func refusal(_ path: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            _ = try Corpus.open(at: path)
            XCTFail("\(path) was opened as a corpus", file: file, line: line)
            return ""
        } catch let error as InputError {
            XCTAssertEqual(error.file, path, file: file, line: line)
            XCTAssertTrue(error.message.contains("not a duet corpus"), error.description, file: file, line: line)
            return error.description
        } catch {
            XCTFail("not an InputError: \(error)", file: file, line: line)
            return ""
        }
    }

    /// The files in the work folder, with their bytes.
    private func folder() throws -> [String: [UInt8]] { try tree(work) }

    private func sqlite3(_ database: URL, _ sql: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.executescript(sys.argv[2]); c.close()",
                             database.path, sql]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw XCTSkip("python3's sqlite3 is needed to make a foreign database") }
    }

    func testAnotherProgramsDatabaseIsRefusedAndLeftAsItWas() throws {
        let other = work.appendingPathComponent("other.db")
        try sqlite3(other, "CREATE TABLE notes(text); INSERT INTO notes VALUES ('mine');")
        let before = try folder()
        let text = refusal(other.path)
        XCTAssertTrue(text.contains("without duet's tables"), text)
        XCTAssertFalse(text.contains("--discard-local"), "no advice may propose overwriting it: \(text)")
        XCTAssertEqual(try folder(), before, "the file is as it was and nothing was made beside it")
    }

    func testAForeignDatabaseInWALModeGetsNoWALOrShmLeftBesideIt() throws {
        let other = work.appendingPathComponent("wal.db")
        try sqlite3(other, "PRAGMA journal_mode=WAL; CREATE TABLE corpus_meta(key, value);")
        let before = try folder()
        _ = refusal(other.path)
        XCTAssertEqual(try folder(), before)
    }

    func testATextFileAndAFolderAreRefused() throws {
        let notes = work.appendingPathComponent("notes.txt")
        try write("my notes, not a database\n", to: notes)
        let before = try folder()
        XCTAssertTrue(refusal(notes.path).contains("not an SQLite database"))
        XCTAssertEqual(try folder(), before, "no -damage note, no -wal beside a text file")
        let sub = work.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        XCTAssertTrue(refusal(sub.path).contains("a folder"))
    }

    func testADatabaseWhoseMigrationsAreNotDuetsIsRefused() throws {
        let other = work.appendingPathComponent("lookalike.db")
        try sqlite3(other, """
            CREATE TABLE corpus_meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
            CREATE TABLE schema_migrations(version INTEGER PRIMARY KEY, file_name TEXT, checksum TEXT);
            INSERT INTO schema_migrations VALUES (1, '0001_core.sql', 'not duet''s checksum');
            """)
        let before = try folder()
        XCTAssertTrue(refusal(other.path).contains("0001_core.sql"))
        XCTAssertEqual(try folder(), before)
    }

    func testACorpusIsOpenedAndAZeroByteFileBecomesANewCorpus() throws {
        // Negative control: a real corpus, closed, opens.
        let path = work.appendingPathComponent("corpus.db").path
        do { _ = try Corpus.open(at: path) }
        XCTAssertNoThrow(try Corpus.open(at: path))

        let empty = work.appendingPathComponent("empty.db").path
        XCTAssertTrue(FileManager.default.createFile(atPath: empty, contents: Data()))
        let opened = try CorpusLocation(path: empty, source: .option, seed: nil).open()
        XCTAssertTrue(opened.notices.contains { $0.contains("was empty (0 bytes)") }, "\(opened.notices)")
        XCTAssertEqual(try opened.corpus.fixtures().count, 0)
    }

    func testALoadRefusesToReplaceAFileThatIsNotACorpus() throws {
        let notes = work.appendingPathComponent("notes.txt")
        try write("someone's notes\n", to: notes)
        let seed = work.appendingPathComponent("seed.sql")
        try write(try Corpus.inMemory().dumpText(), to: seed)
        let before = try bytes(of: notes)
        for discarding in [false, true] {
            XCTAssertThrowsError(try Corpus.rebuild(from: seed.path, at: notes.path, discardingLocal: discarding)) { error in
                XCTAssertTrue("\(error)".contains("not a duet corpus"), "\(error)")
            }
            XCTAssertEqual(try bytes(of: notes), before, "--discard-local does not make it overwrite a user's file either")
        }
    }

    func testALoadOverAForeignDatabaseInWALModeLeavesNoWALOrShmBesideIt() throws {
        let other = work.appendingPathComponent("wal.db")
        try sqlite3(other, "PRAGMA journal_mode=WAL; CREATE TABLE notes(text); INSERT INTO notes VALUES ('mine');")
        let seed = work.appendingPathComponent("seed.sql")
        try write(try Corpus.inMemory().dumpText(), to: seed)
        let before = try folder()
        XCTAssertThrowsError(try Corpus.rebuild(from: seed.path, at: other.path, discardingLocal: false)) { error in
            XCTAssertTrue("\(error)".contains("not a duet corpus"), "\(error)")
        }
        XCTAssertEqual(try folder().keys.sorted(), before.keys.sorted(), "looking at it left nothing beside it (a read-only connection cannot remove its -wal and -shm)")
        XCTAssertEqual(try folder(), before)
    }

    func testDamageMetWhileLookingAtAForeignFileLeavesNoNote() throws {
        // An SQLite header over garbage: SQLite reports it malformed, which is not a corpus's damage.
        let fake = work.appendingPathComponent("fake.db")
        var bytes = Array("SQLite format 3\u{0}".utf8) + [UInt8](repeating: 0xA5, count: 8_192 - 16)
        bytes[16] = 0x10; bytes[17] = 0x00   // 4096-byte pages
        bytes[18] = 1; bytes[19] = 1; bytes[20] = 0
        try Data(bytes).write(to: fake)
        let before = try folder()
        _ = refusal(fake.path)
        XCTAssertEqual(try folder(), before)
        XCTAssertFalse(FileManager.default.fileExists(atPath: fake.path + "-damage"))
    }
}
