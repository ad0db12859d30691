package memorylane

import duet.coding.Fields
import duet.coding.Role
import duet.coding.StructCodec
import duet.coding.SumCodec
import duet.dialect.JsonValue
import duet.kernel.Effect
import duet.kernel.Feature
import duet.kernel.Reduced
import duet.kernel.reduced
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

        companion object Coding : SumCodec<Sheet>() {
            init {
                labeled(::SharePicker, label("config", ShareConfig.Coding, SharePicker::config))
            }
        }
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
        companion object Coding : StructCodec<State>() {
            private val sheet = field("sheet", optional(Sheet.Coding), Role.Slot) { it.sheet }
            private val photoCarousel = field("photoCarousel", PhotoCarouselSummary.Coding, Role.Island(PhotoCarouselSummary.ISLAND)) { it.photoCarousel }
            private val videoPlayer = field("videoPlayer", VideoPlayerSummary.Coding, Role.Island(VideoPlayerSummary.ISLAND)) { it.videoPlayer }
            private val memoryId = field("memoryId", optional(uuid)) { it.memoryId }
            private val content = field("content", MemoryContent.Coding) { it.content }
            private val isLoading = field("isLoading", bool) { it.isLoading }
            private val errorMessage = field("errorMessage", text) { it.errorMessage }
            private val isEditing = field("isEditing", bool) { it.isEditing }
            private val draftCaption = field("draftCaption", text) { it.draftCaption }
            private val captionError = field("captionError", text) { it.captionError }
            private val isSaving = field("isSaving", bool) { it.isSaving }
            private val isDeleting = field("isDeleting", bool) { it.isDeleting }
            private val reaction = field("reaction", text) { it.reaction }
            private val reactionBeforeSave = field("reactionBeforeSave", text) { it.reactionBeforeSave }
            private val isSavingReaction = field("isSavingReaction", bool) { it.isSavingReaction }
            private val bannerMessage = field("bannerMessage", text) { it.bannerMessage }
            private val editIntentPending = field("editIntentPending", bool) { it.editIntentPending }
            private val shareIntentPending = field("shareIntentPending", bool) { it.shareIntentPending }
            override fun build(f: Fields) = State(f[sheet], f[photoCarousel], f[videoPlayer], f[memoryId], f[content], f[isLoading],
                f[errorMessage], f[isEditing], f[draftCaption], f[captionError], f[isSaving], f[isDeleting], f[reaction],
                f[reactionBeforeSave], f[isSavingReaction], f[bannerMessage], f[editIntentPending], f[shareIntentPending])
        }
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

        companion object Coding : SumCodec<Action>() {
            init {
                labeled(::Appeared, label("memoryId", uuid, Appeared::memoryId), label("startEditing", bool, Appeared::startEditing),
                    label("startSharing", bool, Appeared::startSharing))
                labeled(::MemoryLoaded, label("content", MemoryContent.Coding, MemoryLoaded::content), label("reaction", text, MemoryLoaded::reaction))
                labeled(::MemoryLoadFailed, label("message", text, MemoryLoadFailed::message))
                unit { EditTapped }
                single(::DraftCaptionChanged, text, DraftCaptionChanged::caption)
                unit { SaveCaptionTapped }
                unit { CancelEditTapped }
                unit { CaptionSaved }
                labeled(::CaptionSaveFailed, label("message", text, CaptionSaveFailed::message))
                unit { ShareTapped }
                unit { SheetDismissed }
                labeled(::ShareFinished, label("memoryId", uuid, ShareFinished::memoryId), label("recipientCount", int, ShareFinished::recipientCount))
                labeled(::ReactionSet, label("emoji", text, ReactionSet::emoji))
                unit { ReactionSetSucceeded }
                labeled(::ReactionSetFailed, label("message", text, ReactionSetFailed::message))
                labeled(::CarouselSettled, label("position", int, CarouselSettled::position))
                labeled(::PlaybackPositionReported, label("millis", int, PlaybackPositionReported::millis))
                unit { PlaybackEnded }
                unit { DeleteTapped }
                unit { DeletionSucceeded }
                labeled(::DeletionFailed, label("message", text, DeletionFailed::message))
            }
        }
    }

    sealed class EffectPayload {
        data class LoadMemory(val memoryId: UUID) : EffectPayload()
        data class SaveCaption(val memoryId: UUID, val caption: String) : EffectPayload()
        data class SaveReaction(val memoryId: UUID, val emoji: String) : EffectPayload()
        data class DeleteMemory(val memoryId: UUID) : EffectPayload()
        /** Delegate: exactly `Timeline.Action.MemoryDeleted`. */
        data class MemoryDeleted(val memoryId: UUID) : EffectPayload()

        companion object Coding : SumCodec<EffectPayload>() {
            init {
                labeled(::LoadMemory, label("memoryId", uuid, LoadMemory::memoryId))
                labeled(::SaveCaption, label("memoryId", uuid, SaveCaption::memoryId), label("caption", text, SaveCaption::caption))
                labeled(::SaveReaction, label("memoryId", uuid, SaveReaction::memoryId), label("emoji", text, SaveReaction::emoji))
                labeled(::DeleteMemory, label("memoryId", uuid, DeleteMemory::memoryId))
                labeled(::MemoryDeleted, label("memoryId", uuid, MemoryDeleted::memoryId))
            }
        }
    }

    override val initial = State()

    /** Restore: the spine (the `sheet` slot and both islands' summaries) laid over [initial]. */
    override fun restore(spine: JsonValue) = super.restore(spine)

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
