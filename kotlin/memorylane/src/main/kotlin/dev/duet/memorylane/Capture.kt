package memorylane

import duet.coding.CaseEnumCodec
import duet.coding.Fields
import duet.coding.Role
import duet.coding.StructCodec
import duet.coding.SumCodec
import duet.dialect.JsonValue
import duet.kernel.Effect
import duet.kernel.Feature
import duet.kernel.Reduced
import duet.kernel.reduced
import java.time.Instant
import java.util.UUID

/**
 * Putting a memory together. One slot spans ten pickers; the host reports any dismissal with
 * `modalDismissed(kind)`, which only closes the slot if that kind is still showing.
 */
object Capture : Feature<Capture.State, Capture.Action, Capture.EffectPayload>("capture", State.Coding, Action.Coding, EffectPayload.Coding) {
    enum class Sheet {
        PhotoSource, PhotoLibrary, Camera, VideoSource, VideoRecorder, VideoLibrary, VoiceRecorder, Location, Friends, Date;

        companion object {
            val coding = CaseEnumCodec(values())
        }
    }

    data class State(
        val sheet: Sheet? = null,
        val mediaCaptureChrome: MediaCaptureChromeSummary = MediaCaptureChromeSummary,
        val draft: CaptureDraft = CaptureDraft(),
        val validationMessage: String = "",
        val isSaving: Boolean = false,
        val errorMessage: String = ""
    ) {
        companion object Coding : StructCodec<State>() {
            private val sheet = field("sheet", optional(Sheet.coding), Role.Slot) { it.sheet }
            private val mediaCaptureChrome = field("mediaCaptureChrome", MediaCaptureChromeSummary.coding,
                Role.Island(MediaCaptureChromeSummary.ISLAND)) { it.mediaCaptureChrome }
            private val draft = field("draft", CaptureDraft.Coding) { it.draft }
            private val validationMessage = field("validationMessage", text) { it.validationMessage }
            private val isSaving = field("isSaving", bool) { it.isSaving }
            private val errorMessage = field("errorMessage", text) { it.errorMessage }
            override fun build(f: Fields) =
                State(f[sheet], f[mediaCaptureChrome], f[draft], f[validationMessage], f[isSaving], f[errorMessage])
        }
    }

    sealed class Action {
        object AddPhotoTapped : Action()
        data class PhotoSourceChosen(val fromCamera: Boolean) : Action()
        object AddVideoTapped : Action()
        data class VideoSourceChosen(val fromCamera: Boolean) : Action()
        object AddVoiceNoteTapped : Action()
        object AddLocationTapped : Action()
        object TagFriendsTapped : Action()
        object PickDateTapped : Action()
        data class ModalDismissed(val kind: Sheet) : Action()
        data class PhotosAdded(val ids: List<UUID>) : Action()
        data class VideoAdded(val id: UUID) : Action()
        data class VoiceNoteRecorded(val id: UUID) : Action()
        data class LocationChosen(val placeName: String) : Action()
        data class FriendsChosen(val ids: List<UUID>) : Action()
        data class DateChosen(val date: Instant) : Action()
        data class PhotoRemoved(val id: UUID) : Action()
        data class TitleChanged(val title: String) : Action()
        object SaveTapped : Action()
        data class SaveSucceeded(val memoryId: UUID) : Action()
        data class SaveFailed(val message: String) : Action()
        object CancelTapped : Action()

        companion object Coding : SumCodec<Action>() {
            init {
                unit { AddPhotoTapped }
                labeled(::PhotoSourceChosen, label("fromCamera", bool, PhotoSourceChosen::fromCamera))
                unit { AddVideoTapped }
                labeled(::VideoSourceChosen, label("fromCamera", bool, VideoSourceChosen::fromCamera))
                unit { AddVoiceNoteTapped }
                unit { AddLocationTapped }
                unit { TagFriendsTapped }
                unit { PickDateTapped }
                single(::ModalDismissed, Sheet.coding, ModalDismissed::kind)
                labeled(::PhotosAdded, label("ids", list(uuid), PhotosAdded::ids))
                labeled(::VideoAdded, label("id", uuid, VideoAdded::id))
                labeled(::VoiceNoteRecorded, label("id", uuid, VoiceNoteRecorded::id))
                labeled(::LocationChosen, label("placeName", text, LocationChosen::placeName))
                labeled(::FriendsChosen, label("ids", list(uuid), FriendsChosen::ids))
                single(::DateChosen, date, DateChosen::date)
                labeled(::PhotoRemoved, label("id", uuid, PhotoRemoved::id))
                single(::TitleChanged, text, TitleChanged::title)
                unit { SaveTapped }
                labeled(::SaveSucceeded, label("memoryId", uuid, SaveSucceeded::memoryId))
                labeled(::SaveFailed, label("message", text, SaveFailed::message))
                unit { CancelTapped }
            }
        }
    }

    sealed class EffectPayload {
        data class SaveMemory(val draft: CaptureDraft) : EffectPayload()
        /** Delegate: exactly `MainNav.Action.CaptureFinished`. */
        data class CaptureFinished(val memoryId: UUID) : EffectPayload()
        /** Delegate: exactly `MainNav.Action.CaptureCancelled`. */
        object CaptureCancelled : EffectPayload()

