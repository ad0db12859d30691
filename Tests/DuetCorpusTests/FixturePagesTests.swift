import XCTest
import Duet
import DuetFixtures
import DuetCorpusSamples
@testable import DuetCorpus

/// Fixtures are read back a page of headers at a time: across page boundaries every fixture comes
/// once, in name order, whole.
final class FixturePagesTests: XCTestCase {
    func testReadingCrossesPagesWithoutLosingOrRepeatingAFixture() throws {
        let base = QuestionsCorpus.fixtures[0]
        let copies = (0..<1_100).map { index -> Fixture in
            var fixture = base
            fixture.name = "\(base.name)~\(String(format: "%04d", index))"
            return fixture
        }
        let corpus = try QuestionsCorpus.make(extra: copies)
        let expected = try corpus.fixtureNames()
        XCTAssertGreaterThan(expected.count, 1_024, "more than two pages of 512")
        var seen: [String] = []
        try corpus.forEachFixture { fixture in
            XCTAssertEqual(fixture.steps.count, fixture.name.hasPrefix(base.name + "~") ? base.steps.count : fixture.steps.count)
            seen.append(fixture.name)
        }
        XCTAssertEqual(seen, expected)
        let some = stride(from: 0, to: expected.count, by: 3).map { expected[$0] }
        XCTAssertEqual(try corpus.fixtures(named: some).map(\.name), some, "most of the corpus: one pass, filtered")
        XCTAssertEqual(try corpus.fixtures(named: [expected[600], expected[5]]).map(\.name), [expected[5], expected[600]])
        XCTAssertEqual(try corpus.fixtures(named: ["no such fixture"]), [])
    }
}
