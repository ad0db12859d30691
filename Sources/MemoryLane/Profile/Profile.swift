import Duet
import Foundation

/// The user's profile: friends, incoming friend requests, inviting more, signing out.
///
/// ```swift
/// var state = Profile.State()
/// Profile.reduce(&state, .appeared)   // [.run(.loadProfile, id: "profile.load")]
/// ```
public enum Profile: Feature {
    public static let name = "profile"
    public static let initialState = State()

    public struct State: Codable, Sendable, Equatable {
        public var displayName = ""
        public var friends: [Friend] = []
        /// People who asked to be friends, waiting for an answer.
        public var requests: [Friend] = []
        public var isLoading = false
        public var errorMessage = ""
        public var bannerMessage = ""
        /// Requests answered but not yet confirmed by the server, to put back on failure.
        public var answeringRequests: [Friend] = []
        public init() {}
    }

    public enum Action: SumType, Sendable, Equatable {
        case appeared
        case profileLoaded(displayName: String, friends: [Friend], requests: [Friend])
        case profileLoadFailed(message: String)
        case requestAccepted(friendId: UUID)
        case requestDeclined(friendId: UUID)
        case requestAnswerConfirmed(friendId: UUID)
        case requestAnswerFailed(friendId: UUID)
        case removeFriendTapped(friendId: UUID)
        case inviteFriendsTapped
        case signOutTapped
    }

    public enum EffectPayload: SumType, Sendable, Equatable {
        case loadProfile
        case answerRequest(friendId: UUID, accept: Bool)
        case removeFriend(friendId: UUID)
        /// Delegate: `MainNav.profile` makes it the shell's `inviteRequested`.
        case inviteRequested(prefilledCode: String?)
        /// Delegate: `RootNav.profile` makes it the root's `signOutRequested`.
        case signOutRequested
    }

    public static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] {
        switch action {
        case .appeared:
            guard !state.isLoading else { return [] }
            state.isLoading = true
            state.errorMessage = ""
            return [.run(.loadProfile, id: "profile.load")]

        case let .profileLoaded(displayName, friends, requests):
            guard state.isLoading else { return [] }
            state.isLoading = false
            state.displayName = displayName
            state.friends = friends
            state.requests = requests
            return []

        case .profileLoadFailed:
            guard state.isLoading else { return [] }
            state.isLoading = false
            state.errorMessage = "Couldn't load your profile. Pull to try again."
            return []

        case .requestAccepted(let friendId):
            guard let request = takeRequest(friendId, from: &state) else { return [] }
            state.friends.append(request)
            state.bannerMessage = "You and \(request.name) are now friends."
            return [.run(.answerRequest(friendId: friendId, accept: true))]

        case .requestDeclined(let friendId):
            guard takeRequest(friendId, from: &state) != nil else { return [] }
            state.bannerMessage = ""
            return [.run(.answerRequest(friendId: friendId, accept: false))]

        case .requestAnswerConfirmed(let friendId):
            state.answeringRequests.removeAll { $0.id == friendId }
            return []

        case .requestAnswerFailed(let friendId):
            // Undo the optimistic answer: the request comes back, an accepted friend goes.
            guard let index = state.answeringRequests.firstIndex(where: { $0.id == friendId }) else { return [] }
            let request = state.answeringRequests.remove(at: index)
            state.friends.removeAll { $0.id == friendId }
            state.requests.append(request)
            state.bannerMessage = "Couldn't answer \(request.name)'s request. Try again."
            return []

        case .removeFriendTapped(let friendId):
            guard state.friends.contains(where: { $0.id == friendId }) else { return [] }
            state.friends.removeAll { $0.id == friendId }
            return [.run(.removeFriend(friendId: friendId))]

        case .inviteFriendsTapped:
            return [.run(.inviteRequested(prefilledCode: nil))]

        case .signOutTapped:
            return [.cancel(id: "profile.load"), .run(.signOutRequested)]
        }
    }

    private static func takeRequest(_ friendId: UUID, from state: inout State) -> Friend? {
        guard let index = state.requests.firstIndex(where: { $0.id == friendId }) else { return nil }
        let request = state.requests.remove(at: index)
        state.answeringRequests.append(request)
        return request
    }
}
