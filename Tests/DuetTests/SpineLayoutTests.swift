import Duet
import XCTest

/// The spine: L0 fields and island summaries, nested as in the state, nothing else, canonical.
final class SpineLayoutTests: XCTestCase {
    let layout = SpineLayout(roles: [
        ("title", .data), ("sheet", .slot), ("form.sheet", .slot), ("form.email", .data), ("formX", .tabs),
        ("carousel", .island("gallery.carousel")), ("carousel.index", .data), ("path", .path), ("phase", .stage),
    ])

    func json(_ text: String) -> JSONValue { try! CanonicalJSON.parse(text) }
    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    func testTheSpineHoldsTheL0FieldsAndIslandsNestedInCanonicalOrder() {
        let state = json(#"{"carousel":{"index":2},"form":{"email":"a@b.c","sheet":{"case":"help"}},"formX":"home","path":[],"phase":"main","sheet":"share","title":"t"}"#)
        XCTAssertEqual(text(layout.spine(of: state)),
                       #"{"carousel":{"index":2},"form":{"sheet":{"case":"help"}},"formX":"home","path":[],"phase":"main","sheet":"share"}"#)
        XCTAssertEqual(layout.fields.map(\.path), ["carousel", "form.sheet", "formX", "path", "phase", "sheet"])
    }

    func testAbsentAndNullValuesAndTheObjectsTheyEmptyAreLeftOut() {
        let state = json(#"{"form":{"email":"x","sheet":null},"path":[],"phase":"splash","title":"t"}"#)
        XCTAssertEqual(text(layout.spine(of: state)), #"{"path":[],"phase":"splash"}"#)
        XCTAssertEqual(text(SpineLayout(roles: [("title", .data)]).spine(of: state)), "{}")
        XCTAssertTrue(SpineLayout(roles: [("title", .data)]).isEmpty)
    }

    func testBytesAndTreeGiveTheSameSpine() {
        let document = ByteDocument()
        let samples = [
            #"{"carousel":{"index":2},"form":{"email":"a","sheet":{"case":"help","value":{"topic":"ß \"q\""}}},"path":[{"case":"d"}],"phase":"main"}"#,
            #"{"path":[],"phase":"splash","title":"t"}"#,
            // Valid but not compact: the byte path re-writes each value canonically.
            #"{ "sheet" : { "value" : 1, "case" : "x" }, "phase":"main", "path": [ ] }"#,
            // An escaped key is left to the tree parser.
            #"{"pa\u0074h":[],"phase":"main"}"#,
        ]
        for sample in samples {
            let bytes = Array(sample.utf8)
            XCTAssertEqual(layout.spine(ofCanonical: bytes, using: document).map(text), text(layout.spine(of: json(sample))), sample)
        }
        XCTAssertNil(layout.spine(ofCanonical: Array("{not json".utf8), using: document))
    }

    func testFieldsInsideAnIslandAreItsSummaryAndL0OnesAreNamed() {
        let layout = SpineLayout(roles: [("safe", .island("vault.safe")), ("safe.alarm", .slot), ("safe.dial", .data)])
        XCTAssertEqual(layout.fields.map(\.path), ["safe"])
        XCTAssertEqual(layout.insideIslands.map(\.field.path), ["safe.alarm"])
        XCTAssertEqual(layout.insideIslands.map(\.island.path), ["safe"])
        XCTAssertEqual(text(layout.spine(of: json(#"{"other":1,"safe":{"alarm":"ringing","dial":3}}"#))),
                       #"{"safe":{"alarm":"ringing","dial":3}}"#)
    }

    func testTheLayoutOfADescribedFeature() throws {
        let structure = try describe(Gallery.self)
        let spine = SpineLayout(structure: structure)
        XCTAssertEqual(spine.fields.map(\.path), ["carousel", "path", "phase", "sheet", "tab"])
        XCTAssertEqual(spine.fields.filter(\.isIsland).map(\.role), [.island("gallery.carousel")])
    }
}
