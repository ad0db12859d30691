import XCTest
@testable import DuetCorpus

final class DatabaseTests: XCTestCase {
    func testStatementsBindAndReadBackEveryValueKind() throws {
        let db = try Database(path: ":memory:")
        try db.execute(sql: "CREATE TABLE t(a INTEGER, b TEXT, c BLOB, d ANY) STRICT")
        try db.execute("INSERT INTO t VALUES (?, ?, ?, ?)", [.integer(-7), .text("é\u{0}x"), .blob([]), .null])
        let row = try XCTUnwrap(db.rows("SELECT a, b, c, d, typeof(c) FROM t").first)
        XCTAssertEqual(row[0], .integer(-7))
        XCTAssertEqual(row[1], .text("é\u{0}x"))
        XCTAssertEqual(row[2], .blob([]))
        XCTAssertEqual(row[3], .null)
        XCTAssertEqual(row[4], .text("blob"), "an empty blob must stay a blob, not NULL")
    }

    func testCachedStatementIsReusedAcrossExecutions() throws {
        let db = try Database(path: ":memory:")
        try db.execute(sql: "CREATE TABLE t(a INTEGER)")
        let first = try db.cachedStatement("INSERT INTO t VALUES (?)")
        for i in 0..<10 { try first.execute([.integer(Int64(i))]) }
        XCTAssertTrue(first === (try db.cachedStatement("INSERT INTO t VALUES (?)")))
        XCTAssertEqual(try db.scalarInteger("SELECT sum(a) FROM t"), 45)
    }

    func testTransactionRollsBackWhenTheBodyThrows() throws {
        struct Boom: Error {}
        let db = try Database(path: ":memory:")
        try db.execute(sql: "CREATE TABLE t(a INTEGER)")
        try db.transaction { try db.execute("INSERT INTO t VALUES (1)") }
        XCTAssertThrowsError(try db.transaction {
            try db.execute("INSERT INTO t VALUES (2)")
            throw Boom()
        })
        XCTAssertEqual(try db.scalarInteger("SELECT count(*) FROM t"), 1)
        XCTAssertFalse(db.isInTransaction)
    }

    func testNestedTransactionRollsBackOnlyItsSavepoint() throws {
        struct Boom: Error {}
        let db = try Database(path: ":memory:")
        try db.execute(sql: "CREATE TABLE t(a INTEGER)")
        try db.transaction {
            try db.execute("INSERT INTO t VALUES (1)")
            _ = try? db.transaction { try db.execute("INSERT INTO t VALUES (2)"); throw Boom() }
        }
        XCTAssertEqual(try db.scalarInteger("SELECT count(*) FROM t"), 1)
    }

    func testFileDatabaseUsesWALForeignKeysAndFullSync() throws {
        let dir = try makeTemporaryDirectory()
        let db = try Database(path: dir.appendingPathComponent("x.db").path)
        XCTAssertEqual(try db.rows("PRAGMA journal_mode").first?[0], .text("wal"))
        XCTAssertEqual(try db.scalarInteger("PRAGMA foreign_keys"), 1)
        XCTAssertEqual(try db.scalarInteger("PRAGMA synchronous"), 2)
    }

    func testAConstraintViolationIsReportedWithItsStatement() throws {
        let db = try Database(path: ":memory:")
        try db.execute(sql: "CREATE TABLE t(a INTEGER NOT NULL)")
        XCTAssertThrowsError(try db.execute("INSERT INTO t VALUES (?)", [.null])) { error in
            XCTAssertTrue("\(error)".contains("INSERT INTO t"), "\(error)")
        }
    }

    func testTemporaryFilesStayInMemoryOnlyWhileAsked() throws {
        let dir = try makeTemporaryDirectory()
        let db = try Database(path: dir.appendingPathComponent("x.db").path)
        XCTAssertEqual(try db.scalarInteger("PRAGMA temp_store"), 0)
        let inside = try db.withTemporaryFilesInMemory { try db.scalarInteger("PRAGMA temp_store") }
        XCTAssertEqual(inside, 2, "MEMORY inside")
        XCTAssertEqual(try db.scalarInteger("PRAGMA temp_store"), 0, "DEFAULT again after")
        struct Stop: Error {}
        XCTAssertThrowsError(try db.withTemporaryFilesInMemory { throw Stop() })
        XCTAssertEqual(try db.scalarInteger("PRAGMA temp_store"), 0, "DEFAULT again after a throw")
        try db.execute(sql: "CREATE TEMP TABLE scratch(x INTEGER)")
        let nested = try db.transaction { try db.withTemporaryFilesInMemory { try db.scalarInteger("PRAGMA temp_store") } }
        XCTAssertEqual(nested, 0, "inside a transaction the setting stays as it is")
    }
}
