package dev.duet.memorylane

import dev.duet.coding.Role
import dev.duet.coding.StructCodec
import dev.duet.coding.SumCodec
import dev.duet.coding.field
import dev.duet.coding.label
import dev.duet.coding.members
import dev.duet.kernel.Effect
import dev.duet.kernel.Feature
import dev.duet.kernel.Reduced
import dev.duet.kernel.reduced
import java.util.UUID

/**
 * One memory: photos and video (islands), caption editing, a reaction, sharing, deleting.
 * A reaction is optimistic; `reactionSetFailed` puts the previous one back.
 * Everything after the memory has loaded is in `MemoryDetailInteractions.kt`.
 */
object MemoryDetail : Feature<MemoryDetail.State, MemoryDetail.Action, MemoryDetail.EffectPayload>(
    "memorydetail", State.Coding, Action.Coding, EffectPayload.Coding
) {
    internal const val MAXIMUM_CAPTION_LENGTH = 280

    sealed class Sheet {
        data class SharePicker(val config: ShareConfig) : Sheet()

        companion object Coding : SumCodec<Sheet>({
            labeled("sharePicker", ::SharePicker, label(SharePicker::config, ShareConfig.Coding))
        })
    }

    data class State(
        val sheet: Sheet? = null,
        val photoCarousel: PhotoCarouselSummary = PhotoCarouselSummary(),
        val videoPlayer: VideoPlayerSummary = VideoPlayerSummary(),
        val memoryId: UUID? = null,
        val content: MemoryContent = MemoryContent(),
        val isLoading: Boolean = false,
        val errorMessage: String = "",
        val isEditing: Boolean = false,
        val draftCaption: String = "",
        val captionError: String = "",
        val isSaving: Boolean = false,
        val isDeleting: Boolean = false,
        val reaction: String = "",
        /** The reaction to restore if saving the current one fails. */
        val reactionBeforeSave: String = "",
        val isSavingReaction: Boolean = false,
        val bannerMessage: String = "",
        /** Intents carried from the route, applied once the memory has loaded. */
        val editIntentPending: Boolean = false,
        val shareIntentPending: Boolean = false
    ) {
        companion object Coding : StructCodec<State>({ members(::State,
            field(State::sheet, optional(Sheet.Coding), Role.Slot),
            field(State::photoCarousel, PhotoCarouselSummary.Coding, Role.Island(PhotoCarouselSummary.ISLAND)),
            field(State::videoPlayer, VideoPlayerSummary.Coding, Role.Island(VideoPlayerSummary.ISLAND)),
            field(State::memoryId, optional(uuid)),
            field(State::content, MemoryContent.Coding),
            field(State::isLoading, bool),
            field(State::errorMessage, text),
            field(State::isEditing, bool),
            field(State::draftCaption, text),
            field(State::captionError, text),
            field(State::isSaving, bool),
            field(State::isDeleting, bool),
            field(State::reaction, text),
            field(State::reactionBeforeSave, text),
            field(State::isSavingReaction, bool),
            field(State::bannerMessage, text),
            field(State::editIntentPending, bool),
            field(State::shareIntentPending, bool)) })
    }

    sealed class Action {
        data class Appeared(val memoryId: UUID, val startEditing: Boolean, val startSharing: Boolean) : Action()
        data class MemoryLoaded(val content: MemoryContent, val reaction: String) : Action()
        data class MemoryLoadFailed(val message: String) : Action()
        object EditTapped : Action()
        data class DraftCaptionChanged(val caption: String) : Action()
        object SaveCaptionTapped : Action()
        object CancelEditTapped : Action()
        object CaptionSaved : Action()
        data class CaptionSaveFailed(val message: String) : Action()
        object ShareTapped : Action()
        object SheetDismissed : Action()
        data class ShareFinished(val memoryId: UUID, val recipientCount: Long) : Action()
        data class ReactionSet(val emoji: String) : Action()
        object ReactionSetSucceeded : Action()
        data class ReactionSetFailed(val message: String) : Action()
        data class CarouselSettled(val position: Long) : Action()
        data class PlaybackPositionReported(val millis: Long) : Action()
        object PlaybackEnded : Action()
        object DeleteTapped : Action()
        object DeletionSucceeded : Action()
        data class DeletionFailed(val message: String) : Action()

        companion object Coding : SumCodec<Action>({
            labeled("appeared", ::Appeared, label(Appeared::memoryId, uuid),
                label(Appeared::startEditing, bool),
                label(Appeared::startSharing, bool))
            labeled("memoryLoaded", ::MemoryLoaded, label(MemoryLoaded::content, MemoryContent.Coding),
                label(MemoryLoaded::reaction, text))
            labeled("memoryLoadFailed", ::MemoryLoadFailed, label(MemoryLoadFailed::message, text))
            unit("editTapped") { EditTapped }
            single("draftCaptionChanged", ::DraftCaptionChanged, text, DraftCaptionChanged::caption)
            unit("saveCaptionTapped") { SaveCaptionTapped }
            unit("cancelEditTapped") { CancelEditTapped }
            unit("captionSaved") { CaptionSaved }
            labeled("captionSaveFailed", ::CaptionSaveFailed, label(CaptionSaveFailed::message, text))
            unit("shareTapped") { ShareTapped }
            unit("sheetDismissed") { SheetDismissed }
            labeled("shareFinished", ::ShareFinished, label(ShareFinished::memoryId, uuid), label(ShareFinished::recipientCount, int))
            labeled("reactionSet", ::ReactionSet, label(ReactionSet::emoji, text))
            unit("reactionSetSucceeded") { ReactionSetSucceeded }
            labeled("reactionSetFailed", ::ReactionSetFailed, label(ReactionSetFailed::message, text))
            labeled("carouselSettled", ::CarouselSettled, label(CarouselSettled::position, int))
            labeled("playbackPositionReported", ::PlaybackPositionReported, label(PlaybackPositionReported::millis, int))
            unit("playbackEnded") { PlaybackEnded }
            unit("deleteTapped") { DeleteTapped }
            unit("deletionSucceeded") { DeletionSucceeded }
            labeled("deletionFailed", ::DeletionFailed, label(DeletionFailed::message, text))
        })
    }

    sealed class EffectPayload {
        data class LoadMemory(val memoryId: UUID) : EffectPayload()
        data class SaveCaption(val memoryId: UUID, val caption: String) : EffectPayload()
        data class SaveReaction(val memoryId: UUID, val emoji: String) : EffectPayload()
        data class DeleteMemory(val memoryId: UUID) : EffectPayload()
        /** Delegate: exactly `Timeline.Action.MemoryDeleted`. */
        data class MemoryDeleted(val memoryId: UUID) : EffectPayload()

        companion object Coding : SumCodec<EffectPayload>({
            labeled("loadMemory", ::LoadMemory, label(LoadMemory::memoryId, uuid))
            labeled("saveCaption", ::SaveCaption, label(SaveCaption::memoryId, uuid), label(SaveCaption::caption, text))
            labeled("saveReaction", ::SaveReaction, label(SaveReaction::memoryId, uuid), label(SaveReaction::emoji, text))
            labeled("deleteMemory", ::DeleteMemory, label(DeleteMemory::memoryId, uuid))
            labeled("memoryDeleted", ::MemoryDeleted, label(MemoryDeleted::memoryId, uuid))
        })
    }

    override val initial = State()

    override fun reduce(state: State, action: Action): Reduced<State, EffectPayload> = when (action) {
        // A detail screen belongs to one memory for its whole life; the host mounts a new one per route.
        is Action.Appeared ->
            if (state.memoryId != null) state.reduced()
            else state.copy(memoryId = action.memoryId, isLoading = true, editIntentPending = action.startEditing,
                shareIntentPending = action.startSharing).reduced(Effect.run(EffectPayload.LoadMemory(action.memoryId), "memorydetail.load"))
        is Action.MemoryLoaded -> if (!state.isLoading) state.reduced() else loaded(action, state).reduced()
        is Action.MemoryLoadFailed ->
            if (!state.isLoading) state.reduced()
            else state.copy(isLoading = false, errorMessage = "This memory couldn't be opened. Go back and try again.").reduced()
        Action.DeletionSucceeded -> {
            val memoryId = state.memoryId
            if (!state.isDeleting || memoryId == null) state.reduced()
            else state.copy(isDeleting = false).reduced(Effect.run(EffectPayload.MemoryDeleted(memoryId)))
        }
        is Action.DeletionFailed ->
            if (!state.isDeleting) state.reduced()
            else state.copy(isDeleting = false, bannerMessage = "This memory couldn't be deleted. Try again.").reduced()
        else -> MemoryDetailInteractions.reduce(state, action)
    }

    private fun loaded(action: Action.MemoryLoaded, state: State): State {
        var next = state.copy(isLoading = false, content = action.content, reaction = action.reaction, reactionBeforeSave = action.reaction)
        if (next.editIntentPending) next = beginEditing(next)
        if (next.shareIntentPending && next.sheet == null) next = next.copy(sheet = Sheet.SharePicker(shareConfig(action.content)))
        return next.copy(editIntentPending = false, shareIntentPending = false)
    }

    /** The place is offered for sharing only when the memory has one. */
    internal fun shareConfig(content: MemoryContent) = ShareConfig(includeLocation = content.placeName != "")

    internal fun beginEditing(state: State) = state.copy(isEditing = true, draftCaption = state.content.caption, captionError = "")
}
