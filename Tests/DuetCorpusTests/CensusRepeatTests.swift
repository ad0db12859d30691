import XCTest
import Duet
import DuetCorpusSamples
@testable import DuetCorpus

/// A census equal to the latest stored one over the same inputs is not stored again, so asking
/// again writes nothing; the fixture-set hash it names is kept, and dropped by any fixture change.
final class CensusRepeatTests: XCTestCase {
    private func storedCensuses(_ corpus: Corpus) throws -> Int {
        Int(try corpus.database.scalarInteger("SELECT count(*) FROM check_results WHERE kind = 'census'") ?? -1)
    }

    private func changes(_ corpus: Corpus) throws -> Int64 { try corpus.database.scalarInteger("SELECT total_changes()") ?? -1 }

    func testARepeatedCensusIsAPureRead() throws {
        let corpus = try QuestionsCorpus.make()
        let rulings = try QuestionsCorpus.manifest().rulings
        let first = try corpus.recordCensus(rulings: rulings, manifestPath: nil, now: "2026-06-01T00:00:00.000Z")
        XCTAssertEqual(try storedCensuses(corpus), 1)
        let before = try changes(corpus)
        let again = try corpus.recordCensus(rulings: rulings, manifestPath: nil, now: "2026-06-02T00:00:00.000Z")
        XCTAssertEqual(again, first)
        XCTAssertEqual(try storedCensuses(corpus), 1, "an identical census was stored again")
        XCTAssertEqual(try changes(corpus), before, "the repeated census wrote")
        XCTAssertEqual(try corpus.resultHistory(kinds: [.census]).first?.at, "2026-06-01T00:00:00.000Z")

        // Negative controls: another report (other rulings), or other fixtures, is stored.
        _ = try corpus.recordCensus(rulings: [], manifestPath: nil, now: "2026-06-03T00:00:00.000Z")
        XCTAssertEqual(try storedCensuses(corpus), 2)
        _ = try corpus.recordCensus(rulings: rulings, manifestPath: nil, now: "2026-06-04T00:00:00.000Z")
        XCTAssertEqual(try storedCensuses(corpus), 3, "the latest differs, so the same census as two runs ago is stored")
        try corpus.upsertFixtures([QuestionsCorpus.leaf("onboarding.more", "onboarding", #"{"page":"welcome"}"#, [("nextTapped", #"{"page":"x"}"#)])])
        let other = try corpus.recordCensus(rulings: rulings, manifestPath: nil, now: "2026-06-05T00:00:00.000Z")
        XCTAssertEqual(other, first, "the census reads the same, over other fixtures")
        XCTAssertEqual(try storedCensuses(corpus), 4)
        XCTAssertEqual(try corpus.resultHistory(kinds: [.census]).first?.inputs?.fixtures, try corpus.computedContentHash().hash.hex)
    }

    func testTheKeptFixtureSetIsDroppedByEveryFixtureChange() throws {
        let corpus = try QuestionsCorpus.make()
        XCTAssertNil(try corpus.keptFixtureSet())
        _ = try corpus.recordCensus(rulings: [], manifestPath: nil, now: "2026-06-01T00:00:00.000Z")
        XCTAssertEqual(try corpus.keptFixtureSet(), try corpus.computedContentHash())
        XCTAssertEqual(try corpus.contentHash(), try corpus.computedContentHash())

        let changes: [(String, () throws -> Void)] = [
            ("an upsert", { try corpus.upsertFixtures([QuestionsCorpus.leaf("x", "onboarding", #"{"page":"a"}"#, [("nextTapped", #"{"page":"b"}"#)])]) }),
            ("a replacement", { try corpus.upsertFixtures([QuestionsCorpus.leaf("x", "onboarding", #"{"page":"a"}"#, [("nextTapped", #"{"page":"c"}"#)])]) }),
            ("a removal", { try corpus.deleteFixtures(named: ["x"]) }),
            ("any write that may change the fixtures", {
                try corpus.write { try corpus.database.execute("UPDATE fixtures SET name = 'renamed' WHERE name = 'onboarding'") }
            }),
        ]
        for (name, change) in changes {
            _ = try corpus.write(touchesTree: false) { try corpus.keepFixtureSet() }
            XCTAssertNotNil(try corpus.keptFixtureSet(), name)
            let before = try corpus.computedContentHash()
            try change()
            XCTAssertNil(try corpus.keptFixtureSet(), "\(name) left the kept fixture-set hash standing")
            XCTAssertNotEqual(try corpus.contentHash(), before, name)
            XCTAssertEqual(try corpus.contentHash(), try corpus.computedContentHash(), name)
        }
        // Negative control: a write of results (no fixture) keeps it.
        _ = try corpus.write(touchesTree: false) { try corpus.keepFixtureSet() }
        try corpus.storeCheckResult(.lint, ["x": 1], holds: true, findings: 0, inputs: try corpus.currentInputs(manifestPath: nil),
                                    createdAt: "2026-06-01T00:00:00.000Z")
        XCTAssertNotNil(try corpus.keptFixtureSet())
        // And the check finds a kept hash that does not match.
        XCTAssertEqual(try corpus.keptAnswerProblems(), [])
        try corpus.database.execute("UPDATE corpus_meta SET value = '00000000000000000000000000000000 1 1' WHERE key = 'local.fixture_set'")
        XCTAssertEqual(try corpus.keptAnswerProblems().count, 1)
    }
}
