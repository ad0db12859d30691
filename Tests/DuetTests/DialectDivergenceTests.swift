import XCTest
@testable import Duet

final class DialectDivergenceTests: XCTestCase {
    private func divergence(_ e: String, _ a: String) throws -> Divergence? {
        JSONValue.firstDivergence(expected: try CanonicalJSON.parse(e), actual: try CanonicalJSON.parse(a))
    }

    func testEqualValuesHaveNoDivergence() throws {
        XCTAssertNil(try divergence(#"{"a":[1,{"b":2}]}"#, #"{ "a" : [1, {"b": 2}] }"#))
    }

    func testNestedPathUsesDotsAndIndices() throws {
        XCTAssertEqual(try divergence(#"{"sheet":{"value":{"memoryId":"x"}}}"#, #"{"sheet":{"value":{"memoryId":"y"}}}"#),
                       Divergence(path: "sheet.value.memoryId", expected: #""x""#, actual: #""y""#))
        XCTAssertEqual(try divergence(#"{"selected":[{"name":"a"},{"name":"b"}]}"#, #"{"selected":[{"name":"a"},{"name":"c"}]}"#),
                       Divergence(path: "selected[1].name", expected: #""b""#, actual: #""c""#))
    }

    func testRootDivergenceHasAnEmptyPath() throws {
        XCTAssertEqual(try divergence("1", #"{"a":1}"#), Divergence(path: "", expected: "1", actual: #"{"a":1}"#))
    }

    func testAbsentMembersAreNilOnThatSideInCanonicalKeyOrder() throws {
        XCTAssertEqual(try divergence(#"{"a":1,"c":{"x":2}}"#, #"{"a":1,"b":true}"#),
                       Divergence(path: "b", expected: nil, actual: "true"))
        XCTAssertEqual(try divergence(#"{"a":1,"c":{"y":2,"x":1}}"#, #"{"a":1}"#),
                       Divergence(path: "c", expected: #"{"x":1,"y":2}"#, actual: nil))
    }

    func testArraysOfDifferentLengthDivergeAtTheFirstMissingIndex() throws {
        XCTAssertEqual(try divergence("[1,2,3]", "[1,2]"), Divergence(path: "[2]", expected: "3", actual: nil))
        XCTAssertEqual(try divergence("[1]", "[1,[4]]"), Divergence(path: "[1]", expected: nil, actual: "[4]"))
        XCTAssertEqual(try divergence("[1,2,3]", "[1,9]"), Divergence(path: "[1]", expected: "2", actual: "9"))
    }

    func testFirstInDepthFirstOrder() throws {
        XCTAssertEqual(try divergence(#"{"a":{"z":1},"b":2}"#, #"{"a":{"z":2},"b":3}"#)?.path, "a.z")
    }

    func testDescriptionShowsExpectedAndActual() {
        XCTAssertEqual(Divergence(path: "a", expected: "1", actual: nil).description, "at a: expected 1, got (absent)")
    }
}
