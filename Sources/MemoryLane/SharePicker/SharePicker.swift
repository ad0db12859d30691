import Duet
import Foundation

/// Choosing who sees a memory: friends (pick at least one) or a link, with or without place.
///
/// ```swift
/// var state = SharePicker.State()
/// SharePicker.reduce(&state, .appeared(memoryId: id, config: ShareConfig()))
/// ```
public enum SharePicker: Feature {
    public static let name = "sharepicker"
    public static let initialState = State()

    public struct State: Codable, Sendable, Equatable {
        public var memoryId: UUID?
        public var config = ShareConfig()
        public var friends: [Friend] = []
        public var selectedFriendIds: [UUID] = []
        public var isLoadingFriends = false
        public var isSending = false
        public var errorMessage = ""
        public init() {}
    }

    public enum Action: SumType, Sendable, Equatable {
        case appeared(memoryId: UUID, config: ShareConfig)
        case friendsLoaded([Friend])
        case friendsLoadFailed(message: String)
        case friendToggled(friendId: UUID)
        case audienceChanged(String)
        case includeLocationToggled(Bool)
        case sendTapped
        case shareSucceeded
        case shareFailed(message: String)
        case cancelTapped
    }

    public enum EffectPayload: SumType, Sendable, Equatable {
        case loadFriends
        case share(memoryId: UUID, friendIds: [UUID], config: ShareConfig)
        /// Delegate: each host's `sharePicker` embedding makes it the host's `shareFinished` (timeline, shared, memorydetail).
        case shareFinished(memoryId: UUID, recipientCount: Int)
        /// Delegate: each host's `sharePicker` embedding makes it the host's `sheetDismissed`.
        case sheetDismissed
    }

    public static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] {
        switch action {
        case let .appeared(memoryId, config):
            guard state.memoryId != memoryId else { return [] }
            state = State()
            state.memoryId = memoryId
            state.config = config
            state.isLoadingFriends = true
            return [.run(.loadFriends, id: "sharepicker.friends")]

        case .friendsLoaded(let friends):
            guard state.isLoadingFriends else { return [] }
            state.isLoadingFriends = false
            state.friends = friends
            state.selectedFriendIds.removeAll { id in !friends.contains { $0.id == id } }
            return []

        case .friendsLoadFailed:
            guard state.isLoadingFriends else { return [] }
            state.isLoadingFriends = false
            state.errorMessage = "Couldn't load your friends. You can still share a link."
            return []

        case .friendToggled(let friendId):
            guard !state.isSending, state.friends.contains(where: { $0.id == friendId }) else { return [] }
            if let index = state.selectedFriendIds.firstIndex(of: friendId) {
                state.selectedFriendIds.remove(at: index)
            } else {
                state.selectedFriendIds.append(friendId)
            }
            state.errorMessage = ""
            return []

        case .audienceChanged(let audience):
            guard !state.isSending, audience == "friends" || audience == "link" else { return [] }
            state.config.audience = audience
            state.errorMessage = ""
            return []

        case .includeLocationToggled(let include):
            guard !state.isSending else { return [] }
            state.config.includeLocation = include
            return []

        case .sendTapped:
            guard !state.isSending, let memoryId = state.memoryId else { return [] }
            let recipients = state.config.audience == "link" ? [] : state.selectedFriendIds
            guard state.config.audience == "link" || !recipients.isEmpty else {
                state.errorMessage = "Pick at least one friend to share with."
                return []
            }
            state.isSending = true
            state.errorMessage = ""
            return [.run(.share(memoryId: memoryId, friendIds: recipients, config: state.config), id: "sharepicker.send")]

        case .shareSucceeded:
            guard state.isSending, let memoryId = state.memoryId else { return [] }
            state.isSending = false
            let count = state.config.audience == "link" ? 0 : state.selectedFriendIds.count
            return [.run(.shareFinished(memoryId: memoryId, recipientCount: count))]

        case .shareFailed:
            guard state.isSending else { return [] }
            state.isSending = false
            state.errorMessage = "Sharing didn't work. Try again in a moment."
            return []

        case .cancelTapped:
            let cancels: [Effect<EffectPayload>] = state.isSending ? [.cancel(id: "sharepicker.send")] : []
            state.isSending = false
            return cancels + [.run(.sheetDismissed)]
        }
    }
}
