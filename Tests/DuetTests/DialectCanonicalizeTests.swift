import XCTest
@testable import Duet

/// `canonicalize` (one streaming pass) must agree byte for byte with parse → compact write.
final class DialectCanonicalizeTests: XCTestCase {
    private let inputs = [
        #"{"b":1,"a":2}"#,
        #"{ "z" : { "y" : [ 3, { "d" : 1 , "c" : 2 } ] } , "a" : null , "m" : true }"#,
        #"{"c":1,"b":2,"a":3,"B":4,"":5}"#,
        #"{"\u0062":1,"a":2,"\n":3,"\"":4,"\\":5,"\u0001":6}"#,
        "{\"\u{e9}\":1,\"e\u{301}\":2,\"f\":3}",
        #"["\/", "\b\f\n\r\t", "\u00e9\ud83d\ude00", "a\u0000b", -0, 0, -12, 9223372036854775807]"#,
        #"{"3F2504E0-4F89-11D3-9A0C-0305E82C3301":"3F2504E0-4F89-11D3-9A0C-0305E82C3301","a":"ABC"}"#,
        #"{"b":{"b":{"b":{}, "a":[]}, "a":1}, "a":[{"y":1,"x":2},{"x":1}]}"#,
        "\"plain\"", "12", "true", "false", "null", "[]", "{}",
    ]

    func testStreamingAgreesWithTheTreeForEveryInput() throws {
        for input in inputs {
            let bytes = Array(input.utf8)
            let viaTree = try CanonicalJSON.parse(bytes).canonicalBytes
            XCTAssertEqual(String(decoding: try CanonicalJSON.canonicalize(bytes), as: UTF8.self),
                           String(decoding: viaTree, as: UTF8.self), input)
        }
    }

    func testReorderingIsExactForUnsortedObjects() throws {
        XCTAssertEqual(try CanonicalJSON.canonicalize(Array(#"{"c":[1,{"z":0,"y":1}],"b":"x","a":{}}"#.utf8)),
                       Array(#"{"a":{},"b":"x","c":[1,{"y":1,"z":0}]}"#.utf8))
        // Negative control: an already sorted input comes out unchanged, an unsorted one does not.
        let sorted = Array(#"{"a":1,"b":2}"#.utf8)
        XCTAssertEqual(try CanonicalJSON.canonicalize(sorted), sorted)
        XCTAssertNotEqual(try CanonicalJSON.canonicalize(Array(#"{"b":2,"a":1}"#.utf8)), Array(#"{"b":2,"a":1}"#.utf8))
    }

    func testDuplicatesAreFoundAfterReorderingAndThroughEscapes() {
        for input in [#"{"b":1,"a":2,"b":3}"#, #"{"a":1,"\u0061":2}"#, #"{"\n":1,"\u000a":2}"#, #"{"c":1,"\"":2,"\u0022":3}"#] {
            XCTAssertThrowsError(try CanonicalJSON.canonicalize(Array(input.utf8)), input) { error in
                XCTAssert("\(error)".contains("duplicate key"), "\(error)")
            }
            XCTAssertThrowsError(try CanonicalJSON.parse(Array(input.utf8)), input)
        }
    }
}
