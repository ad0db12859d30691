import XCTest
import Duet
@testable import DuetCorpus

final class QuestionsSQLTests: XCTestCase {
    func testASelectOverTheViewsRunsWithBoundParameters() throws {
        let corpus = try QuestionsCorpus.make()
        let result = try corpus.readOnlyQuery("SELECT fixture FROM fixtures_by_kind WHERE kind = ? ORDER BY fixture", [.text("capture.slot.camera")])
        XCTAssertEqual(result.columns, ["fixture"])
        XCTAssertEqual(result.rows, [[.text("capture.camera")], [.text("capture.camera-from-source")]])
        XCTAssertEqual(try corpus.readOnlyQuery("SELECT path, slot FROM census WHERE feature = 'capture'").rows, [[.integer(0), .integer(1)]])
    }

    func testWritesAreRefusedAndLeaveTheCorpusUnchanged() throws {
        let corpus = try QuestionsCorpus.make()
        let before = try corpus.database.scalarInteger("SELECT count(*) FROM fixtures")
        for sql in ["DELETE FROM fixtures", "UPDATE fixtures SET name = 'x'", "INSERT INTO corpus_meta VALUES ('a', 'b')",
                    "DROP TABLE blobs", "CREATE TABLE t(x)"] {
            XCTAssertThrowsError(try corpus.readOnlyQuery(sql), sql)
        }
        XCTAssertEqual(try corpus.database.scalarInteger("SELECT count(*) FROM fixtures"), before)
    }

    func testAttachPragmaAndSeveralStatementsAreRefused() throws {
        let corpus = try QuestionsCorpus.make()
        for sql in ["ATTACH DATABASE '/tmp/other.db' AS other", "PRAGMA journal_mode", "PRAGMA writable_schema = ON",
                    "SELECT * FROM pragma_table_info('fixtures')", "SELECT 1; DELETE FROM fixtures", "SELECT 1; SELECT 2"] {
            XCTAssertThrowsError(try corpus.readOnlyQuery(sql), sql) { error in
                XCTAssertTrue(error is ReadOnlySQLRefusal, "\(sql): \(error)")
            }
        }
        // Negative control: a trailing semicolon and comments are one statement.
        XCTAssertEqual(try corpus.readOnlyQuery("SELECT 1; -- done\n/* end */").rows, [[.integer(1)]])
    }
}
