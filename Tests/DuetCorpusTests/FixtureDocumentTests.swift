import XCTest
import Duet
@testable import DuetCorpus
import DuetFixtures

final class FixtureDocumentTests: XCTestCase {
    func testEveryVectorFixtureRoundTripsThroughTheModelByteForByte() throws {
        let files = try fixtureFiles(in: vectorsDirectory)
        XCTAssertGreaterThanOrEqual(files.count, 7)
        for file in files {
            XCTAssertNil(try Self.modelRoundTripProblem(try bytes(of: file), name: file.lastPathComponent), file.path)
        }
        // Negative control: a vector with an unknown key spelt out of order is not what the model writes back.
        var mutated = try bytes(of: vectorFixtureDirectory.appendingPathComponent("counter.fixture.json"))
        mutated.insert(contentsOf: Array(#""zz": 1,"#.utf8), at: mutated.firstIndex(of: UInt8(ascii: "\n"))! + 1)
        XCTAssertNotNil(try Self.modelRoundTripProblem(mutated, name: "counter.fixture.json"))
    }

    /// Why `bytes` does not come back byte for byte through the fixture model, or nil when it does.
    static func modelRoundTripProblem(_ bytes: [UInt8], name: String) throws -> String? {
        let fixture = try Fixture(name: String(name.dropLast(".fixture.json".count)), document: CanonicalJSON.parse(bytes))
        return fixture.document.prettyBytes == bytes ? nil : "\(name) is written back differently by the fixture model"
    }

    func testChainAndBranchMetadataAreRead() throws {
        let chain = try Fixture(name: "chain-x", document: CanonicalJSON.parse(#"""
            {"chain":"x","initialStates":{"a":{}},"steps":[{"action":{"case":"go"},"expectedEffects":[],"linkToNext":true,"node":"a"}]}
            """#))
        XCTAssertTrue(chain.isChain)
        XCTAssertEqual(chain.steps.first?.node, "a")
        XCTAssertEqual(chain.steps.first?.linkToNext, true)
        let leaf = try Fixture(name: "f.s.b", document: CanonicalJSON.parse(#"""
            {"dialect":2,"feature":"f","initialState":{},"scenario":{"branch":"b","source":"S.swift"},"steps":[]}
            """#))
        XCTAssertEqual(leaf.scenarioBranch, "b")
        XCTAssertEqual(leaf.scenarioSource, "S.swift")
        XCTAssertFalse(leaf.isChain)
    }

    func testUnknownKeysSurviveAtEveryLevel() throws {
        let text = #"{"feature":"f","future":[1],"initialState":{},"scenario":{"source":"s","tool":"x"},"steps":[{"action":{"case":"a"},"expectedEffects":[],"expectedState":{},"timing":3}]}"#
        let fixture = try Fixture(name: "f", document: CanonicalJSON.parse(text))
        XCTAssertEqual(fixture.extras.keys, ["future"])
        XCTAssertEqual(fixture.scenarioExtras.keys, ["tool"])
        XCTAssertEqual(fixture.steps[0].extras.keys, ["timing"])
        XCTAssertEqual(fixture.document.canonicalString, try CanonicalJSON.parse(text).canonicalString)
    }

    func testADocumentWithoutStepsKeepsThemAbsent() throws {
        let text = #"{"fixture":"greeter","note":"placeholder"}"#
        let fixture = try Fixture(name: "greeter", document: CanonicalJSON.parse(text))
        XCTAssertTrue(fixture.stepsOmitted)
        XCTAssertEqual(fixture.document.canonicalString, text)
    }

    func testWrongShapesAreRefusedWithTheirPath() throws {
        let cases: [(String, String)] = [
            (#"[1]"#, ""),
            (#"{"steps":{}}"#, "steps"),
            (#"{"dialect":"2","steps":[]}"#, "dialect"),
            (#"{"steps":[{"expectedEffects":[]}]}"#, "steps[0]"),
            (#"{"steps":[{"action":{},"expectedEffects":[],"line":"7"}]}"#, "steps[0].line"),
            (#"{"steps":[{"action":{},"expectedEffects":{}}]}"#, "steps[0].expectedEffects"),
        ]
        for (text, path) in cases {
            XCTAssertThrowsError(try Fixture(name: "x", document: CanonicalJSON.parse(text)), text) { error in
                XCTAssertEqual((error as? FixtureShapeError)?.path, path, text)
            }
        }
        XCTAssertNoThrow(try Fixture(name: "x", document: CanonicalJSON.parse(#"{"steps":[{"action":{},"expectedEffects":[],"line":7}]}"#)))
    }

    func testFileNamesThatWouldEscapeTheDirectoryAreRefused() throws {
        XCTAssertEqual(try Fixture.fileName(for: "counter-endings.keeps-counting"), "counter-endings.keeps-counting.fixture.json")
        for bad in ["", "../x", "a/b", "a\\b", "..", ".hidden", "a..b"] {
            XCTAssertThrowsError(try Fixture.fileName(for: bad), bad)
        }
    }

    func testTheBehaviouralSubsetIgnoresMetadataButNotBehaviour() throws {
        let text = #"{"description":"d","dialect":2,"feature":"f","initialState":{"n":0},"scenario":{"source":"S.swift"},"steps":[{"action":{"case":"a"},"expectedEffects":[],"expectedState":{"n":1},"label":"L","line":3}]}"#
        let base = try Fixture(name: "f", document: CanonicalJSON.parse(text))
        var relabelled = base
        relabelled.steps[0].label = "other"
        relabelled.steps[0].line = 4
        relabelled.description = "other"
        relabelled.scenarioSource = "T.swift"
        relabelled.dialect = nil
        XCTAssertEqual(base.behaviour, relabelled.behaviour)
        XCTAssertEqual(Fixture.metadataChanges(stored: base, recorded: relabelled),
                       ["description", "dialect", "scenario.source", "steps[0].label", "steps[0].line"])
        XCTAssertEqual(Fixture.metadataChanges(stored: base, recorded: base), [])
        // Negative controls: each judged member counts, and is not metadata.
        var changed = base
        changed.steps[0].expectedState = .object(try JSONObject([("n", .int(2))]))
        XCTAssertNotEqual(base.behaviour, changed.behaviour)
        XCTAssertEqual(Fixture.metadataChanges(stored: base, recorded: changed), [])
        XCTAssertEqual(changed.behaviour.differences(from: base.behaviour).map(\.field), ["expectedState"])
        var initial = base
        initial.initialState = .object(try JSONObject([("n", .int(9))]))
        XCTAssertEqual(initial.behaviour.differences(from: base.behaviour).map(\.field), ["initialState"])
        var effects = base
        effects.steps[0].expectedEffects = .array([.string("x")])
        XCTAssertEqual(effects.behaviour.differences(from: base.behaviour).map(\.field), ["expectedEffects"])
        var longer = base
        longer.steps.append(base.steps[0])
        XCTAssertEqual(longer.behaviour.differences(from: base.behaviour).map(\.field), ["steps"])
    }

    func testTheBehaviouralSubsetIsExactlyTheJudgedMembers() throws {
        // The subset's members are upstream's rule; everything else of a document is metadata.
        XCTAssertEqual(BehaviouralSubset.InitialField.allCases.map(\.rawValue), ["initialState", "initialStates"])
        XCTAssertEqual(BehaviouralSubset.StepField.allCases.map(\.rawValue), ["node", "action", "expectedState", "expectedEffects"])
        let chain = try Fixture(name: "chain-x", document: CanonicalJSON.parse(
            #"{"chain":"x","initialStates":{"a":{}},"steps":[{"action":{"case":"go"},"expectedEffects":[],"linkToNext":true,"node":"a"}]}"#))
        XCTAssertEqual(chain.behaviour.document.canonicalString,
                       #"{"initialStates":{"a":{}},"steps":[{"action":{"case":"go"},"expectedEffects":[],"node":"a"}]}"#)
        XCTAssertEqual(chain.metadata.canonicalString, #"{"chain":"x","steps":[{"linkToNext":true}]}"#)
        var renamedNode = chain
        renamedNode.steps[0].node = "b"
        XCTAssertEqual(renamedNode.behaviour.differences(from: chain.behaviour).map(\.field), ["node"])
    }

    func testTheStoredBehaviourHashFollowsTheBehaviouralSubset() throws {
        // The corpus hashes behaviour from its blobs (fast path); it must agree with BehaviouralSubset.
        let folder = try makeTemporaryDirectory("projection")
        defer { try? FileManager.default.removeItem(at: folder) }
        let corpus = try Corpus.open(at: folder.appendingPathComponent("corpus.db").path)
        let text = #"{"description":"d","dialect":2,"feature":"f","initialState":{"n":0},"steps":[{"action":{"case":"a"},"expectedEffects":[],"expectedState":{"n":1},"label":"L","line":3}]}"#
        let base = try Fixture(name: "a", document: CanonicalJSON.parse(text))
        var metadata = base
        metadata.name = "b"
        metadata.steps[0].label = "other"
        metadata.steps[0].line = 9
        metadata.description = "other"
        var behaviour = base
        behaviour.name = "c"
        behaviour.steps[0].expectedEffects = .array([.object(try JSONObject([("id", .string("x")), ("kind", .string("cancel"))]))])
        try corpus.upsertFixtures([base, metadata, behaviour])
        let hashes = Dictionary(uniqueKeysWithValues: try corpus.fixtureFingerprints().map { ($0.name, $0.hash) })
        XCTAssertEqual(base.behaviour == metadata.behaviour, hashes["a"] == hashes["b"])
        XCTAssertEqual(hashes["a"], hashes["b"], "metadata does not move the behaviour hash")
        XCTAssertEqual(base.behaviour == behaviour.behaviour, hashes["a"] == hashes["c"])
        XCTAssertNotEqual(hashes["a"], hashes["c"], "negative control: an effect does")
    }
}
