import XCTest
import Duet
import DuetFixtures

/// The pinned on-disk form of fixture files.
final class PrettyWriterTests: XCTestCase {
    func testPrettyFormIndentsByTwoWithInlineEmptiesAndOneTrailingNewline() throws {
        let v = try CanonicalJSON.parse(#"{"b":[1,{}],"a":{"c":[]},"d":"x"}"#)
        let expected = """
        {
          "a": {
            "c": []
          },
          "b": [
            1,
            {}
          ],
          "d": "x"
        }

        """
        XCTAssertEqual(v.prettyString, expected)
        XCTAssertEqual(JSONValue.int(1).prettyString, "1\n")
        XCTAssertEqual(try CanonicalJSON.prettify(Array("{}".utf8)), Array("{}\n".utf8))
        XCTAssertNotEqual(v.prettyString, v.canonicalString + "\n")
    }
}
