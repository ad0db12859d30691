import Foundation
import XCTest
import Duet
import DuetCorpus
@testable import DuetCLI

/// `query sql` runs one read statement (no transaction, no savepoint) within a finite timeout;
/// `export` writes only into a folder that is missing, empty or holds fixture files; a 0-byte
/// `corpus.db` is rebuilt from the seed, and says so.
final class ReadVerbRulesTests: XCTestCase {
    private var work: URL!
    private var corpusPath: String { work.appendingPathComponent("corpus.db").path }

    override func setUpWithError() throws {
        work = try temporaryDirectory()
        let load = duet("--corpus", corpusPath, "corpus", "load", packageRoot.appendingPathComponent("corpus.db.seed").path, in: work.path)
        XCTAssertEqual(load.status, .holds, load.stderr)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: work) }

    func testQuerySQLRefusesTransactionsAndSavepoints() {
        for statement in ["BEGIN", "BEGIN IMMEDIATE", "SAVEPOINT s", "RELEASE s", "COMMIT", "ROLLBACK"] {
            let run = duet("--corpus", corpusPath, "query", "sql", statement, in: work.path)
            XCTAssertEqual(run.status, .usage, "\(statement): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("one read statement"), "\(statement): \(run.stderr)")
        }
        XCTAssertEqual(duet("--corpus", corpusPath, "query", "sql", "SELECT count(*) FROM fixtures", in: work.path).status, .holds)
    }

    func testATimeoutIsAFinitePositiveNumberWithinADay() {
        for timeout in ["1e309", "inf", "nan", "0", "-1", "86401"] {
            let run = duet("--corpus", corpusPath, "query", "sql", "SELECT 1", "--timeout", timeout, in: work.path)
            XCTAssertEqual(run.status, .usage, "\(timeout): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("86400"), "the bound is stated: \(run.stderr)")
        }
        XCTAssertEqual(duet("--corpus", corpusPath, "query", "sql", "SELECT 1", "--timeout", "0.5", in: work.path).status, .holds)
    }

    func testExportRefusesAFolderThatHoldsOtherFilesAndNoFixture() throws {
        let foreign = work.appendingPathComponent("etc")
        try FileManager.default.createDirectory(at: foreign, withIntermediateDirectories: true)
        try Data("root:x:0:0\n".utf8).write(to: foreign.appendingPathComponent("passwd"))
        let run = duet("--corpus", corpusPath, "export", foreign.path, in: work.path)
        XCTAssertEqual(run.status, .usage, run.stderr)
        XCTAssertTrue(run.stderr.contains("holds other files") && run.stderr.contains("passwd"), run.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: foreign.path), ["passwd"], "left as it was")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: work.path).filter { $0.contains("exporting") }, [])

        // A fixtures folder (fixture files, and a README beside them) takes the export, and it says what it wrote.
        let fixtures = work.appendingPathComponent("fixtures")
        try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
        try Data("notes\n".utf8).write(to: fixtures.appendingPathComponent("README"))
        try Data("{}\n".utf8).write(to: fixtures.appendingPathComponent("splash.finds-none.fixture.json"))
        let into = duet("--corpus", corpusPath, "export", fixtures.path, in: work.path)
        XCTAssertEqual(into.status, .holds, into.stderr)
        XCTAssertTrue(into.stderr.contains("replaced 1") && into.stderr.contains("left 1 other file"), into.stderr)
        XCTAssertEqual(duet("--corpus", corpusPath, "export", work.appendingPathComponent("new").path, in: work.path).status, .holds)
    }

    func testAZeroByteCorpusIsBuiltFromTheSeedAndSaysSo() throws {
        let repository = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: repository) }
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("corpus.db.seed"), to: repository.appendingPathComponent("corpus.db.seed"))
        XCTAssertTrue(FileManager.default.createFile(atPath: repository.appendingPathComponent("corpus.db").path, contents: Data()))
        let run = duet("census", in: repository.path)
        XCTAssertTrue(run.stderr.contains("was empty (0 bytes)") && run.stderr.contains("from the seed"), run.stderr)
        XCTAssertNotEqual(run.status, .environment, run.stderr)
        XCTAssertEqual(try Corpus.open(at: repository.appendingPathComponent("corpus.db").path).fixtureNames().count,
                       try Corpus.open(at: corpusPath).fixtureNames().count, "it holds what the seed holds")
    }
}
