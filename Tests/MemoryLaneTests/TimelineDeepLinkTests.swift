import Duet
import DuetScenarios
import DuetTesting
import MemoryLane
import XCTest

/// Deep links rebase the timeline's path; links to deleted memories and back on an empty path are inert.
final class TimelineDeepLinkTests: XCTestCase {
    private var loaded: Timeline.State {
        var state = Timeline.State()
        state.memories = TestIDs.lane(TestIDs.memoryA, TestIDs.memoryB, TestIDs.memoryC)
        return state
    }

    func testADeepLinkReplacesTheWholePathAndClosesTheSheet() throws {
        let store = TestStore(Timeline.self, initialState: loaded)
        store.send(.memoryTapped(memoryId: TestIDs.memoryA)) {
            $0.path = [.memoryDetail(memoryId: TestIDs.memoryA, context: "timeline", startEditing: false, startSharing: false)]
        }
        store.send(.memoryTapped(memoryId: TestIDs.memoryB)) {
            $0.path.append(.memoryDetail(memoryId: TestIDs.memoryB, context: "timeline", startEditing: false, startSharing: false))
        }
        store.send(.shareTapped(memoryId: TestIDs.memoryB)) {
            $0.sheet = .sharePicker(memoryId: TestIDs.memoryB, config: ShareConfig())
        }
        store.send(.deepLinkOpened(memoryId: TestIDs.memoryC, intent: "share")) {
            $0.sheet = nil
            $0.path = [.memoryDetail(memoryId: TestIDs.memoryC, context: "deepLink", startEditing: false, startSharing: true)]
        }
        store.finish()
    }

    func testADeepLinkToADeletedMemoryLeavesThePathAlone() throws {
        let store = TestStore(Timeline.self, initialState: loaded)
        store.send(.memoryTapped(memoryId: TestIDs.memoryA)) {
            $0.path = [.memoryDetail(memoryId: TestIDs.memoryA, context: "timeline", startEditing: false, startSharing: false)]
        }
        store.send(.memoryDeleted(memoryId: TestIDs.memoryC)) {
            $0.deletedMemoryIds = [TestIDs.memoryC]
            $0.memories.removeLast()
            $0.bannerMessage = "Memory deleted."
        }
        store.send(.deepLinkOpened(memoryId: TestIDs.memoryC, intent: "view")) {
            $0.bannerMessage = "That memory is no longer available."
        }
        XCTAssertEqual(store.state.path.count, 1)
        store.finish()
    }

    func testBackOnAnEmptyPathIsInertAndBackPopsOne() throws {
        let store = TestStore(Timeline.self, initialState: loaded)
        store.send(.backTapped)
        store.send(.editTapped(memoryId: TestIDs.memoryB)) {
            $0.path = [.memoryDetail(memoryId: TestIDs.memoryB, context: "timeline", startEditing: true, startSharing: false)]
        }
        store.send(.backTapped) { $0.path = [] }
        store.finish()
    }

    func testDeletingAMemoryRemovesItsRoutesFromThePath() {
        var state = loaded
        state.path = [.memoryDetail(memoryId: TestIDs.memoryA, context: "timeline", startEditing: false, startSharing: false),
                      .memoryDetail(memoryId: TestIDs.memoryB, context: "timeline", startEditing: false, startSharing: false)]
        _ = Timeline.reduce(&state, .memoryDeleted(memoryId: TestIDs.memoryA))
        XCTAssertEqual(state.path, [.memoryDetail(memoryId: TestIDs.memoryB, context: "timeline", startEditing: false, startSharing: false)])
    }

    func testPagingAppendsAndStopsWhenThereIsNoCursor() throws {
        let store = TestStore(Timeline.self, initialState: Timeline.State())
        store.send(.appeared) { $0.isLoading = true }
        store.expectEffects([.run(.loadPage(cursor: ""), id: "timeline.load")])
        store.send(.pageLoaded(memories: TestIDs.lane(TestIDs.memoryA), nextCursor: "p2")) {
            $0.isLoading = false
            $0.memories = TestIDs.lane(TestIDs.memoryA)
            $0.nextCursor = "p2"
        }
        store.send(.reachedEnd) { $0.isLoadingMore = true }
        store.expectEffects([.run(.loadPage(cursor: "p2"), id: "timeline.load")])
        store.send(.pageLoaded(memories: TestIDs.lane(TestIDs.memoryB), nextCursor: "")) {
            $0.isLoadingMore = false
            $0.memories = TestIDs.lane(TestIDs.memoryA) + TestIDs.lane(TestIDs.memoryB)
            $0.nextCursor = ""
        }
        store.send(.reachedEnd)
        store.finish()
    }
}
