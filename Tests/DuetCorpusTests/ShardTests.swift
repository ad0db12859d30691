import XCTest
import Duet
@testable import DuetCorpus

/// `verify --shard K/N`: the split is a function of the fixtures alone, balanced by steps, a
/// partition; the corpus content hash is a function of the fixtures' names and behaviour alone.
final class ShardTests: XCTestCase {
    private func weighted(_ pairs: [(String, Int)]) -> [FixtureShards.Weighted] { pairs.map { .init(name: $0.0, steps: $0.1) } }

    func testTheSplitIsAPartitionIndependentOfInputOrder() {
        let fixtures = weighted((0..<40).map { ("fixture-\($0)", ($0 * 7) % 11 + 1) })
        let split = FixtureShards.split(fixtures, count: 3)
        XCTAssertEqual(split.flatMap { $0 }.sorted(), fixtures.map(\.name).sorted(), "every fixture in exactly one shard")
        XCTAssertEqual(Set(split.flatMap { $0 }).count, fixtures.count)
        XCTAssertEqual(FixtureShards.split(fixtures.reversed(), count: 3), split, "another listing order, the same shards")
        XCTAssertEqual(FixtureShards.split(fixtures.shuffled(), count: 3), split)
    }

    func testHeaviestFirstToTheLightestShardBalancesSteps() {
        let split = FixtureShards.split(weighted([("a", 8), ("b", 7), ("c", 6), ("d", 5), ("e", 4), ("f", 1)]), count: 2)
        // a→1 (8), b→2 (7), c→2 (13), d→1 (13), e: tie on steps and count → shard 1 (17), f→2 (14).
        XCTAssertEqual(split, [["a", "d", "e"], ["b", "c", "f"]])
        // Ties on steps are broken by name in scalar order, not by input order.
        XCTAssertEqual(FixtureShards.split(weighted([("b", 3), ("a", 3)]), count: 2), [["a"], ["b"]])
    }

    func testNoShardCarriesMoreThanTheHeaviestFixtureAboveAnother() {
        // Greedy heaviest-first: the spread between shards never exceeds the heaviest fixture.
        var generator = SystemRandomNumberGenerator()
        for count in [2, 3, 8, 50] {
            let fixtures = weighted((0..<5_000).map { ("f\($0)", Int.random(in: 1...40, using: &generator)) })
            let steps = Dictionary(uniqueKeysWithValues: fixtures.map { ($0.name, $0.steps) })
            let loads = FixtureShards.split(fixtures, count: count).map { $0.reduce(0) { $0 + steps[$1]! } }
            XCTAssertLessThanOrEqual(loads.max()! - loads.min()!, 40, "\(count) shards: \(loads)")
        }
    }

    func testZeroStepFixturesSpreadAndSurplusShardsAreEmpty() {
        XCTAssertEqual(FixtureShards.split(weighted([("a", 0), ("b", 0), ("c", 0), ("d", 0)]), count: 2), [["a", "c"], ["b", "d"]])
        XCTAssertEqual(FixtureShards.split(weighted([("a", 2)]), count: 3), [["a"], [], []])
    }

    func testShardSpecsAreKOfNFromOne() throws {
        XCTAssertEqual(try ShardSpec(parsing: "2/3"), try ShardSpec(index: 2, count: 3))
        for bad in ["0/3", "4/3", "3", "a/b", "1/0", "-1/2", "1/2/3", ""] {
            XCTAssertThrowsError(try ShardSpec(parsing: bad), bad)
        }
        XCTAssertEqual(try ShardSpec(parsing: "1/1").scope, .full, "one shard is the whole")
        XCTAssertEqual(try ShardSpec(parsing: "2/3").scope.stored, "shard=2/3")
    }

    func testTheSeedSplitsIntoThreeBalancedShards() throws {
        let (corpus, _, count) = try exportedSeed()
        let plans = try corpus.shardPlans(count: 3)
        XCTAssertEqual(plans.flatMap(\.fixtures).sorted(), try corpus.fixtureNames().sorted())
        XCTAssertEqual(plans.reduce(0) { $0 + $1.fixtures.count }, count)
        let steps = plans.map(\.steps)
        XCTAssertEqual(steps.reduce(0, +), plans[0].totalSteps)
        XCTAssertLessThanOrEqual(steps.max()! - steps.min()!, 11, "within one fixture's steps of each other: \(steps)")
        XCTAssertEqual(try corpus.shardPlan(try ShardSpec(parsing: "2/3")), plans[1])
    }

    func testTheContentHashFollowsBehaviourNotLabels() throws {
        let corpus = try Corpus.inMemory()
        let base = try navigationFixture(steps: [(#"{"case":"open"}"#, #"{"path":[],"title":"u"}"#)])
        try corpus.upsertFixtures([base])
        let first = try corpus.contentHash()
        var relabelled = base
        relabelled.description = "another description"
        relabelled.steps[0].label = "a new label"
        try corpus.upsertFixtures([relabelled])
        XCTAssertEqual(try corpus.contentHash(), first, "labels and descriptions are not behaviour")
        var changed = base
        changed.steps[0].expectedState = try CanonicalJSON.parse(#"{"path":[],"title":"v"}"#)
        try corpus.upsertFixtures([changed])
        XCTAssertNotEqual(try corpus.contentHash(), first, "a changed expected state is")
        XCTAssertEqual(try corpus.contentHash().fixtures, 1)
    }

    func testTwoCorporaOfTheSameTreeAgreeOnTheHash() throws {
        let (seed, fixtures, _) = try exportedSeed()
        let clone = try Corpus.open(at: try makeTemporaryDirectory("clone").appendingPathComponent("corpus.db").path)
        try clone.importFixtures(from: fixtures.path)
        XCTAssertEqual(try clone.contentHash(), try seed.contentHash())
    }
}
