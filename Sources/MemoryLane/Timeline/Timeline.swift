import Duet
import Foundation

/// "My Lane": the user's memories, paged, with a detail stack and a share sheet.
/// A deep link rebases the stack onto the linked memory; a link to a deleted memory is inert.
///
/// ```swift
/// var state = Timeline.State()
/// Timeline.reduce(&state, .appeared)   // [.run(.loadPage(cursor: ""), id: "timeline.load")]
/// ```
public enum Timeline: Feature {
    public static let name = "timeline"
    public static let initialState = State()

    public enum Route: SumType, KindEnum, Equatable {
        case memoryDetail(memoryId: UUID, context: String, startEditing: Bool, startSharing: Bool)
        var memoryId: UUID { switch self { case .memoryDetail(let id, _, _, _): id } }
    }

    public enum Sheet: SumType, KindEnum, Equatable {
        case sharePicker(memoryId: UUID, config: ShareConfig)
    }

    public struct State: Codable, Sendable, Equatable {
        @Path public var path: [Route] = []
        @Slot public var sheet: Sheet? = nil
        public var memories: [MemorySummary] = []
        /// Empty when there is no further page.
        public var nextCursor = ""
        public var isLoading = false
        public var isLoadingMore = false
        public var errorMessage = ""
        public var bannerMessage = ""
        public var deletedMemoryIds: [UUID] = []
        public init() {}
    }

    public enum Action: SumType, Sendable, Equatable {
        case appeared
        case refreshPulled
        case reachedEnd
        case pageLoaded(memories: [MemorySummary], nextCursor: String)
        case pageLoadFailed(message: String)
        case memoryTapped(memoryId: UUID)
        case editTapped(memoryId: UUID)
        case shareTapped(memoryId: UUID)
        case deepLinkOpened(memoryId: UUID, intent: String)
        case backTapped
        case popToRootTapped
        case sheetDismissed
        case shareFinished(memoryId: UUID, recipientCount: Int)
        case memoryDeleted(memoryId: UUID)
        case bannerDismissed
    }

    public enum EffectPayload: SumType, Sendable, Equatable {
        case loadPage(cursor: String)
    }

    public static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] {
        switch action {
        case .appeared:
            guard state.memories.isEmpty, !state.isLoading else { return [] }
            return loadFirstPage(&state)

        case .refreshPulled:
            return loadFirstPage(&state)

        case .reachedEnd:
            guard !state.nextCursor.isEmpty, !state.isLoading, !state.isLoadingMore else { return [] }
            state.isLoadingMore = true
            return [.run(.loadPage(cursor: state.nextCursor), id: "timeline.load")]

        case let .pageLoaded(memories, nextCursor):
            guard state.isLoading || state.isLoadingMore else { return [] }
            let fresh = memories.filter { !state.deletedMemoryIds.contains($0.id) }
            state.memories = state.isLoadingMore ? state.memories + fresh : fresh
            state.nextCursor = nextCursor
            state.isLoading = false
            state.isLoadingMore = false
            state.errorMessage = ""
            return []

        case .pageLoadFailed:
            guard state.isLoading || state.isLoadingMore else { return [] }
            state.errorMessage = state.isLoadingMore
                ? "Couldn't load older memories. Scroll down to try again."
                : "Couldn't load your lane. Pull to refresh to try again."
            state.isLoading = false
            state.isLoadingMore = false
            return []

        case .memoryTapped(let memoryId):
            return open(memoryId, context: "timeline", editing: false, sharing: false, in: &state)

        case .editTapped(let memoryId):
            return open(memoryId, context: "timeline", editing: true, sharing: false, in: &state)

        case .shareTapped(let memoryId):
            guard state.sheet == nil, state.memory(memoryId) != nil else { return [] }
            state.sheet = .sharePicker(memoryId: memoryId, config: ShareConfig())
            return []

        case let .deepLinkOpened(memoryId, intent):
            guard !state.deletedMemoryIds.contains(memoryId) else {
                state.bannerMessage = "That memory is no longer available."
                return []
            }
            state.sheet = nil
            state.path = [.memoryDetail(memoryId: memoryId, context: "deepLink",
                                        startEditing: intent == "edit", startSharing: intent == "share")]
            return []

        case .backTapped:
            guard !state.path.isEmpty else { return [] }
            state.path.removeLast()
            return []

        case .popToRootTapped:
            state.path = []
            return []

        case .sheetDismissed:
            state.sheet = nil
            return []

        case let .shareFinished(memoryId, recipientCount):
            guard case .sharePicker(memoryId, _)? = state.sheet else { return [] }
            state.sheet = nil
            if let index = state.memories.firstIndex(where: { $0.id == memoryId }) {
                state.memories[index].shareCount = state.memories[index].shareCount.addingSaturating(recipientCount)
            }
            state.bannerMessage = recipientCount == 1 ? "Shared with 1 person." : "Shared with \(recipientCount) people."
            return []

        case .memoryDeleted(let memoryId):
            guard !state.deletedMemoryIds.contains(memoryId) else { return [] }
            state.deletedMemoryIds.append(memoryId)
            state.memories.removeAll { $0.id == memoryId }
            state.path.removeAll { $0.memoryId == memoryId }
            if case .sharePicker(memoryId, _)? = state.sheet { state.sheet = nil }
            state.bannerMessage = "Memory deleted."
            return []

        case .bannerDismissed:
            state.bannerMessage = ""
            return []
        }
    }

    private static func loadFirstPage(_ state: inout State) -> [Effect<EffectPayload>] {
        state.isLoading = true
        state.isLoadingMore = false
        state.errorMessage = ""
        return [.run(.loadPage(cursor: ""), id: "timeline.load")]
    }

    private static func open(_ memoryId: UUID, context: String, editing: Bool, sharing: Bool,
                             in state: inout State) -> [Effect<EffectPayload>] {
        guard state.memory(memoryId) != nil else { return [] }
        state.path.append(.memoryDetail(memoryId: memoryId, context: context, startEditing: editing, startSharing: sharing))
        return []
    }
}

extension Timeline.State {
    func memory(_ id: UUID) -> MemorySummary? { memories.first { $0.id == id } }
}
