import XCTest
@testable import Duet

/// The one name rule: what it refuses, how a refused name is shown, and what it lets through.
final class NameRuleTests: XCTestCase {
    func testOrdinaryNamesPass() throws {
        for name in ["counter", "counter-endings.keeps-counting", "chain-ping-pong", "bêta_2", "名前", "a.b.c", "wait…", "a.\u{301}b"] {
            XCTAssertNoThrow(try NameRule.check(name, as: .fixture), name)
        }
        for name in ["beta-1", "v1.0_rc2", "swift", "kotlin", "bêta"] {
            XCTAssertNoThrow(try NameRule.check(name, as: .milestone), name)
            XCTAssertNoThrow(try NameRule.check(name, as: .runner), name)
        }
        XCTAssertNoThrow(try NameRule.check("100% done", as: .scenario), "only milestone and runner names are words")
    }

    func testEveryCharacterThatHidesOrReordersTextIsRefusedAndShownEscaped() throws {
        let cases: [(String, String, String)] = [
            ("a\u{1B}[31mb", #"a\u{1B}[31mb"#, "U+001B (a control character)"),
            ("a\u{7F}b", #"a\u{7F}b"#, "U+007F (DEL)"),
            ("a\u{85}b", #"a\u{85}b"#, "U+0085 (a control character)"),
            ("a\u{202E}b", #"a\u{202E}b"#, "U+202E (a bidirectional control)"),
            ("a\u{2067}b", #"a\u{2067}b"#, "U+2067 (a bidirectional control)"),
            ("a\u{200F}b", #"a\u{200F}b"#, "U+200F (a bidirectional control)"),
            ("a\u{2028}b", #"a\u{2028}b"#, "U+2028 (a line separator)"),
            ("a\u{2029}b", #"a\u{2029}b"#, "U+2029 (a paragraph separator)"),
            ("a\nb", #"a\u{A}b"#, "U+000A (a control character)"),
        ]
        for (name, shown, says) in cases {
            for subject in [NameRule.Subject.fixture, .scenario, .milestone, .runner, .file] {
                XCTAssertThrowsError(try NameRule.check(name, as: subject)) { error in
                    let refusal = error as? NameRefusal
                    XCTAssertEqual(refusal?.escapedName, shown)
                    XCTAssertTrue(refusal?.reason.contains(says) == true, "\(String(describing: refusal))")
                    XCTAssertFalse(refusal?.description.unicodeScalars.contains(where: NameRule.isHidden) ?? true, "the message carries no raw control")
                }
            }
        }
    }

    func testNamesThatLeaveTheirFolderOrDoNotFitAFileAreRefused() {
        for name in ["", "../x", "a/b", "a\\b", "..", ".hidden", "a..b", "x/", ".\u{301}x", String(repeating: "x", count: 201), "a\u{FFFD}b"] {
            XCTAssertFalse(NameRule.allows(name, as: .fixture), name)
        }
        XCTAssertTrue(NameRule.allows(String(repeating: "é", count: 100), as: .fixture), "200 bytes fit")
        XCTAssertFalse(NameRule.allows(String(repeating: "é", count: 101), as: .fixture), "202 bytes do not")
    }

    func testMilestoneAndRunnerNamesAreWords() {
        for name in ["beta%1", "beta 1", "beta+1", "beta:1"] {
            XCTAssertThrowsError(try NameRule.check(name, as: .milestone), name) { error in
                XCTAssertEqual((error as? NameRefusal)?.fix, "use letters, digits, '-', '_' and '.'")
            }
            XCTAssertFalse(NameRule.allows(name, as: .runner), name)
        }
    }

    func testAFileNameThatIsNotUTF8IsRefusedWithItsBytesShown() throws {
        XCTAssertThrowsError(try NameRule.check(fileName: [0x61, 0xFF, 0x62] + Array(".fixture.json".utf8))) { error in
            XCTAssertEqual((error as? NameRefusal)?.escapedName, #"a\xFFb.fixture.json"#)
            XCTAssertEqual((error as? NameRefusal)?.reason, "is not valid UTF-8")
        }
        XCTAssertEqual(try NameRule.check(fileName: Array("é.fixture.json".utf8)), "é.fixture.json")
        XCTAssertEqual(NameRule.escaped(bytes: [0xC3, 0xA9, 0xC3, 0x0A]), #"é\xC3\u{A}"#)
    }

    func testVisibleTextKeepsLinesAndQuotesAndEscapesTheRest() {
        XCTAssertEqual(NameRule.visible("a \"b\"\n\tc"), "a \"b\"\n\tc")
        XCTAssertEqual(NameRule.visible("key 'sw\u{202E}ift'\u{1B}[2J"), #"key 'sw\u{202E}ift'\u{1B}[2J"#)
    }
}
