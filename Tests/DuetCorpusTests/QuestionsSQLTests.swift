import Foundation
import XCTest
import Duet
import DuetCorpusSamples
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

    /// Text after the first `;` used to be read through a pointer past its buffer's lifetime
    /// (SIGILL in optimized builds); every such tail is read safely and judged.
    func testTextAfterTheFirstStatementIsReadSafely() throws {
        let corpus = try QuestionsCorpus.make()
        for sql in ["SELECT 1; -- trailing comment", "SELECT 1;;", "SELECT 1; /* x */ ;", "SELECT 1;\n\n-- a\n-- b\n",
                    "SELECT 1; /* never closed", "SELECT 1 -- no semicolon", String(repeating: " ", count: 10_000) + "SELECT 1;"] {
            XCTAssertEqual(try corpus.readOnlyQuery(sql).rows, [[.integer(1)]], sql)
        }
        XCTAssertEqual(try corpus.readOnlyQuery("SELECT 'a;b'; ").rows, [[.text("a;b")]])
        for sql in ["SELECT 1; SELECT 2", "SELECT 1; -- c\nSELECT 2", "SELECT 1;;DELETE FROM fixtures", "SELECT 1; x"] {
            XCTAssertThrowsError(try corpus.readOnlyQuery(sql), sql) { error in
                XCTAssertTrue("\(error)".contains("more than one statement"), "\(sql): \(error)")
            }
        }
        for sql in ["", "  ;  ", "-- only a comment"] {
            XCTAssertThrowsError(try corpus.readOnlyQuery(sql), sql) { error in
                XCTAssertTrue("\(error)".contains("no statement"), "\(sql): \(error)")
            }
        }
    }

    func testAnEndlessStatementStopsAtItsTimeout() throws {
        let corpus = try QuestionsCorpus.make()
        let endless = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c"
        let started = Date()
        XCTAssertThrowsError(try corpus.readOnlyQuery(endless, limits: ReadOnlyQueryLimits(timeout: 0.3))) { error in
            XCTAssertEqual((error as? ReadOnlyQueryLimitReached)?.limit, .timeout(0.3), "\(error)")
            XCTAssertTrue("\(error)".contains("--timeout"), "\(error)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "the statement ran far past its timeout")
        // Negative control: a bounded recursion finishes inside the same limit.
        let bounded = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 100) SELECT count(*) FROM c"
        XCTAssertEqual(try corpus.readOnlyQuery(bounded, limits: ReadOnlyQueryLimits(timeout: 5)).rows, [[.integer(100)]])
    }

    func testAResultPastItsRowOrByteCapIsRefusedWhole() throws {
        let corpus = try QuestionsCorpus.make()
        let rows = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c"
        XCTAssertThrowsError(try corpus.readOnlyQuery(rows, limits: ReadOnlyQueryLimits(maximumRows: 1_000))) { error in
            XCTAssertEqual((error as? ReadOnlyQueryLimitReached)?.limit, .rows(1_000), "\(error)")
        }
        let wide = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 100) SELECT printf('%.*c', 1000, 'x') FROM c"
        XCTAssertThrowsError(try corpus.readOnlyQuery(wide, limits: ReadOnlyQueryLimits(maximumBytes: 50_000))) { error in
            XCTAssertEqual((error as? ReadOnlyQueryLimitReached)?.limit, .bytes(50_000), "\(error)")
        }
        // One value larger than the cap is stopped inside SQLite, before it is built.
        XCTAssertThrowsError(try corpus.readOnlyQuery("SELECT zeroblob(1000000)", limits: ReadOnlyQueryLimits(maximumBytes: 10_000))) { error in
            XCTAssertEqual((error as? ReadOnlyQueryLimitReached)?.limit, .bytes(10_000), "\(error)")
        }
        // Negative controls: exactly at the caps is fine.
        XCTAssertEqual(try corpus.readOnlyQuery("SELECT x FROM (\(rows)) LIMIT 1000", limits: ReadOnlyQueryLimits(maximumRows: 1_000)).rows.count, 1_000)
        XCTAssertEqual(try corpus.readOnlyQuery(wide, limits: ReadOnlyQueryLimits(maximumBytes: 100_000)).rows.count, 100)
    }
}
