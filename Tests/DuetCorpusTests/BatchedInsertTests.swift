import XCTest
import Duet
@testable import DuetCorpus
import DuetFixtures

/// Rows bound into a multi-row statement reach the table exactly once, in order, whole batches
/// as soon as they fill and the rest on flush, NULLs included.
final class BatchedInsertTests: XCTestCase {
    private func table() throws -> Database {
        let db = try Database(path: ":memory:")
        try db.execute(sql: "CREATE TABLE t(n INTEGER, label TEXT, extra INTEGER, PRIMARY KEY (n)) STRICT")
        return db
    }

    private func rows(_ db: Database) throws -> [Row] { try db.rows("SELECT n, label, extra FROM t ORDER BY n") }

    private func add(_ batch: BatchedInsert, _ n: Int) throws {
        try batch.addRow { row in
            try row.bind(Int64(n), at: 1)
            try row.bind(n % 3 == 0 ? nil : "row \(n)", at: 2)
            try row.bind(n % 5 == 0 ? nil : Int64(n * 10), at: 3)
        }
    }

    private func expected(_ range: ClosedRange<Int>) -> [Row] {
        range.map { n in
            Row(values: [.integer(Int64(n)), n % 3 == 0 ? .null : .text("row \(n)"), n % 5 == 0 ? .null : .integer(Int64(n * 10))])
        }
    }

    func testFullBatchesRunAsTheyFillAndTheRestOnFlush() throws {
        let db = try table()
        let batch = try BatchedInsert(database: db, into: "t(n, label, extra)", columns: 3, rowsPerStatement: 8)
        for n in 1...19 { try add(batch, n) }
        XCTAssertEqual(try rows(db), expected(1...16), "two full batches of 8 are written, 3 rows wait")
        XCTAssertEqual(batch.pendingRows, 3)
        try batch.flush()
        XCTAssertEqual(try rows(db), expected(1...19))
        try batch.flush()
        XCTAssertEqual(try rows(db), expected(1...19), "a second flush writes nothing again")
    }

    func testRowsAfterAPartialFlushDoNotRepeatEarlierRows() throws {
        let db = try table()
        let batch = try BatchedInsert(database: db, into: "t(n, label, extra)", columns: 3, rowsPerStatement: 8)
        for n in 1...5 { try add(batch, n) }
        try batch.flush()
        for n in 6...7 { try add(batch, n) }
        try batch.flush()
        XCTAssertEqual(try rows(db), expected(1...7), "the unused rows of a partial batch still hold older values and must be left out")
    }

    func testALeadingNullIsARealValue() throws {
        let db = try Database(path: ":memory:")
        try db.execute(sql: "CREATE TABLE t(label TEXT, n INTEGER NOT NULL) STRICT")
        let batch = try BatchedInsert(database: db, into: "t(label, n)", columns: 2, rowsPerStatement: 4)
        for n in 1...3 { try batch.addRow { row in try row.bind(nil as String?, at: 1); try row.bind(n, at: 2) } }
        try batch.flush()
        XCTAssertEqual(try db.scalarInteger("SELECT count(*) FROM t WHERE label IS NULL"), 3)
    }

    func testAConflictFailsTheStatementThatHoldsIt() throws {
        let db = try table()
        let batch = try BatchedInsert(database: db, into: "t(n, label, extra)", columns: 3, rowsPerStatement: 4)
        try add(batch, 1)
        try add(batch, 1)
        XCTAssertThrowsError(try batch.flush()) { error in
            XCTAssertTrue("\(error)".contains("UNIQUE"), "\(error)")
        }
        let ignoring = try BatchedInsert(database: db, verb: "INSERT OR IGNORE", into: "t(n, label, extra)", columns: 3, rowsPerStatement: 4)
        for n in [2, 2, 3] { try add(ignoring, n) }
        try ignoring.flush()
        XCTAssertEqual(try rows(db), expected(2...3), "INSERT OR IGNORE keeps the first of two equal keys")
    }

    func testUpsertingTheSameNameTwiceInOneCallKeepsOnlyTheSecondVersion() throws {
        let corpus = try Corpus.temporary()
        try corpus.setStructures(manifestStructures: ["nav": ["sheet": .slot]])
        func fixture(_ sheets: [String]) throws -> Fixture {
            let steps = sheets.map { #"{"action":{"case":"open","value":"\#($0)"},"expectedEffects":[],"expectedState":{"sheet":{"case":"\#($0)"}}}"# }
            let text = #"{"feature":"nav","initialState":{"sheet":null},"steps":[\#(steps.joined(separator: ","))]}"#
            return try Fixture(name: "nav-a", document: CanonicalJSON.parse(Array(text.utf8)))
        }
        let summary = try corpus.upsertFixtures([try fixture(["camera", "files", "share"]), try fixture(["gallery"])])
        XCTAssertEqual(summary.inserted, ["nav-a"])
        XCTAssertEqual(summary.replaced, ["nav-a"])
        XCTAssertEqual(try corpus.database.scalarInteger("SELECT count(*) FROM steps"), 1)
        XCTAssertEqual(try corpus.database.rows("SELECT kind FROM step_transitions ORDER BY step, kind").map { $0[0] }, [.text("nav.slot.gallery")])
        let check = try corpus.check()
        XCTAssertTrue(check.holds, "\(check.problems)")
    }
}
