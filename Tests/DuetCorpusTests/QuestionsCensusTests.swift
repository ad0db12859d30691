import XCTest
import Duet
import DuetManifest
import DuetCorpusSamples
@testable import DuetCorpus

final class QuestionsCensusTests: XCTestCase {
    private typealias Q = QuestionsCorpus

    func testCensusCountsDeclaredAndObservedFieldsPerPrimitive() throws {
        let census = try Q.make().census(rulings: Q.manifest().rulings)
        XCTAssertEqual(census.declared, PrimitiveCounts(path: 2, slot: 5, tabs: 1, stage: 1))
        // shared.sheet never holds a kind in any snapshot.
        XCTAssertEqual(census.observed, PrimitiveCounts(path: 2, slot: 4, tabs: 1, stage: 1))
        XCTAssertEqual(census.features.first { $0.feature == "mainnav" }?.declared, PrimitiveCounts(slot: 1, tabs: 1))
    }

    func testTheTwoRuledCandidatesLetTheCheckHold() throws {
        let census = try Q.make().census(rulings: Q.manifest().rulings)
        XCTAssertEqual(census.candidates.map(\.id), ["onboarding.page", "rootnav.isEnterCodePresented"])
        XCTAssertEqual(census.candidates.map(\.ruling), ["data", "data"])
        XCTAssertTrue(census.holds)
        XCTAssertEqual(census.staleRulings, [])
    }

    func testRemovingARulingMakesTheCheckFail() throws {
        let rulings = try Q.manifest().rulings.filter { $0.field != "onboarding.page" }
        let census = try Q.make().census(rulings: rulings)
        XCTAssertFalse(census.holds)
        XCTAssertEqual(census.unruled.map(\.id), ["onboarding.page"])
        XCTAssertEqual(census.unruled.first?.reasons, ["enum that changes between snapshots"])
    }

    func testAnEnumThatNeverChangesIsNotACandidate() throws {
        let corpus = try Corpus.temporary()
        try corpus.setStructures([FeatureStructure(feature: "onboarding", fields: [Q.field("page", "enum", .data)], actions: [], effects: [])],
                                 origin: "test")
        try corpus.upsertFixtures([Q.leaf("onboarding", "onboarding", #"{"page":"welcome"}"#, [("seen", #"{"page":"welcome"}"#)]),
                                   Q.leaf("onboarding.later", "onboarding", #"{"page":"done"}"#, [("seen", #"{"page":"done"}"#)])])
        XCTAssertEqual(try corpus.census(rulings: []).candidates, [])
        // Negative control: one step that changes the page makes it a candidate.
        try corpus.upsertFixtures([Q.leaf("onboarding.next", "onboarding", #"{"page":"welcome"}"#, [("next", #"{"page":"done"}"#)])])
        XCTAssertEqual(try corpus.census(rulings: []).unruled.map(\.id), ["onboarding.page"])
    }

    func testShapeRulesFireOnSumTypesAndPresentationFlagsOnly() throws {
        let corpus = try Corpus.temporary()
        try corpus.setStructures([FeatureStructure(feature: "profile", fields: [
            Q.field("destination", "optional<sum>", .data),
            Q.field("routes", "array<sum>", .data),
            Q.field("showPicker", "bool", .data),
            Q.field("isSharePresented", "bool", .data),
            Q.field("isLoading", "bool", .data),
            Q.field("shown", "bool", .data),
            Q.field("name", "optional<string>", .data),
            Q.field("friends", "array<object>", .data),
        ], actions: [], effects: [])], origin: "test")
        let census = try corpus.census(rulings: [])
        XCTAssertEqual(census.candidates.map(\.field), ["destination", "isSharePresented", "routes", "showPicker"])
        XCTAssertEqual(census.candidates.first?.reasons, ["optional sum type"])
        XCTAssertFalse(census.holds)
    }

    func testOptionalsNeverSetTogetherAreCandidates() throws {
        let corpus = try exclusiveCorpus(steps: [("alertShown", #"{"alert":{"title":"a"}}"#),
                                                 ("confirmShown", #"{"confirmation":{"title":"c"}}"#)])
        let candidates = try corpus.census(rulings: []).candidates
        XCTAssertEqual(candidates.map(\.field), ["alert", "confirmation"])
        XCTAssertEqual(candidates.first?.reasons, ["optional never set together with confirmation"])
    }

    func testOptionalsSetTogetherOrNeverSetAreNotCandidates() throws {
        // Set together once: not exclusive.
        let together = try exclusiveCorpus(steps: [("alertShown", #"{"alert":{"title":"a"}}"#),
                                                   ("both", #"{"alert":{"title":"a"},"confirmation":{"title":"c"}}"#)])
        XCTAssertEqual(try together.census(rulings: []).candidates, [])
        // One of them is never set: nothing shows they exclude each other.
        let oneSided = try exclusiveCorpus(steps: [("alertShown", #"{"alert":{"title":"a"}}"#)])
        XCTAssertEqual(try oneSided.census(rulings: []).candidates, [])
        // Scalar optionals never set together are data (the registration fixture has such a pair).
        XCTAssertFalse(try Q.make().census(rulings: []).candidates.contains { $0.feature == "registration" })
    }

    func testARulingWithoutACandidateIsReportedStale() throws {
        let text = Q.manifestText + "\n    - {field: timeline.memories, ruling: data, reason: old, since: \"2025-01-01\"}\n"
        let census = try Q.make().census(rulings: Q.manifest(text).rulings)
        XCTAssertEqual(census.staleRulings, ["timeline.memories"])
        XCTAssertTrue(census.holds)
    }

    private func exclusiveCorpus(steps: [(String, String)]) throws -> Corpus {
        let corpus = try Corpus.temporary()
        try corpus.setStructures([FeatureStructure(feature: "profile", fields: [
            Q.field("alert", "optional<object>", .data),
            Q.field("confirmation", "optional<object>", .data),
        ], actions: [], effects: [])], origin: "test")
        try corpus.upsertFixtures([Q.leaf("profile", "profile", "{}", steps)])
        return corpus
    }
}
