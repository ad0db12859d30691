package dev.duet.memorylane

import dev.duet.kernel.Effect
import dev.duet.kernel.Reduced
import dev.duet.kernel.reduced
import dev.duet.memorylane.MemoryDetail.Action
import dev.duet.memorylane.MemoryDetail.EffectPayload
import dev.duet.memorylane.MemoryDetail.Sheet
import dev.duet.memorylane.MemoryDetail.State

/**
 * Everything after the memory has loaded: editing, sharing, reacting, islands, deleting.
 * A memory that failed to load offers none of it: there is no caption to edit or save over.
 */
internal object MemoryDetailInteractions {
    fun reduce(state: State, action: Action): Reduced<State, EffectPayload> {
        val memoryId = state.memoryId
        if (memoryId == null || state.isLoading || state.isDeleting || state.errorMessage.isNotEmpty()) return state.reduced()
        return when (action) {
            is Action.Appeared, is Action.MemoryLoaded, is Action.MemoryLoadFailed, Action.DeletionSucceeded, is Action.DeletionFailed -> state.reduced()
            Action.EditTapped -> if (state.isEditing) state.reduced() else MemoryDetail.beginEditing(state).reduced()
            is Action.DraftCaptionChanged ->
                if (!state.isEditing) state.reduced() else state.copy(draftCaption = action.caption, captionError = "").reduced()
            Action.SaveCaptionTapped -> {
                if (!state.isEditing || state.isSaving) state.reduced()
                else {
                    val caption = Text.trimWhitespaceAndNewlines(state.draftCaption)
                    if (Text.characterCount(caption) > MemoryDetail.MAXIMUM_CAPTION_LENGTH)
                        state.copy(captionError = "Captions can be up to ${MemoryDetail.MAXIMUM_CAPTION_LENGTH} characters.").reduced()
                    else state.copy(draftCaption = caption, isSaving = true)
                        .reduced(Effect.run(EffectPayload.SaveCaption(memoryId, caption), "memorydetail.caption"))
                }
            }
            Action.CancelEditTapped -> {
                if (!state.isEditing) state.reduced()
                else {
                    val next = state.copy(isEditing = false, draftCaption = "", captionError = "")
                    if (state.isSaving) next.reduced(Effect.cancel("memorydetail.caption")) else next.reduced()
                }
            }
            Action.CaptionSaved ->
                if (!state.isSaving) state.reduced()
                else state.copy(isSaving = false, isEditing = false, content = state.content.copy(caption = state.draftCaption), draftCaption = "").reduced()
            is Action.CaptionSaveFailed ->
                if (!state.isSaving) state.reduced() else state.copy(isSaving = false, captionError = "Your caption wasn't saved. Try again.").reduced()
            Action.ShareTapped ->
                if (state.sheet != null || state.isEditing) state.reduced()
                else state.copy(sheet = Sheet.SharePicker(MemoryDetail.shareConfig(state.content))).reduced()
            Action.SheetDismissed -> state.copy(sheet = null).reduced()
            is Action.ShareFinished ->
                if (action.memoryId != memoryId || state.sheet == null) state.reduced()
                else state.copy(sheet = null, bannerMessage =
                    if (action.recipientCount == 1L) "Shared with 1 person." else "Shared with ${action.recipientCount} people.").reduced()
            // Only the first unsaved change remembers what to go back to.
            is Action.ReactionSet ->
                if (action.emoji == state.reaction) state.reduced()
                else state.copy(reactionBeforeSave = if (state.isSavingReaction) state.reactionBeforeSave else state.reaction,
                    reaction = action.emoji, isSavingReaction = true)
                    .reduced(Effect.run(EffectPayload.SaveReaction(memoryId, action.emoji), "memorydetail.reaction"))
            Action.ReactionSetSucceeded ->
                if (!state.isSavingReaction) state.reduced() else state.copy(isSavingReaction = false, reactionBeforeSave = state.reaction).reduced()
            is Action.ReactionSetFailed ->
                if (!state.isSavingReaction) state.reduced()
                else state.copy(isSavingReaction = false, reaction = state.reactionBeforeSave,
                    bannerMessage = "Your reaction didn't go through. Try again.").reduced()
            is Action.CarouselSettled ->
                if (state.content.photoCount <= 0) state.reduced()
                else state.copy(photoCarousel = state.photoCarousel.copy(
                    position = minOf(maxOf(0L, action.position), state.content.photoCount - 1))).reduced()
            is Action.PlaybackPositionReported ->
                if (!state.content.hasVideo) state.reduced()
                else state.copy(videoPlayer = state.videoPlayer.copy(positionMillis = maxOf(0L, action.millis))).reduced()
            Action.PlaybackEnded ->
                if (!state.content.hasVideo) state.reduced() else state.copy(videoPlayer = state.videoPlayer.copy(positionMillis = 0)).reduced()
            Action.DeleteTapped ->
                state.copy(isDeleting = true, sheet = null, isEditing = false)
                    .reduced(Effect.run(EffectPayload.DeleteMemory(memoryId), "memorydetail.delete"))
        }
    }
}
