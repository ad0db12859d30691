import XCTest
import Duet
@testable import DuetCorpus
import DuetFixtures

final class FixtureDocumentTests: XCTestCase {
    func testEveryReferenceFixtureRoundTripsThroughTheModelByteForByte() throws {
        let files = try referenceFixtureFiles(in: try referenceDirectory())
        XCTAssertGreaterThan(files.count, 0)
        for file in files {
            let original = try bytes(of: file)
            let name = String(file.lastPathComponent.dropLast(".fixture.json".count))
            let fixture = try Fixture(name: name, document: CanonicalJSON.parse(original))
            XCTAssertEqual(fixture.document.prettyBytes, original, file.lastPathComponent)
        }
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

    func testTheBehaviouralProjectionIgnoresMetadataButNotBehaviour() throws {
        let text = #"{"description":"d","dialect":2,"feature":"f","initialState":{"n":0},"steps":[{"action":{"case":"a"},"expectedEffects":[],"expectedState":{"n":1},"label":"L","line":3}]}"#
        let base = try Fixture(name: "f", document: CanonicalJSON.parse(text))
        var relabelled = base
        relabelled.steps[0].label = "other"
        relabelled.description = "other"
        XCTAssertEqual(base.behaviouralProjection, relabelled.behaviouralProjection)
        var changed = base
        changed.steps[0].expectedState = .object(try JSONObject([("n", .int(2))]))
        XCTAssertNotEqual(base.behaviouralProjection, changed.behaviouralProjection)
    }
}
