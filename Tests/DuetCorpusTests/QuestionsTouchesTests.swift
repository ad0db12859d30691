import XCTest
import Duet
import DuetCorpusSamples
@testable import DuetCorpus

final class QuestionsTouchesTests: XCTestCase {
    func testTouchesListsExactlyTheFixturesWhoseSnapshotsHoldTheKind() throws {
        let corpus = try QuestionsCorpus.make()
        let found = try corpus.touches(KindPattern("capture.slot.camera"))
        XCTAssertEqual(found.fixtures, ["capture.camera", "capture.camera-from-source"])
        // Negative control: a kind held nowhere touches nothing.
        XCTAssertEqual(try corpus.touches(KindPattern("capture.slot.location")).spans, [])
    }

    func testTouchesNamesEachTransitionWithItsVerb() throws {
        let spans = try QuestionsCorpus.make().touches(KindPattern("capture.slot.camera")).spans
        let opened = try XCTUnwrap(spans.first { $0.fixture == "capture.camera" })
        XCTAssertEqual(opened.enteredAt, 0)
        XCTAssertEqual(opened.enteredBy, "cameraTapped")
        XCTAssertEqual(opened.leftAt, 1)
        XCTAssertEqual(opened.leftBy, "modalDismissed")
        XCTAssertEqual(opened.snapshots, 1)
        let stillOpen = try XCTUnwrap(spans.first { $0.fixture == "capture.camera-from-source" })
        XCTAssertEqual(stillOpen.leftAt, nil)
        XCTAssertEqual(stillOpen.snapshots, 2)
    }

    func testAKindInTheInitialStateIsPresentFromTheStart() throws {
        let spans = try QuestionsCorpus.make().touches(KindPattern("capture.slot.photoSource")).spans
        XCTAssertEqual(spans.map(\.enteredAt), [nil])
        XCTAssertEqual(spans.map(\.enteredBy), [nil])
        XCTAssertEqual(spans.map(\.leftBy), ["cameraTapped"])
        XCTAssertEqual(spans.map(\.snapshots), [1])
    }

    func testPathEntriesCarryTheirDepth() throws {
        let spans = try QuestionsCorpus.make().touches(KindPattern("memoryDetail")).spans
        XCTAssertEqual(spans.map(\.fixture), ["shared", "timeline.detail"])
        XCTAssertEqual(spans.map(\.depth), [1, 1])
        XCTAssertEqual(spans.map(\.leftBy), ["backTapped", nil])
    }

    func testSpansCountExactlyTheSnapshotsHoldingTheKind() throws {
        // The spans are derived from transitions; the view counts snapshots directly. They must agree,
        // including a kind held at two path depths at once.
        let deep = QuestionsCorpus.leaf("shared.deep", "shared", #"{"path":[{"case":"memoryDetail"}]}"#, [
            ("memoryTapped", #"{"path":[{"case":"memoryDetail"},{"case":"memoryDetail"}]}"#),
            ("backTapped", #"{"path":[{"case":"memoryDetail"}]}"#),
            ("backTapped", #"{"path":[]}"#),
        ])
        let corpus = try QuestionsCorpus.make(extra: [deep])
        XCTAssertEqual(try corpus.touches(KindPattern("shared.path.memoryDetail")).spans.filter { $0.fixture == "shared.deep" }
            .map { [$0.depth, $0.enteredAt ?? -1, $0.leftAt ?? -1, $0.snapshots] }, [[1, -1, 2, 3], [2, 0, 1, 1]])
        for row in try corpus.database.rows("SELECT kind, fixture, snapshots FROM fixtures_by_kind") {
            let spans = try corpus.touches(KindPattern(row[0].text ?? "")).spans.filter { $0.fixture == row[1].text }
            XCTAssertEqual(spans.reduce(0) { $0 + $1.snapshots }, Int(row[2].integer ?? -1), "\(row)")
        }
        XCTAssertGreaterThan(try corpus.database.rows("SELECT * FROM fixtures_by_kind").count, 10)
    }

    func testSpansAreOrderedByFixtureNameThenKindFieldDepthAndEntry() throws {
        // Added last, so its id is the highest; its name sorts between the others'. Two stretches
        // in one lane: the one held from the initial state comes first.
        let again = QuestionsCorpus.leaf("shared.again", "shared", #"{"path":[{"case":"memoryDetail"}]}"#, [
            ("backTapped", #"{"path":[]}"#),
            ("memoryTapped", #"{"path":[{"case":"memoryDetail"}]}"#),
        ])
        let spans = try QuestionsCorpus.make(extra: [again]).touches(KindPattern("memoryDetail")).spans
        XCTAssertEqual(spans.map(\.fixture), ["shared", "shared.again", "shared.again", "timeline.detail"])
        XCTAssertEqual(spans.filter { $0.fixture == "shared.again" }.map { [$0.enteredAt ?? -1, $0.leftAt ?? -1] }, [[-1, 0], [1, -1]])
        XCTAssertEqual(spans.filter { $0.fixture == "shared.again" }.map(\.leftBy), ["backTapped", nil])
        XCTAssertEqual(spans.filter { $0.fixture == "shared.again" }.map(\.enteredBy), [nil, "memoryTapped"])
        XCTAssertEqual(Set(spans.map(\.field)), ["path"])
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
