import XCTest
@testable import DuetCorpus

/// A column's repeated words are made strings once and keep one number each.
final class TextInternerTests: XCTestCase {
    func testEachDistinctTextKeepsOneIndex() throws {
        let db = try Database(path: ":memory:")
        try db.execute(sql: "CREATE TABLE t (n INTEGER, word TEXT); INSERT INTO t VALUES (1, 'slot'), (2, 'path'), (3, 'slot'), (4, NULL), (5, 'slöt'), (6, '')")
        var words = TextInterner()
        var indexes: [Int] = []
        try db.cachedStatement("SELECT word FROM t ORDER BY n").forEachRow { row in indexes.append(words.index(of: row, at: 0)) }
        XCTAssertEqual(indexes, [0, 1, 0, 2, 3, 2])
        XCTAssertEqual(words.words, ["slot", "path", "", "slöt"])
        // Negative control: texts that share a prefix or differ in one byte are different words.
        XCTAssertNotEqual(indexes[0], indexes[4])
    }
}
