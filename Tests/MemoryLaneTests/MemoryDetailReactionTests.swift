import Duet
import DuetScenarios
import DuetTesting
import MemoryLane
import XCTest

/// A reaction is shown at once; `reactionSetFailed` puts back the one from before the save.
final class MemoryDetailReactionTests: XCTestCase {
    private var loaded: MemoryDetail.State {
        var state = MemoryDetail.State()
        state.memoryId = TestIDs.memoryA
        state.content = MemoryContent(title: "Beach", photoCount: 3, hasVideo: true)
        state.reaction = "👍"
        state.reactionBeforeSave = "👍"
        return state
    }

    func testAFailedSaveRevertsToThePreviousReaction() throws {
        let store = TestStore(MemoryDetail.self, initialState: loaded)
        store.send(.reactionSet(emoji: "❤️")) {
            $0.reaction = "❤️"
            $0.isSavingReaction = true
        }
        store.expectEffects([.run(.saveReaction(memoryId: TestIDs.memoryA, emoji: "❤️"), id: "memorydetail.reaction")])
        store.send(.reactionSetFailed(message: "offline")) {
            $0.reaction = "👍"
            $0.isSavingReaction = false
            $0.bannerMessage = "Your reaction didn't go through. Try again."
        }
        store.finish()
    }

    func testTwoChangesThenAFailureRevertToTheReactionBeforeBoth() {
        var state = loaded
        _ = MemoryDetail.reduce(&state, .reactionSet(emoji: "❤️"))
        _ = MemoryDetail.reduce(&state, .reactionSet(emoji: "😂"))
        _ = MemoryDetail.reduce(&state, .reactionSetFailed(message: "offline"))
        XCTAssertEqual(state.reaction, "👍")
    }

    func testASuccessfulSaveKeepsTheNewReaction() {
        var state = loaded
        _ = MemoryDetail.reduce(&state, .reactionSet(emoji: "❤️"))
        _ = MemoryDetail.reduce(&state, .reactionSetSucceeded)
        _ = MemoryDetail.reduce(&state, .reactionSetFailed(message: "late"))
        XCTAssertEqual(state.reaction, "❤️", "a failure after success must not revert")
    }

    func testCarouselPositionIsClampedToThePhotos() {
        var state = loaded
        _ = MemoryDetail.reduce(&state, .carouselSettled(position: 7))
        XCTAssertEqual(state.photoCarousel.position, 2)
        _ = MemoryDetail.reduce(&state, .carouselSettled(position: -1))
        XCTAssertEqual(state.photoCarousel.position, 0)
    }
}
