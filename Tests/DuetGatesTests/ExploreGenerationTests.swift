import Duet
import DuetCorpus
@testable import DuetGates
import XCTest

/// What explore learns from the fixtures and how it generates from it: payload shapes, value pools,
/// well-formedness, the seed, and the payload simplifications the shrinker tries.
final class ExploreGenerationTests: XCTestCase {
    func recorded(_ feature: String, _ actionCase: String, _ json: String) throws -> RecordedAction {
        RecordedAction(feature: feature, actionCase: actionCase, action: try CanonicalJSON.parse(json).canonicalBytes)
    }

    func testShapesAreLearnedFromRecordingsAndMerged() throws {
        let a = PayloadShape.learn(try CanonicalJSON.parse(#"{"id":"0f0e0d0c-0b0a-4908-8706-050403020100","at":"2026-07-02T09:30:00.000Z","n":3,"tags":[],"kind":{"case":"camera"}}"#))
        let b = PayloadShape.learn(try CanonicalJSON.parse(#"{"id":"0f0e0d0c-0b0a-4908-8706-050403020101","at":"2026-07-02T09:30:00.000Z","tags":["x"],"kind":{"case":"date"}}"#))
        guard case .object(let members) = a.merged(with: b) else { return XCTFail("an object") }
        XCTAssertEqual(members["id"], .init(shape: .uuid, optional: false))
        XCTAssertEqual(members["at"], .init(shape: .date, optional: false))
        XCTAssertEqual(members["n"], .init(shape: .int, optional: true), "absent from one recording: optional")
        XCTAssertEqual(members["tags"], .init(shape: .array(.text), optional: false))
        XCTAssertEqual(members["kind"]?.shape, .sum(["camera": PayloadShape?.none, "date": PayloadShape?.none]))
        // Negative control: a number where a string was is not merged into either.
        XCTAssertEqual(PayloadShape.int.merged(with: .text), .mixed)
        XCTAssertEqual(PayloadShape.uuid.merged(with: .text), .text)
    }

    func testTheSchemaKnowsOnlyWhatAFixtureSends() throws {
        let schema = ActionSchema(feature: "lens", declared: ["zoomed", "shot", "noted"], recorded: [
            try recorded("lens", "zoomed", #"{"case":"zoomed","value":2}"#), try recorded("lens", "shot", #"{"case":"shot"}"#),
            try recorded("vault", "turned", #"{"case":"turned","value":7}"#),
        ])
        XCTAssertEqual(schema.cases.map(\.name), ["zoomed", "shot"])
        XCTAssertEqual(schema.unknownCases, ["noted"], "declared, never sent: its payload is unknown")
        XCTAssertEqual(schema.cases[0].payload, .int)
        XCTAssertNil(schema.cases[1].payload)
        XCTAssertEqual(schema.cases[0].pools["value"], [.int(2)])
    }

    func testGenerationIsDeterministicPerSeedAndMarksValuesNoFixtureSent() throws {
        let schema = ActionSchema(feature: "f", declared: [], recorded: [
            try recorded("f", "named", #"{"case":"named","value":{"name":"Ada","count":1,"id":"0f0e0d0c-0b0a-4908-8706-050403020100"}}"#),
        ])
        let generator = ActionGenerator(schema: schema)
        func drafts(_ seed: UInt64) -> [ActionDraft] {
            var random = SeededRandom(seed: seed, stream: 3)
            return (0..<200).map { _ in generator.draft(&random, state: Array(#"{"ids":["0f0e0d0c-0b0a-4908-8706-0504030201ff"]}"#.utf8)) }
        }
        XCTAssertEqual(drafts(1), drafts(1))
        XCTAssertNotEqual(drafts(1), drafts(2))
        let all = drafts(1)
        let names = all.compactMap { $0.value["value"]?["name"]?.stringValue }
        XCTAssertTrue(names.contains("Ada"))
        XCTAssertTrue(names.contains(""), "the empty string is a boundary value")
        XCTAssertTrue(all.contains { $0.value["value"]?["count"] == .int(Int64.max) })
        XCTAssertTrue(all.contains { $0.value["value"]?["id"] == .string("0f0e0d0c-0b0a-4908-8706-0504030201ff") }, "an id the state holds")
        // A string no fixture sent may fall outside an enum: not well-formed; the recorded one is.
        XCTAssertTrue(all.filter { $0.value["value"]?["name"] == .string("") }.allSatisfy { !$0.wellFormed })
        XCTAssertTrue(all.filter { $0.value == (try? CanonicalJSON.parse(#"{"case":"named","value":{"count":1,"id":"0f0e0d0c-0b0a-4908-8706-050403020100","name":"Ada"}}"#)) }
            .allSatisfy(\.wellFormed))
    }

    func testPayloadsSimplifyToZeroEmptyFalseAndShorter() throws {
        let action = try CanonicalJSON.parse(#"{"case":"c","value":{"n":7,"s":"abc","b":true,"list":[1,2],"id":"0f0e0d0c-0b0a-4908-8706-050403020100"}}"#)
        let simpler = PayloadSimplifier.candidates(action).map { $0["value"]! }
        XCTAssertTrue(simpler.contains { $0["n"] == .int(0) })
        XCTAssertTrue(simpler.contains { $0["s"] == .string("") })
        XCTAssertTrue(simpler.contains { $0["b"] == .bool(false) })
        XCTAssertTrue(simpler.contains { $0["list"] == .array([]) })
        XCTAssertFalse(simpler.contains { $0["id"] != .string("0f0e0d0c-0b0a-4908-8706-050403020100") }, "an id is not simplified away")
        XCTAssertTrue(PayloadSimplifier.candidates(try CanonicalJSON.parse(#"{"case":"c","value":0}"#)).isEmpty, "nothing simpler than 0")
    }

    func testTheVerdictOfAStep() {
        let a = StepAnswer.reduced(state: Array(#"{"n":1}"#.utf8), effects: Array("[]".utf8))
        let b = StepAnswer.reduced(state: Array(#"{"n":2}"#.utf8), effects: Array("[]".utf8))
        XCTAssertEqual(StepVerdict.judge([a, a], wellFormed: true), .agreed(state: Array(#"{"n":1}"#.utf8), effects: Array("[]".utf8)))
        guard case .finding(.state, let divergence) = StepVerdict.judge([a, b], wellFormed: true) else { return XCTFail("a state finding") }
        XCTAssertEqual(divergence?.path, "n")
        XCTAssertEqual(StepVerdict.judge([a, .refused("no")], wellFormed: false), .finding(.refused, nil), "one refuses, one reduces: they differ")
        XCTAssertEqual(StepVerdict.judge([.refused("no"), .refused("no")], wellFormed: true), .finding(.refused, nil))
        XCTAssertEqual(StepVerdict.judge([.refused("no"), .refused("no")], wellFormed: false), .rejected, "outside the domain, refused by all")
        XCTAssertEqual(StepVerdict.judge([a, .failed("exited")], wellFormed: false), .finding(.crash, nil))
    }

    func testFindingsShareASignatureWhateverTheIndices() {
        let start = ExploreStart(feature: "timeline", state: [], fixture: "f", step: nil)
        let action = ActionDraft(actionCase: "backTapped", value: .null, wellFormed: true)
        let one = ExploreFinding(feature: "timeline", kind: .state, start: start, actions: [action], path: "path[0].value", message: "", platforms: [])
        var two = one
        two.path = "path[3].value"
        XCTAssertEqual(one.signature, two.signature)
        two.kind = .effects
        XCTAssertNotEqual(one.signature, two.signature)
        XCTAssertTrue(ExploreRecording.name(feature: "timeline", start: [1], actions: [action]).hasPrefix("explore.timeline."))
        XCTAssertNotEqual(ExploreRecording.name(feature: "timeline", start: [1], actions: [action]),
                          ExploreRecording.name(feature: "timeline", start: [2], actions: [action]))
    }
}