        companion object Coding : SumCodec<EffectPayload>() {
            init {
                single(::SaveMemory, CaptureDraft.Coding, SaveMemory::draft)
                labeled(::CaptureFinished, label("memoryId", uuid, CaptureFinished::memoryId))
                unit { CaptureCancelled }
            }
        }
    }

    override val initial = State()

    /** Restore: the spine (the `sheet` slot and the capture chrome's empty boundary) laid over [initial]. */
    override fun restore(spine: JsonValue) = super.restore(spine)

    override fun reduce(state: State, action: Action): Reduced<State, EffectPayload> = when (action) {
        Action.AddPhotoTapped -> present(Sheet.PhotoSource, over = null, state = state)
        Action.AddVideoTapped -> present(Sheet.VideoSource, over = null, state = state)
        Action.AddVoiceNoteTapped -> present(Sheet.VoiceRecorder, over = null, state = state)
        Action.AddLocationTapped -> present(Sheet.Location, over = null, state = state)
        Action.TagFriendsTapped -> present(Sheet.Friends, over = null, state = state)
        Action.PickDateTapped -> present(Sheet.Date, over = null, state = state)
        is Action.PhotoSourceChosen ->
            present(if (action.fromCamera) Sheet.Camera else Sheet.PhotoLibrary, over = Sheet.PhotoSource, state = state)
        is Action.VideoSourceChosen ->
            present(if (action.fromCamera) Sheet.VideoRecorder else Sheet.VideoLibrary, over = Sheet.VideoSource, state = state)

        // A late report about a picker that is no longer up must not close the current one.
        is Action.ModalDismissed -> if (state.sheet != action.kind) state.reduced() else state.copy(sheet = null).reduced()

        is Action.PhotosAdded ->
            if (state.sheet != Sheet.PhotoLibrary && state.sheet != Sheet.Camera) state.reduced()
            else finishPicking(state.draft.copy(photoIds = state.draft.photoIds + action.ids.filter { it !in state.draft.photoIds }), state)
        is Action.VideoAdded ->
            if (state.sheet != Sheet.VideoLibrary && state.sheet != Sheet.VideoRecorder) state.reduced()
            else finishPicking(state.draft.copy(videoIds = state.draft.videoIds + action.id), state)
        is Action.VoiceNoteRecorded ->
            if (state.sheet != Sheet.VoiceRecorder) state.reduced()
            else finishPicking(state.draft.copy(voiceNoteIds = state.draft.voiceNoteIds + action.id), state)
        is Action.LocationChosen ->
            if (state.sheet != Sheet.Location) state.reduced() else finishPicking(state.draft.copy(placeName = action.placeName), state)
        is Action.FriendsChosen ->
            if (state.sheet != Sheet.Friends) state.reduced() else finishPicking(state.draft.copy(friendIds = action.ids), state)
        is Action.DateChosen ->
            if (state.sheet != Sheet.Date) state.reduced() else finishPicking(state.draft.copy(happenedAt = action.date), state)

        is Action.PhotoRemoved -> state.copy(draft = state.draft.copy(photoIds = state.draft.photoIds.filter { it != action.id })).reduced()
        is Action.TitleChanged -> state.copy(draft = state.draft.copy(title = action.title), validationMessage = "").reduced()
        Action.SaveTapped -> save(state)
        is Action.SaveSucceeded ->
            if (!state.isSaving) state.reduced()
            else state.copy(isSaving = false).reduced(Effect.run(EffectPayload.CaptureFinished(action.memoryId)))
        is Action.SaveFailed ->
            if (!state.isSaving) state.reduced()
            else state.copy(isSaving = false, errorMessage = "Your memory wasn't saved. Check your connection and try again.").reduced()
        Action.CancelTapped ->
            if (state.isSaving) state.copy(sheet = null).reduced(Effect.cancel("capture.save"), Effect.run(EffectPayload.CaptureCancelled))
            else state.copy(sheet = null).reduced(Effect.run(EffectPayload.CaptureCancelled))
    }

    private fun save(state: State): Reduced<State, EffectPayload> {
        if (state.isSaving || state.sheet != null) return state.reduced()
        val draft = state.draft.copy(title = Text.trimWhitespace(state.draft.title))
        val message = when {
            !draft.hasMedia -> "Add a photo, video or voice note first."
            draft.title == "" -> "Give this memory a title."
            else -> ""
        }
        if (message != "") return state.copy(draft = draft, validationMessage = message).reduced()
        return state.copy(draft = draft, validationMessage = "", isSaving = true, errorMessage = "")
            .reduced(Effect.run(EffectPayload.SaveMemory(draft), "capture.save"))
    }

    /** Shows `kind` when the slot holds `over` (null: nothing showing). */
    private fun present(kind: Sheet, over: Sheet?, state: State): Reduced<State, EffectPayload> =
        if (state.sheet != over || state.isSaving) state.reduced() else state.copy(sheet = kind).reduced()

    private fun finishPicking(draft: CaptureDraft, state: State): Reduced<State, EffectPayload> =
        state.copy(draft = draft, sheet = null, validationMessage = "").reduced()
}
