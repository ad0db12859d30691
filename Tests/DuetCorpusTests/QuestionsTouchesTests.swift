import XCTest
import Duet
@testable import DuetCorpus

final class QuestionsTouchesTests: XCTestCase {
    func testTouchesListsExactlyTheFixturesWhoseSnapshotsHoldTheKind() throws {
        let corpus = try QuestionsCorpus.make()
        let found = try corpus.touches(KindPattern("capture.slot.camera"))
        XCTAssertEqual(found.fixtures, ["capture.camera", "capture.camera-from-source"])
        // Negative control: a kind held nowhere touches nothing.
        XCTAssertEqual(try corpus.touches(KindPattern("capture.slot.location")).touches, [])
    }

    func testTouchesNamesEachTransitionWithItsVerb() throws {
        let corpus = try QuestionsCorpus.make()
        let touches = try corpus.touches(KindPattern("capture.slot.camera")).touches.filter { $0.fixture == "capture.camera" }
        XCTAssertEqual(touches.map(\.change), [.entered, .left])
        XCTAssertEqual(touches.map(\.verb), ["cameraTapped", "modalDismissed"])
        XCTAssertEqual(touches.map(\.step), [0, 1])
        let fromSource = try corpus.touches(KindPattern("capture.slot.camera")).touches.filter { $0.fixture == "capture.camera-from-source" }
        XCTAssertEqual(fromSource.map(\.change), [.entered, .present])
    }

    func testAKindInTheInitialStateIsPresentAtTheInitialStep() throws {
        let corpus = try QuestionsCorpus.make()
        let touches = try corpus.touches(KindPattern("capture.slot.photoSource")).touches
        XCTAssertEqual(touches.map(\.step), [nil, 0])
        XCTAssertEqual(touches.map(\.change), [.present, .left])
    }

    func testPathEntriesCarryTheirDepth() throws {
        let corpus = try QuestionsCorpus.make()
        let touches = try corpus.touches(KindPattern("timeline.path.memoryDetail")).touches
        XCTAssertEqual(touches.map(\.depth), [1, 1])
        XCTAssertEqual(touches.first?.verb, "memoryTapped")
    }

    func testShortFormsMatchEveryPrimitiveAndEveryFeature() throws {
        let corpus = try QuestionsCorpus.make()
        XCTAssertEqual(try corpus.touches(KindPattern("capture.camera")).fixtures, ["capture.camera", "capture.camera-from-source"])
        XCTAssertEqual(try corpus.touches(KindPattern("memoryDetail")).fixtures, ["shared", "timeline.detail"])
        XCTAssertEqual(try corpus.touches(KindPattern("sharePicker")).fixtures, ["memorydetail.media", "timeline.detail"])
        // Negative control: the case name of another feature does not match.
        XCTAssertEqual(try corpus.touches(KindPattern("capture.memoryDetail")).fixtures, [])
    }

    func testMalformedPatternsAreRefused() {
        for text in ["", "a..b", "capture.sheet.camera", "a.b.c.d", ".camera"] {
            XCTAssertThrowsError(try KindPattern(text), text) { XCTAssertTrue($0 is InvalidKindPattern) }
        }
        XCTAssertNoThrow(try KindPattern("capture.slot.camera"))
    }
}
