package dev.duet.memorylane

import dev.duet.coding.CaseEnumCodec
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
import java.time.Instant
import java.util.UUID

/**
 * Putting a memory together. One slot spans ten pickers; the host reports any dismissal with
 * `modalDismissed(kind)`, which only closes the slot if that kind is still showing.
 */
object Capture : Feature<Capture.State, Capture.Action, Capture.EffectPayload>("capture", State.Coding, Action.Coding, EffectPayload.Coding) {
    enum class Sheet(val wire: String) {
        PhotoSource("photoSource"), PhotoLibrary("photoLibrary"), Camera("camera"), VideoSource("videoSource"),
        VideoRecorder("videoRecorder"), VideoLibrary("videoLibrary"), VoiceRecorder("voiceRecorder"), Location("location"),
        Friends("friends"), Date("date");

        companion object {
            val coding = CaseEnumCodec(values(), Sheet::wire)
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
        companion object Coding : StructCodec<State>({ members(::State,
            field(State::sheet, optional(Sheet.coding), Role.Slot),
            field(State::mediaCaptureChrome, MediaCaptureChromeSummary.coding, Role.Island(MediaCaptureChromeSummary.ISLAND)),
            field(State::draft, CaptureDraft.Coding),
            field(State::validationMessage, text),
            field(State::isSaving, bool),
            field(State::errorMessage, text)) })
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

        companion object Coding : SumCodec<Action>({
            unit("addPhotoTapped") { AddPhotoTapped }
            labeled("photoSourceChosen", ::PhotoSourceChosen, label(PhotoSourceChosen::fromCamera, bool))
            unit("addVideoTapped") { AddVideoTapped }
            labeled("videoSourceChosen", ::VideoSourceChosen, label(VideoSourceChosen::fromCamera, bool))
            unit("addVoiceNoteTapped") { AddVoiceNoteTapped }
            unit("addLocationTapped") { AddLocationTapped }
            unit("tagFriendsTapped") { TagFriendsTapped }
            unit("pickDateTapped") { PickDateTapped }
            single("modalDismissed", ::ModalDismissed, Sheet.coding, ModalDismissed::kind)
            labeled("photosAdded", ::PhotosAdded, label(PhotosAdded::ids, list(uuid)))
            labeled("videoAdded", ::VideoAdded, label(VideoAdded::id, uuid))
            labeled("voiceNoteRecorded", ::VoiceNoteRecorded, label(VoiceNoteRecorded::id, uuid))
            labeled("locationChosen", ::LocationChosen, label(LocationChosen::placeName, text))
            labeled("friendsChosen", ::FriendsChosen, label(FriendsChosen::ids, list(uuid)))
            single("dateChosen", ::DateChosen, date, DateChosen::date)
            labeled("photoRemoved", ::PhotoRemoved, label(PhotoRemoved::id, uuid))
            single("titleChanged", ::TitleChanged, text, TitleChanged::title)
            unit("saveTapped") { SaveTapped }
            labeled("saveSucceeded", ::SaveSucceeded, label(SaveSucceeded::memoryId, uuid))
            labeled("saveFailed", ::SaveFailed, label(SaveFailed::message, text))
            unit("cancelTapped") { CancelTapped }
        })
    }

    sealed class EffectPayload {
        data class SaveMemory(val draft: CaptureDraft) : EffectPayload()
        /** Delegate: exactly `MainNav.Action.CaptureFinished`. */
        data class CaptureFinished(val memoryId: UUID) : EffectPayload()
        /** Delegate: exactly `MainNav.Action.CaptureCancelled`. */
        object CaptureCancelled : EffectPayload()

        companion object Coding : SumCodec<EffectPayload>({
            single("saveMemory", ::SaveMemory, CaptureDraft.Coding, SaveMemory::draft)
            labeled("captureFinished", ::CaptureFinished, label(CaptureFinished::memoryId, uuid))
            unit("captureCancelled") { CaptureCancelled }
        })
    }

    override val initial = State()

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
