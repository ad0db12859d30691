import Duet
import DuetTesting
import MemoryLane
import XCTest

/// The root's stage moves only by reducer edges, and the accept interrupt's exit is computed
/// from what the user has done, never popped back to where it came from.
final class RootNavStageTests: XCTestCase {
    func testTheAcceptExitLandsWhereProgressSays() {
        let cases: [(name: String, registered: Bool, named: Bool, onboarded: Bool, exit: RootNav.Phase)] = [
            ("no account", false, false, false, .registration),
            ("no name", true, false, false, .introduceYourself),
            ("not onboarded", true, true, false, .onboarding),
            ("done", true, true, true, .main),
        ]
        for item in cases {
            var state = RootNav.State()
            state.phase = .main
            state.userId = item.registered ? TestIDs.user : nil
            state.displayName = item.named ? "Ada" : ""
            state.hasCompletedOnboarding = item.onboarded
            _ = RootNav.reduce(&state, .inviteLinkOpened(code: "K7Q2PX"))
            XCTAssertEqual(state.phase, .accept, item.name)
            _ = RootNav.reduce(&state, .inviteAccepted(code: "K7Q2PX"))
            XCTAssertEqual(state.phase, item.exit, "\(item.name): entered from main, exit must follow progress")
        }
    }

    func testTheAcceptExitIsNotAPop() throws {
        // Entered from onboarding, but the stored progress says the user is done: main, not onboarding.
        var initial = RootNav.State()
        initial.phase = .onboarding
        initial.userId = TestIDs.user
        initial.displayName = "Ada"
        initial.hasCompletedOnboarding = true
        let store = TestStore(RootNav.self, initialState: initial)
        try store.send(.inviteLinkOpened(code: "K7Q2PX")) {
            $0.phase = .accept
            $0.pendingInviteCode = "K7Q2PX"
        }
        try store.send(.inviteDeclined) {
            $0.phase = .main
            $0.pendingInviteCode = ""
        }
        try store.finish()
    }

    func testAnAcceptForAnotherCodeIsInert() throws {
        var initial = RootNav.State()
        initial.phase = .accept
        initial.userId = TestIDs.user
        initial.pendingInviteCode = "K7Q2PX"
        let store = TestStore(RootNav.self, initialState: initial)
        try store.send(.inviteAccepted(code: "ZZ9ZZ9"))
        try store.finish()
    }

    func testTheForwardEdgesAndTheirPersistence() throws {
        let store = TestStore(RootNav.self, initialState: RootNav.State())
        try store.send(.noSession) { $0.phase = .registration }
        try store.send(.registered(userId: TestIDs.user)) {
            $0.userId = TestIDs.user
            $0.phase = .introduceYourself
        }
        try store.expectEffects([.run(.persistSession(userId: TestIDs.user, displayName: "", onboarded: false), id: "rootnav.session")])
        try store.send(.introduced(displayName: "Ada")) {
            $0.displayName = "Ada"
            $0.phase = .onboarding
        }
        try store.expectEffects([.run(.persistSession(userId: TestIDs.user, displayName: "Ada", onboarded: false), id: "rootnav.session")])
        try store.send(.onboardingCompleted) {
            $0.hasCompletedOnboarding = true
            $0.phase = .main
        }
        try store.expectEffects([.run(.persistSession(userId: TestIDs.user, displayName: "Ada", onboarded: true), id: "rootnav.session")])
        try store.finish()
    }

    func testOutOfOrderDelegatesDoNotMoveTheStage() {
        var state = RootNav.State()
        state.phase = .registration
        for action: RootNav.Action in [.introduced(displayName: "Ada"), .onboardingCompleted, .inviteDeclined, .noSession] {
            let before = state
            XCTAssertEqual(RootNav.reduce(&state, action), [])
            XCTAssertEqual(state, before, "\(action)")
        }
    }
}
