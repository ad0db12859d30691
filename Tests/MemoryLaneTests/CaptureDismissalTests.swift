import Duet
import DuetScenarios
import DuetTesting
import MemoryLane
import XCTest

/// `modalDismissed(kind)` closes the capture slot only when that kind is the one showing.
final class CaptureDismissalTests: XCTestCase {
    func testTheShowingKindsOwnReportClosesTheSlot() throws {
        let store = TestStore(Capture.self, initialState: Capture.State())
        store.send(.addPhotoTapped) { $0.sheet = .photoSource }
        store.send(.photoSourceChosen(fromCamera: true)) { $0.sheet = .camera }
        store.send(.modalDismissed(.camera)) { $0.sheet = nil }
        store.finish()
    }

    func testAStaleReportAboutAnEarlierKindIsInert() throws {
        let store = TestStore(Capture.self, initialState: Capture.State())
        store.send(.addPhotoTapped) { $0.sheet = .photoSource }
        store.send(.photoSourceChosen(fromCamera: false)) { $0.sheet = .photoLibrary }
        store.send(.modalDismissed(.photoSource))
        XCTAssertEqual(store.state.sheet, .photoLibrary)
        store.finish()
    }

    func testADoubleDismissalIsInert() throws {
        let store = TestStore(Capture.self, initialState: Capture.State())
        store.send(.pickDateTapped) { $0.sheet = .date }
        store.send(.modalDismissed(.date)) { $0.sheet = nil }
        store.send(.modalDismissed(.date))
        store.finish()
    }

    func testEveryKindIsClosedByItsOwnReportAndNoOther() {
        for showing in Capture.Sheet.allCases {
            for reported in Capture.Sheet.allCases {
                var state = Capture.State()
                state.sheet = showing
                let effects = Capture.reduce(&state, .modalDismissed(reported))
                XCTAssertEqual(effects, [])
                XCTAssertEqual(state.sheet, reported == showing ? nil : showing, "showing \(showing), reported \(reported)")
            }
        }
    }

    func testTheSlotSpansTenKinds() throws {
        XCTAssertEqual(try Capture.Sheet.kindNames, ["photoSource", "photoLibrary", "camera", "videoSource", "videoRecorder",
                                                 "videoLibrary", "voiceRecorder", "location", "friends", "date"])
    }

    func testACompletionForAPickerThatIsNotShowingIsInert() throws {
        let store = TestStore(Capture.self, initialState: Capture.State())
        store.send(.addVoiceNoteTapped) { $0.sheet = .voiceRecorder }
        store.send(.locationChosen(placeName: "Brighton"))
        store.send(.voiceNoteRecorded(id: TestIDs.memoryA)) {
            $0.sheet = nil
            $0.draft.voiceNoteIds = [TestIDs.memoryA]
        }
        store.finish()
    }
}
