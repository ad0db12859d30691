import Duet
import Foundation

/// "Shared with me": memories from friends, a detail stack and a reshare sheet.
///
/// ```swift
/// var state = Shared.State()
/// Shared.reduce(&state, .appeared)   // [.run(.loadShared, id: "shared.load")]
/// ```
public enum Shared: Feature {
    public static let name = "shared"
    public static let initialState = State()

    public enum Route: SumType, KindEnum, Equatable {
        case memoryDetail(memoryId: UUID, context: String, startEditing: Bool)
    }

    public enum Sheet: SumType, KindEnum, Equatable {
        case sharePicker(memoryId: UUID, config: ShareConfig)
    }

    public struct State: Codable, Sendable, Equatable {
        @Path public var path: [Route] = []
        @Slot public var sheet: Sheet? = nil
        public var memories: [SharedMemory] = []
        public var onlyUnseen = false
        public var isLoading = false
        public var errorMessage = ""
        public var bannerMessage = ""
        public init() {}
    }

    public enum Action: SumType, Sendable, Equatable {
        case appeared
        case memoriesLoaded([SharedMemory])
        case loadFailed(message: String)
        case unseenFilterToggled(Bool)
        case memoryTapped(memoryId: UUID)
        case editTapped(memoryId: UUID)
        case reshareTapped(memoryId: UUID)
        case deepLinkOpened(memoryId: UUID)
        case backTapped
        case sheetDismissed
        case shareFinished(memoryId: UUID, recipientCount: Int)
    }

    public enum EffectPayload: SumType, Sendable, Equatable {
        case loadShared
        case markSeen(memoryId: UUID)
    }

    public static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] {
        switch action {
        case .appeared:
            guard !state.isLoading else { return [] }
            state.isLoading = true
            state.errorMessage = ""
            return [.run(.loadShared, id: "shared.load")]

        case .memoriesLoaded(let memories):
            // What friends shared is the truth whenever it arrives, also on a screen relaunched
            // while its request was out (it no longer shows the spinner that asked).
            state.isLoading = false
            state.memories = memories
            // Routes to memories that are no longer shared with us would open nothing.
            state.path.removeAll { route in !memories.contains { $0.id == route.memoryId } }
            return []

        case .loadFailed:
            guard state.isLoading else { return [] }
            state.isLoading = false
            state.errorMessage = "Couldn't load what friends shared. Pull to try again."
            return []

        case .unseenFilterToggled(let onlyUnseen):
            state.onlyUnseen = onlyUnseen
            return []

        case .memoryTapped(let memoryId):
            return open(memoryId, editing: false, context: "shared", in: &state)

        case .editTapped(let memoryId):
            guard state.memory(memoryId)?.canEdit == true else {
                state.bannerMessage = "Only people this memory was shared with as co-owners can edit it."
                return []
            }
            return open(memoryId, editing: true, context: "shared", in: &state)

        case .reshareTapped(let memoryId):
            guard state.sheet == nil, state.memory(memoryId) != nil else { return [] }
            state.sheet = .sharePicker(memoryId: memoryId, config: ShareConfig(audience: "friends", includeLocation: false))
            return []

        case .deepLinkOpened(let memoryId):
            guard state.memory(memoryId) != nil || state.memories.isEmpty else {
                state.bannerMessage = "That memory is no longer shared with you."
                return []
            }
            state.sheet = nil
            state.path = [.memoryDetail(memoryId: memoryId, context: "deepLink", startEditing: false)]
            return markSeen(memoryId, in: &state)

        case .backTapped:
            guard !state.path.isEmpty else { return [] }
            state.path.removeLast()
            return []

        case .sheetDismissed:
            state.sheet = nil
            return []

        case let .shareFinished(memoryId, recipientCount):
            guard case .sharePicker(memoryId, _)? = state.sheet else { return [] }
            state.sheet = nil
            state.bannerMessage = recipientCount == 1 ? "Reshared with 1 person." : "Reshared with \(recipientCount) people."
            return []
        }
    }

    private static func open(_ memoryId: UUID, editing: Bool, context: String, in state: inout State) -> [Effect<EffectPayload>] {
        guard state.memory(memoryId) != nil else { return [] }
        state.bannerMessage = ""
        state.path.append(.memoryDetail(memoryId: memoryId, context: context, startEditing: editing))
        return markSeen(memoryId, in: &state)
    }

    private static func markSeen(_ memoryId: UUID, in state: inout State) -> [Effect<EffectPayload>] {
        guard let index = state.memories.firstIndex(where: { $0.id == memoryId }), state.memories[index].isUnseen else { return [] }
        state.memories[index].isUnseen = false
        return [.run(.markSeen(memoryId: memoryId))]
    }
}

extension Shared.Route {
    var memoryId: UUID { switch self { case .memoryDetail(let id, _, _): id } }
}

extension Shared.State {
    func memory(_ id: UUID) -> SharedMemory? { memories.first { $0.id == id } }
}
