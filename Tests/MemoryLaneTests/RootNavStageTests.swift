import Duet
import DuetScenarios
import DuetTesting
import MemoryLane
import XCTest

/// The root's stage moves only by reducer edges, and the accept interrupt's exit is computed
/// from what the user has done, never popped back to where it came from. The session rides the
/// stage, so what the spine persists is enough to go on after a relaunch.
final class RootNavStageTests: XCTestCase {
    typealias Session = RootNav.Session

    func testTheAcceptExitLandsWhereProgressSays() {
        let cases: [(name: String, session: Session?, exit: RootNav.Phase)] = [
            ("no account", nil, .registration),
            ("no name", Session(userId: TestIDs.user), .introduceYourself(Session(userId: TestIDs.user))),
            ("not onboarded", Session(userId: TestIDs.user, displayName: "Ada"), .onboarding(Session(userId: TestIDs.user, displayName: "Ada"))),
            ("done", Session(userId: TestIDs.user, displayName: "Ada", onboarded: true),
             .main(Session(userId: TestIDs.user, displayName: "Ada", onboarded: true))),
        ]
        for item in cases {
            var state = RootNav.State()
            state.phase = item.session.map { .main($0) } ?? .registration
            _ = RootNav.reduce(&state, .inviteLinkOpened(code: "K7Q2PX"))
            XCTAssertEqual(state.phase, .accept(code: "K7Q2PX", session: item.session), item.name)
            _ = RootNav.reduce(&state, .inviteAccepted(code: "K7Q2PX"))
            XCTAssertEqual(state.phase, item.exit, "\(item.name): exit must follow progress")
        }
    }

    func testTheAcceptExitIsNotAPop() throws {
        // Entered from onboarding, but the session says the user is done: main, not onboarding.
        let done = Session(userId: TestIDs.user, displayName: "Ada", onboarded: true)
        var initial = RootNav.State()
        initial.phase = .onboarding(done)
        let store = TestStore(RootNav.self, initialState: initial)
        store.send(.inviteLinkOpened(code: "K7Q2PX")) { $0.phase = .accept(code: "K7Q2PX", session: done) }
        store.send(.inviteDeclined) { $0.phase = .main(done) }
        store.finish()
    }

    func testAnAcceptForAnotherCodeIsInert() throws {
        var initial = RootNav.State()
        initial.phase = .accept(code: "K7Q2PX", session: Session(userId: TestIDs.user))
        let store = TestStore(RootNav.self, initialState: initial)
        store.send(.inviteAccepted(code: "ZZ9ZZ9"))
        store.finish()
    }

    func testTheForwardEdgesCarryAndPersistTheSession() throws {
        let store = TestStore(RootNav.self, initialState: RootNav.State())
        store.send(.noSession) { $0.phase = .registration }
        store.send(.registered(userId: TestIDs.user)) { $0.phase = .introduceYourself(Session(userId: TestIDs.user)) }
        store.expectEffects([.run(.persistSession(userId: TestIDs.user, displayName: "", onboarded: false), id: "rootnav.session")])
        store.send(.introduced(displayName: "Ada")) { $0.phase = .onboarding(Session(userId: TestIDs.user, displayName: "Ada")) }
        store.expectEffects([.run(.persistSession(userId: TestIDs.user, displayName: "Ada", onboarded: false), id: "rootnav.session")])
        store.send(.onboardingCompleted) { $0.phase = .main(Session(userId: TestIDs.user, displayName: "Ada", onboarded: true)) }
        store.expectEffects([.run(.persistSession(userId: TestIDs.user, displayName: "Ada", onboarded: true), id: "rootnav.session")])
        store.finish()
    }

    func testAStageRebuiltFromItsSpineGoesOnAsBefore() throws {
        // What a relaunch keeps is the stage alone; it still knows who introduced themselves.
        var relaunched = RootNav.State()
        relaunched.phase = .introduceYourself(Session(userId: TestIDs.user))
        _ = RootNav.reduce(&relaunched, .introduced(displayName: "Ada"))
        XCTAssertEqual(relaunched.phase, .onboarding(Session(userId: TestIDs.user, displayName: "Ada")))
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
