import XCTest
import Duet
@testable import DuetFixtures

/// Errors that name a path are placed at the value the path names, read by the dialect's grammar.
final class DialectPathLocatorTests: XCTestCase {
    private let document = Array("""
    {
      "feature": "timeline",
      "steps": [
        { "label": "first", "action": { "case": "tap" } },
        { "label": "sec\\"ond", "na\\u006de": [1, {"deep": true}, "x"] }
      ]
    }
    """.utf8)

    private func text(at path: String) -> String {
        let offset = JSONPathLocator.offset(of: path, in: document)
        return String(decoding: document[offset..<min(offset + 12, document.count)], as: UTF8.self)
    }

    func testAPathLeadsToTheValueItNames() {
        XCTAssertEqual(text(at: "feature"), "\"timeline\",\n")
        XCTAssertEqual(text(at: "steps[0].action"), "{ \"case\": \"t")
        XCTAssertEqual(text(at: "steps[1].label"), "\"sec\\\"ond\", ")
        // Keys are compared decoded: `na\u006de` is `name`.
        XCTAssertEqual(text(at: "steps[1].name[1].deep"), "true}, \"x\"] ")
        XCTAssertEqual(JSONPathLocator.place(of: "steps[1]", in: document).line, 5)
    }

    func testAMissingPartStopsAtTheDeepestValueOnTheWay() {
        XCTAssertEqual(text(at: "steps[1].missing"), text(at: "steps[1]"))
        XCTAssertEqual(text(at: "steps[7].label"), text(at: "steps"))
        XCTAssertEqual(text(at: "absent"), "{\n  \"feature")
        // Negative control: a present key does not stop at its parent.
        XCTAssertNotEqual(text(at: "steps[1].label"), text(at: "steps[1]"))
    }
}
