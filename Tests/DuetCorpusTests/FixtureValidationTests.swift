import XCTest
import Duet
@testable import DuetCorpus
import DuetFixtures

/// Documents that cannot be replayed are refused on import with FILE:LINE:COL, by both readers in the
/// same words, and the corpus stays as it was.
final class FixtureValidationTests: XCTestCase {
    private static let step = #"{"action":{"case":"go"},"expectedEffects":[],"expectedState":{"n":1}}"#

    /// Pretty documents (one key per line) with the line and column the refusal must name.
    private static let refused: [(name: String, document: String, line: Int, column: Int, says: String)] = [
        ("no steps", #"{"feature":"f","initialState":{"n":0}}"#, 1, 1, #"a fixture needs a non-empty "steps""#),
        ("empty steps", #"{"feature":"f","initialState":{"n":0},"steps":[]}"#, 6, 12, #"steps: a fixture needs a non-empty "steps""#),
        ("no feature", #"{"initialState":{"n":0},"steps":[\#(step)]}"#, 1, 1, #"a fixture needs "feature""#),
        ("no initial state", #"{"feature":"f","steps":[\#(step)]}"#, 1, 1, #"a fixture needs "initialState""#),
        ("a null initial state", #"{"feature":"f","initialState":null,"steps":[\#(step)]}"#, 1, 1, #"a fixture needs "initialState""#),
        ("a step without expectedState", #"{"feature":"f","initialState":{"n":0},"steps":[\#(step),{"action":{"case":"stop"},"expectedEffects":[]}]}"#,
         16, 5, #"steps[1]: a step needs an "expectedState""#),
        ("an action without a case", #"{"feature":"f","initialState":{"n":0},"steps":[{"action":{"value":1},"expectedEffects":[],"expectedState":{}}]}"#,
         8, 17, #"steps[0].action: an action needs a "case""#),
        ("an unknown dialect", #"{"dialect":3,"feature":"f","initialState":{"n":0},"steps":[\#(step)]}"#, 2, 14, "dialect 3 is not one this duet reads"),
        ("a chain step naming no node of initialStates",
         #"{"chain":"c","initialStates":{"a":{},"b":{}},"steps":[{"action":{"case":"go"},"expectedEffects":[],"node":"a"},{"action":{"case":"go"},"expectedEffects":[],"node":"z"}]}"#,
         20, 15, #"steps[1].node: node "z" has no state in "initialStates" (nodes: a, b)"#),
        ("a chain without initialStates", #"{"chain":"c","steps":[{"action":{"case":"go"},"expectedEffects":[],"node":"a"}]}"#, 1, 1,
         #"a chain fixture needs "initialStates""#),
        ("a chain step without a node", #"{"chain":"c","initialStates":{"a":{}},"steps":[{"action":{"case":"go"},"expectedEffects":[]}]}"#, 7, 5,
         #"steps[0]: a chain step needs a "node""#),
        ("an upstream lint placeholder", #"{"fixture":"greeter","note":"existence is what the lint checks"}"#, 1, 1, #"a fixture needs "feature""#),
    ]

    private func folder(_ files: [String: String]) throws -> URL {
        let dir = try makeTemporaryDirectory("validation")
        for (name, document) in files {
            try Data(try CanonicalJSON.parse(document).prettyBytes).write(to: dir.appendingPathComponent("\(name).fixture.json"))
        }
        return dir
    }

    func testEachInvalidDocumentIsRefusedAtItsPlaceByBothReadersAndTheCorpusIsUnchanged() throws {
        let corpus = try Corpus.temporary()
        let good = [#"good"#: #"{"feature":"f","initialState":{"n":0},"steps":[\#(Self.step)]}"#]
        try corpus.importFixtures(from: try folder(good).path)
        let before = try corpus.database.rows("SELECT name, source_hash FROM fixtures ORDER BY name")
        for case_ in Self.refused {
            var files = good
            files["other"] = #"{"feature":"f","initialState":{"n":5},"steps":[\#(Self.step)]}"#
            files["bad"] = case_.document
            let dir = try folder(files)
            var messages: [String] = []
            for reading in [ParsedFixtureFile.Reading.compact, .trees] {
                XCTAssertThrowsError(try corpus.importFixtures(from: dir.path, manifestStructures: [:], reading: reading), case_.name) { error in
                    let input = error as? InputError
                    XCTAssertEqual(input?.file.hasSuffix("bad.fixture.json"), true, "\(case_.name): \(error)")
                    XCTAssertEqual(input?.line, case_.line, "\(case_.name): \(error)")
                    XCTAssertEqual(input?.column, case_.column, "\(case_.name): \(error)")
                    XCTAssertTrue(input?.message.contains(case_.says) ?? false, "\(case_.name): \(error)")
                    messages.append("\(error)")
                }
            }
            XCTAssertEqual(Set(messages).count, 1, "\(case_.name): the readers word it differently: \(messages)")
            XCTAssertEqual(try corpus.database.rows("SELECT name, source_hash FROM fixtures ORDER BY name"), before, "\(case_.name): the corpus changed")
        }
    }

    func testEveryMemoryLaneAndTutorialFixtureStillImports() throws {
        let seed = try exportedSeed()
        XCTAssertEqual(seed.count, 177)
        let corpus = try Corpus.temporary()
        XCTAssertEqual(try corpus.importFixtures(from: seed.fixtures.path).inserted.count, 177)
        let tutorial = try corpus.importFixtures(from: vectorFixtureDirectory.path)
        XCTAssertEqual(tutorial.inserted.count, try fixtureFiles().count)
        XCTAssertGreaterThanOrEqual(tutorial.inserted.count, 7)
    }

    func testTheOutlineOfAValidDocumentHasNoProblem() throws {
        let leaf = try Fixture(name: "f", document: CanonicalJSON.parse(#"{"dialect":1,"feature":"f","initialState":{},"steps":[\#(Self.step)]}"#))
        XCTAssertNil(leaf.outline.problem(fixture: "f"))
        let chain = try Fixture(name: "c", document: CanonicalJSON.parse(#"{"chain":"c","initialStates":{"a":{}},"steps":[{"action":{"case":"go"},"expectedEffects":[],"node":"a"}]}"#))
        XCTAssertNil(chain.outline.problem(fixture: "c"))
    }
}
