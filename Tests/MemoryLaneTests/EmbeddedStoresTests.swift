import Duet
import DuetTesting
import MemoryLane
import XCTest

/// Memory Lane's embeddings at run time: child stores follow the parent's state, and a child's
/// delegate reaches the parent as the typed action its embedding makes of it.
final class EmbeddedStoresTests: XCTestCase {
    func testAnIfLetChildIsMountedWhileShownAndItsDelegateClosesTheSheet() throws {
        let clock = TestClock()
        let shell = Store(MainNav.self, initialState: .init(), clock: clock)
        var ownWork: [Capture.EffectPayload] = []
        let captures = EmbeddedStores(MainNav.capture, in: shell, clock: clock, effects: { payload, context in
            ownWork.append(payload)
            context.finish()
        }) { _ in Capture.State() }
        XCTAssertNil(captures.store())
        shell.send(.captureTapped)
        let capture = try XCTUnwrap(captures.store())
        capture.send(.addPhotoTapped)
        capture.send(.photoSourceChosen(fromCamera: false))
        capture.send(.photosAdded(ids: [TestIDs.memoryB]))
        capture.send(.titleChanged("Beach day"))
        capture.send(.saveTapped)
        XCTAssertEqual(ownWork.count, 1, "saving is the child's own work, not a delegate")
        XCTAssertEqual(shell.state.sheet, .capture)
        capture.send(.saveSucceeded(memoryId: TestIDs.memoryA))
        XCTAssertEqual(shell.state.sheet, .notificationPriming, "captureFinished reached the shell: capture gave way to priming")
        XCTAssertEqual(shell.state.memoriesCaptured, 1)
        XCTAssertTrue(captures.stores.isEmpty)
        XCTAssertTrue(capture.isTornDown)
    }

    func testAForEachChildFollowsThePathAndANewRouteAtTheSameIndexIsANewChild() throws {
        let clock = TestClock()
        var lane = Timeline.State()
        lane.memories = TestIDs.lane(TestIDs.memoryA, TestIDs.memoryB)
        let timeline = Store(Timeline.self, initialState: lane, clock: clock)
        let details = EmbeddedStores(Timeline.memoryDetail, in: timeline, clock: clock) { _ in MemoryDetail.State() }
        timeline.send(.memoryTapped(memoryId: TestIDs.memoryA))
        timeline.send(.memoryTapped(memoryId: TestIDs.memoryB))
        XCTAssertEqual(details.stores.keys.map(\.index).sorted(), [0, 1])
        let first = try XCTUnwrap(details.store(at: 0))
        timeline.send(.deepLinkOpened(memoryId: TestIDs.memoryB, intent: "view"))
        XCTAssertEqual(details.stores.count, 1)
        XCTAssertTrue(first.isTornDown, "the rebased route at index 0 is another memory's detail")

        let detail = try XCTUnwrap(details.store(at: 0))
        detail.send(.appeared(memoryId: TestIDs.memoryB, startEditing: false, startSharing: false))
        detail.send(.memoryLoaded(content: MemoryContent(title: "B"), reaction: ""))
        detail.send(.deleteTapped)
        detail.send(.deletionSucceeded)
        XCTAssertEqual(timeline.state.path, [], "memoryDeleted reached the lane and popped the route")
        XCTAssertEqual(timeline.state.memories.map(\.id), [TestIDs.memoryA])
        XCTAssertTrue(details.stores.isEmpty)
    }

    func testAScopedChildLivesAsLongAsItsParentAndGoesWithIt() throws {
        let clock = TestClock()
        let shell = Store(MainNav.self, initialState: .init(), clock: clock)
        let profiles = EmbeddedStores(MainNav.profile, in: shell, clock: clock) { _ in Profile.State() }
        let profile = try XCTUnwrap(profiles.store())
        shell.send(.tabSelected(.shared))
        XCTAssertFalse(profile.isTornDown, "tabs keep their siblings alive")
        profile.send(.inviteFriendsTapped)
        XCTAssertEqual(shell.state.sheet, .inviteCode(prefilledCode: nil))
        shell.teardown()
        XCTAssertTrue(profile.isTornDown)
        XCTAssertTrue(profiles.stores.isEmpty)
    }

    func testADelegateTheEmbeddingDoesNotMapStaysWithTheChild() throws {
        // Negative control: the same child under an embedding that maps nothing never moves the shell.
        let clock = TestClock()
        let shell = Store(MainNav.self, initialState: .init(), clock: clock)
        let unmapped = Embedding.ifLet(MainNav.self, Capture.self, shown: { $0.sheet == .capture }) { _ in nil }
        let captures = EmbeddedStores(unmapped, in: shell, clock: clock) { _ in Capture.State() }
        shell.send(.captureTapped)
        try XCTUnwrap(captures.store()).send(.cancelTapped)
        XCTAssertEqual(shell.state.sheet, .capture)
    }
}
