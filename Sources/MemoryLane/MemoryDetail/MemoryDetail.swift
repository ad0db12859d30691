import Duet
import Foundation

/// One memory: photos and video (islands), caption editing, a reaction, sharing, deleting.
/// A reaction is optimistic; `reactionSetFailed` puts the previous one back.
///
/// ```swift
/// var state = MemoryDetail.State()
/// MemoryDetail.reduce(&state, .appeared(memoryId: id, startEditing: false, startSharing: false))
/// ```
public enum MemoryDetail: Feature {
    public static let name = "memorydetail"
    public static let initialState = State()
    static let maximumCaptionLength = 280

    public enum Sheet: SumType, KindEnum, Equatable {
        case sharePicker(config: ShareConfig)
    }

    public struct State: Codable, Sendable, Equatable {
        @Slot public var sheet: Sheet? = nil
        @Island public var photoCarousel = PhotoCarouselSummary()
        @Island public var videoPlayer = VideoPlayerSummary()
        public var memoryId: UUID?
        public var content = MemoryContent()
        public var isLoading = false
        public var errorMessage = ""
        public var isEditing = false
        public var draftCaption = ""
        public var captionError = ""
        public var isSaving = false
        public var isDeleting = false
        public var reaction = ""
        /// The reaction to restore if saving the current one fails.
        public var reactionBeforeSave = ""
        public var isSavingReaction = false
        public var bannerMessage = ""
        /// Intents carried from the route, applied once the memory has loaded.
        public var editIntentPending = false
        public var shareIntentPending = false
        public init() {}
    }

    public enum Action: SumType, Sendable, Equatable {
        case appeared(memoryId: UUID, startEditing: Bool, startSharing: Bool)
        case memoryLoaded(content: MemoryContent, reaction: String)
        case memoryLoadFailed(message: String)
        case editTapped
        case draftCaptionChanged(String)
        case saveCaptionTapped
        case cancelEditTapped
        case captionSaved
        case captionSaveFailed(message: String)
        case shareTapped
        case sheetDismissed
        case shareFinished(memoryId: UUID, recipientCount: Int)
        case reactionSet(emoji: String)
        case reactionSetSucceeded
        case reactionSetFailed(message: String)
        case carouselSettled(position: Int)
        case playbackPositionReported(millis: Int)
        case playbackEnded
        case deleteTapped
        case deletionSucceeded
        case deletionFailed(message: String)
    }

    public enum EffectPayload: SumType, Sendable, Equatable {
        case loadMemory(memoryId: UUID)
        case saveCaption(memoryId: UUID, caption: String)
        case saveReaction(memoryId: UUID, emoji: String)
        case deleteMemory(memoryId: UUID)
        /// Delegate: `Timeline.memoryDetail` makes it the lane's `memoryDeleted`.
        case memoryDeleted(memoryId: UUID)
    }

    public static func reduce(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] {
        switch action {
        case let .appeared(memoryId, startEditing, startSharing):
            // A detail screen belongs to one memory for its whole life; the host mounts a new one per route.
            guard state.memoryId == nil else { return [] }
            state.memoryId = memoryId
            state.isLoading = true
            state.editIntentPending = startEditing
            state.shareIntentPending = startSharing
            return [.run(.loadMemory(memoryId: memoryId), id: "memorydetail.load")]

        case let .memoryLoaded(content, reaction):
            guard state.isLoading else { return [] }
            state.isLoading = false
            state.content = content
            state.reaction = reaction
            state.reactionBeforeSave = reaction
            if state.editIntentPending { beginEditing(&state) }
            if state.shareIntentPending, state.sheet == nil { state.sheet = .sharePicker(config: shareConfig(for: content)) }
            state.editIntentPending = false
            state.shareIntentPending = false
            return []

        case .memoryLoadFailed:
            guard state.isLoading else { return [] }
            state.isLoading = false
            state.errorMessage = "This memory couldn't be opened. Go back and try again."
            return []

        case .deletionSucceeded:
            guard state.isDeleting, let memoryId = state.memoryId else { return [] }
            state.isDeleting = false
            return [.run(.memoryDeleted(memoryId: memoryId))]

        case .deletionFailed:
            guard state.isDeleting else { return [] }
            state.isDeleting = false
            state.bannerMessage = "This memory couldn't be deleted. Try again."
            return []

        default:
            return reduceInteraction(&state, action)
        }
    }

    /// The place is offered for sharing only when the memory has one.
    static func shareConfig(for content: MemoryContent) -> ShareConfig {
        ShareConfig(includeLocation: !content.placeName.isEmpty)
    }

    static func beginEditing(_ state: inout State) {
        state.isEditing = true
        state.draftCaption = state.content.caption
        state.captionError = ""
    }
}

/// What the server knows about a memory, as the detail screen shows it.
public struct MemoryContent: Codable, Sendable, Equatable {
    public var title: String
    public var caption: String
    public var photoCount: Int
    public var hasVideo: Bool
    public var placeName: String

    public init(title: String = "", caption: String = "", photoCount: Int = 0, hasVideo: Bool = false, placeName: String = "") {
        self.title = title
        self.caption = caption
        self.photoCount = photoCount
        self.hasVideo = hasVideo
        self.placeName = placeName
    }
}
