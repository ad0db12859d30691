import Duet
import Foundation

extension MemoryDetail {
    /// Everything after the memory has loaded: editing, sharing, reacting, islands, deleting.
    /// A memory that failed to load offers none of it: there is no caption to edit or save over.
    static func reduceInteraction(_ state: inout State, _ action: Action) -> [Effect<EffectPayload>] {
        guard let memoryId = state.memoryId, !state.isLoading, !state.isDeleting, state.errorMessage.isEmpty else { return [] }
        switch action {
        case .appeared, .memoryLoaded, .memoryLoadFailed, .deletionSucceeded, .deletionFailed:
            return []

        case .editTapped:
            guard !state.isEditing else { return [] }
            beginEditing(&state)
            return []

        case .draftCaptionChanged(let caption):
            guard state.isEditing else { return [] }
            state.draftCaption = caption
            state.captionError = ""
            return []

        case .saveCaptionTapped:
            guard state.isEditing, !state.isSaving else { return [] }
            let caption = state.draftCaption.trimmingCharacters(in: .whitespacesAndNewlines)
            guard caption.count <= maximumCaptionLength else {
                state.captionError = "Captions can be up to \(maximumCaptionLength) characters."
                return []
            }
            state.draftCaption = caption
            state.isSaving = true
            return [.run(.saveCaption(memoryId: memoryId, caption: caption), id: "memorydetail.caption")]

        case .cancelEditTapped:
            guard state.isEditing else { return [] }
            state.isEditing = false
            state.draftCaption = ""
            state.captionError = ""
            return state.isSaving ? [.cancel(id: "memorydetail.caption")] : []

        case .captionSaved:
            guard state.isSaving else { return [] }
            state.isSaving = false
            state.isEditing = false
            state.content.caption = state.draftCaption
            state.draftCaption = ""
            return []

        case .captionSaveFailed:
            guard state.isSaving else { return [] }
            state.isSaving = false
            state.captionError = "Your caption wasn't saved. Try again."
            return []

        case .shareTapped:
            guard state.sheet == nil, !state.isEditing else { return [] }
            state.sheet = .sharePicker(config: shareConfig(for: state.content))
            return []

        case .sheetDismissed:
            state.sheet = nil
            return []

        case let .shareFinished(sharedId, recipientCount):
            guard sharedId == memoryId, state.sheet != nil else { return [] }
            state.sheet = nil
            state.bannerMessage = recipientCount == 1 ? "Shared with 1 person." : "Shared with \(recipientCount) people."
            return []

        case .reactionSet(let emoji):
            guard emoji != state.reaction else { return [] }
            // Only the first unsaved change remembers what to go back to.
            if !state.isSavingReaction { state.reactionBeforeSave = state.reaction }
            state.reaction = emoji
            state.isSavingReaction = true
            return [.run(.saveReaction(memoryId: memoryId, emoji: emoji), id: "memorydetail.reaction")]

        case .reactionSetSucceeded:
            guard state.isSavingReaction else { return [] }
            state.isSavingReaction = false
            state.reactionBeforeSave = state.reaction
            return []

        case .reactionSetFailed:
            guard state.isSavingReaction else { return [] }
            state.isSavingReaction = false
            state.reaction = state.reactionBeforeSave
            state.bannerMessage = "Your reaction didn't go through. Try again."
            return []

        case .carouselSettled(let position):
            guard state.content.photoCount > 0 else { return [] }
            state.photoCarousel.position = min(max(0, position), state.content.photoCount - 1)
            return []

        case .playbackPositionReported(let millis):
            guard state.content.hasVideo else { return [] }
            state.videoPlayer.positionMillis = max(0, millis)
            return []

        case .playbackEnded:
            guard state.content.hasVideo else { return [] }
            state.videoPlayer.positionMillis = 0
            return []

        case .deleteTapped:
            state.isDeleting = true
            state.sheet = nil
            state.isEditing = false
            return [.run(.deleteMemory(memoryId: memoryId), id: "memorydetail.delete")]
        }
    }
}
