import Duet
import Foundation

/// The invite interrupt: shows who invited you, then accept or decline.
///
/// ```swift
/// var state = Accept.State()
/// Accept.reduce(&state, .appeared(code: "K7Q2PX"))   // [.run(.loadInvite(code: "K7Q2PX"), id: "accept.load")]
/// ```
public enum Accept: Feature {
    public static let name = "accept"
    public static let initialState = State()

    public struct State: Codable, Sendable, Equatable {
        public var code = ""
        public var inviterName = ""
        public var sharedMemoryCount = 0
        public var isLoading = false
        public var isAccepting = false
        public var errorMessage = ""
        public init() {}
    }

    public enum Action: SumType, Sendable, Equatable {
        case appeared(code: String)
        case inviteLoaded(inviterName: String, sharedMemoryCount: Int)
        case inviteLoadFailed(reason: String)
        case acceptTapped
        case acceptSucceeded
        case acceptFailed(reason: String)
        case declineTapped
    }

    public enum EffectPayload: SumType, Sendable, Equatable {
        case loadInvite(code: String)
        case acceptInvite(code: String)
        /// Delegate: `RootNav.accept` makes it the root's `inviteAccepted`.
        case inviteAccepted(code: String)
        /// Delegate: `RootNav.accept` makes it the root's `inviteDeclined`.
        case inviteDeclined
    }

    public static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] {
        switch action {
        case .appeared(let code):
            let alreadyShowing = code == state.code && (state.isLoading || !state.inviterName.isEmpty)
            guard !alreadyShowing else { return [] }
            state = State()
            state.code = code
            state.isLoading = true
            return [.run(.loadInvite(code: code), id: "accept.load")]

        case let .inviteLoaded(inviterName, count):
            guard state.isLoading else { return [] }
            state.isLoading = false
            state.inviterName = inviterName
            state.sharedMemoryCount = count
            return []

        case .inviteLoadFailed(let reason):
            guard state.isLoading else { return [] }
            state.isLoading = false
            state.errorMessage = copy(for: reason)
            return []

        case .acceptTapped:
            guard !state.isAccepting, !state.isLoading, !state.inviterName.isEmpty else { return [] }
            state.isAccepting = true
            state.errorMessage = ""
            return [.run(.acceptInvite(code: state.code), id: "accept.accept")]

        case .acceptSucceeded:
            guard state.isAccepting else { return [] }
            state.isAccepting = false
            return [.run(.inviteAccepted(code: state.code))]

        case .acceptFailed(let reason):
            guard state.isAccepting else { return [] }
            state.isAccepting = false
            state.errorMessage = copy(for: reason)
            return []

        case .declineTapped:
            guard !state.isAccepting else { return [] }
            return [.cancel(id: "accept.load"), .run(.inviteDeclined)]
        }
    }

    static func copy(for reason: String) -> String {
        switch reason {
        case "expired": return "This invite has expired. Ask your friend for a new code."
        case "not-found": return "We couldn't find that invite. Check the code and try again."
        case "already-friends": return "You're already connected with this person."
        default: return "Something went wrong. Please try again."
        }
    }
}
