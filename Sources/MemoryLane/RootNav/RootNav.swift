import Duet
import Foundation

/// The app's root: one full-screen phase at a time, moved only by reducer edges.
///
/// ```swift
/// var state = RootNav.State()
/// _ = RootNav.reduce(&state, .noSession)        // splash → registration
/// _ = RootNav.reduce(&state, .registered(userId: id))   // → introduceYourself(Session(userId: id))
/// ```
public enum RootNav: Feature {
    public static let name = "rootnav"
    public static let initialState = State()

    /// Who is signed in and how far they got. Every stage after registration carries it as its
    /// seed, so a relaunch restored from the spine knows where progress stands.
    public struct Session: Codable, Sendable, Equatable {
        public var userId: UUID
        public var displayName: String
        public var onboarded: Bool
        public init(userId: UUID, displayName: String = "", onboarded: Bool = false) {
            self.userId = userId; self.displayName = displayName; self.onboarded = onboarded
        }
    }

    public enum Phase: SumType, KindEnum, Equatable {
        case splash
        case registration
        case introduceYourself(Session)
        case onboarding(Session)
        case main(Session)
        /// The invite interrupt: the code being accepted and the session it returns to (none before registering).
        case accept(code: String, session: Session?)
    }

    public struct State: Codable, Sendable, Equatable {
        @Stage public var phase: Phase = .splash
        /// The enter-code modal sits beside the stage, not in it: a recorded census ruling.
        public var isEnterCodePresented = false
        public var acceptedInviteCount = 0
        public init() {}
    }

    public enum Action: SumType, Sendable, Equatable {
        case sessionRestored(userId: UUID, displayName: String, onboarded: Bool)
        case noSession
        case registered(userId: UUID)
        case introduced(displayName: String)
        case onboardingCompleted
        case inviteLinkOpened(code: String)
        case inviteAccepted(code: String)
        case inviteDeclined
        case enterCodeRequested
        case enterCodeDismissed
        case codeEntered(code: String)
        case signOutRequested
    }

    public enum EffectPayload: SumType, Sendable, Equatable {
        case persistSession(userId: UUID, displayName: String, onboarded: Bool)
        case clearSession
    }

    public static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] {
        switch action {
        case let .sessionRestored(userId, displayName, onboarded):
            guard state.phase == .splash else { return [] }
            state.phase = .progress(Session(userId: userId, displayName: displayName, onboarded: onboarded))
            return []

        case .noSession:
            guard state.phase == .splash else { return [] }
            state.phase = .registration
            return []

        case let .registered(userId):
            guard state.phase == .registration else { return [] }
            state.isEnterCodePresented = false
            return advance(&state, Session(userId: userId))

        case let .introduced(displayName):
            guard case .introduceYourself(var session) = state.phase else { return [] }
            session.displayName = displayName
            return advance(&state, session)

        case .onboardingCompleted:
            guard case .onboarding(var session) = state.phase else { return [] }
            session.onboarded = true
            return advance(&state, session)

        case let .inviteLinkOpened(code), let .codeEntered(code):
            // The splash decides where the user is first; an invite can wait for it.
            guard state.phase != .splash, !code.isEmpty else { return [] }
            state.isEnterCodePresented = false
            state.phase = .accept(code: code, session: state.phase.session)
            return []

        case .inviteAccepted(let code):
            guard case .accept(code, let session) = state.phase else { return [] }
            state.acceptedInviteCount += 1
            state.phase = .progress(session)
            return []

        case .inviteDeclined:
            guard case .accept(_, let session) = state.phase else { return [] }
            state.phase = .progress(session)
            return []

        case .enterCodeRequested:
            switch state.phase {
            case .registration, .main: state.isEnterCodePresented = true
            default: break
            }
            return []

        case .enterCodeDismissed:
            state.isEnterCodePresented = false
            return []

        case .signOutRequested:
            guard state.phase.session != nil else { return [] }
            state = State()
            state.phase = .registration
            return [.run(.clearSession, id: "rootnav.session")]
        }
    }

    /// A forward edge: the stage progress says, and the session persisted.
    private static func advance(_ state: inout State, _ session: Session) -> [Effect<EffectPayload>] {
        state.phase = .progress(session)
        return [.run(.persistSession(userId: session.userId, displayName: session.displayName, onboarded: session.onboarded),
                     id: "rootnav.session")]
    }
}

extension RootNav.Phase {
    /// Where the user belongs given what they have done so far. Every forward edge and the
    /// exit of the `accept` interrupt land here: the exit is computed, never popped.
    static func progress(_ session: RootNav.Session?) -> RootNav.Phase {
        guard let session else { return .registration }
        if session.displayName.isEmpty { return .introduceYourself(session) }
        if !session.onboarded { return .onboarding(session) }
        return .main(session)
    }

    /// The session this stage carries (an interrupt's is the one it returns to).
    public var session: RootNav.Session? {
        switch self {
        case .splash, .registration: return nil
        case .introduceYourself(let session), .onboarding(let session), .main(let session): return session
        case .accept(_, let session): return session
        }
    }
}
