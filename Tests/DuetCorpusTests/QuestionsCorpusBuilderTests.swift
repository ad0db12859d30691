import XCTest
import DuetCorpusSamples
@testable import DuetCorpus

final class QuestionsCorpusBuilderTests: XCTestCase {
    func testTheBuiltCorpusIsIndexed() throws {
        let corpus = try QuestionsCorpus.make()
        XCTAssertEqual(try corpus.database.scalarInteger("SELECT count(*) FROM fixtures"), Int64(QuestionsCorpus.fixtures.count))
        XCTAssertGreaterThan(try corpus.database.scalarInteger("SELECT count(*) FROM snapshot_kinds") ?? 0, 0)
        XCTAssertGreaterThan(try corpus.database.scalarInteger("SELECT count(*) FROM step_transitions") ?? 0, 0)
        XCTAssertGreaterThan(try corpus.database.scalarInteger("SELECT count(*) FROM island_summaries") ?? 0, 0)
    }
}
