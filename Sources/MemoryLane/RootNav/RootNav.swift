import Duet
import Foundation

/// The app's root: one full-screen phase at a time, moved only by reducer edges.
///
/// ```swift
/// var state = RootNav.State()
/// _ = RootNav.reduce(&state, .noSession)        // splash → registration
/// ```
public enum RootNav: Feature {
    public static let name = "rootnav"

    public enum Phase: SumType, KindEnum, Equatable, CaseIterable {
        case splash, registration, introduceYourself, onboarding, main, accept
    }

    public struct State: Codable, Sendable, Equatable {
        @Stage public var phase: Phase = .splash
        /// The enter-code modal sits beside the stage, not in it: a recorded census ruling.
        public var isEnterCodePresented = false
        public var userId: UUID?
        public var displayName = ""
        public var hasCompletedOnboarding = false
        /// The invite being accepted while the `accept` interrupt is up; empty otherwise.
        public var pendingInviteCode = ""
        public var acceptedInviteCount = 0
        public init() {}
    }

    public enum Action: SumType, Sendable, Equatable, CaseNames {
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
        public static let caseNames = [
            "sessionRestored", "noSession", "registered", "introduced", "onboardingCompleted", "inviteLinkOpened",
            "inviteAccepted", "inviteDeclined", "enterCodeRequested", "enterCodeDismissed", "codeEntered",
            "signOutRequested",
        ]
    }

    public enum EffectPayload: SumType, Sendable, Equatable, CaseNames {
        case persistSession(userId: UUID, displayName: String, onboarded: Bool)
        case clearSession
        public static let caseNames = ["persistSession", "clearSession"]
    }

    public static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] {
        switch action {
        case let .sessionRestored(userId, displayName, onboarded):
            guard state.phase == .splash else { return [] }
            state.userId = userId
            state.displayName = displayName
            state.hasCompletedOnboarding = onboarded
            state.phase = state.phaseForProgress
            return []

        case .noSession:
            guard state.phase == .splash else { return [] }
            state.phase = .registration
            return []

        case let .registered(userId):
            guard state.phase == .registration else { return [] }
            state.userId = userId
            state.isEnterCodePresented = false
            state.phase = state.phaseForProgress
            return [persist(state)]

        case let .introduced(displayName):
            guard state.phase == .introduceYourself else { return [] }
            state.displayName = displayName
            state.phase = state.phaseForProgress
            return [persist(state)]

        case .onboardingCompleted:
            guard state.phase == .onboarding else { return [] }
            state.hasCompletedOnboarding = true
            state.phase = state.phaseForProgress
            return [persist(state)]

        case let .inviteLinkOpened(code), let .codeEntered(code):
            // The splash decides where the user is first; an invite can wait for it.
            guard state.phase != .splash, !code.isEmpty else { return [] }
            state.isEnterCodePresented = false
            state.pendingInviteCode = code
            state.phase = .accept
            return []

        case .inviteAccepted(let code):
            guard state.phase == .accept, code == state.pendingInviteCode else { return [] }
            state.acceptedInviteCount += 1
            state.pendingInviteCode = ""
            state.phase = state.phaseForProgress
            return []

        case .inviteDeclined:
            guard state.phase == .accept else { return [] }
            state.pendingInviteCode = ""
            state.phase = state.phaseForProgress
            return []

        case .enterCodeRequested:
            guard state.phase == .registration || state.phase == .main else { return [] }
            state.isEnterCodePresented = true
            return []

        case .enterCodeDismissed:
            state.isEnterCodePresented = false
            return []

        case .signOutRequested:
            guard state.userId != nil else { return [] }
            state = State()
            state.phase = .registration
            return [.run(.clearSession, id: "rootnav.session")]
        }
    }

    private static func persist(_ state: State) -> Effect<EffectPayload> {
        guard let userId = state.userId else { return .run(.clearSession, id: "rootnav.session") }
        return .run(.persistSession(userId: userId, displayName: state.displayName, onboarded: state.hasCompletedOnboarding),
                    id: "rootnav.session")
    }
}

extension RootNav.State {
    /// Where the user belongs given what they have done so far. Every forward edge and the
    /// exit of the `accept` interrupt land here: the exit is computed, never popped.
    var phaseForProgress: RootNav.Phase {
        if userId == nil { return .registration }
        if displayName.isEmpty { return .introduceYourself }
        if !hasCompletedOnboarding { return .onboarding }
        return .main
    }
}
