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
 * "My Lane": the user's memories, paged, with a detail stack and a share sheet.
 * A deep link rebases the stack onto the linked memory; a link to a deleted memory is inert.
 */
object Timeline : Feature<Timeline.State, Timeline.Action, Timeline.EffectPayload>("timeline", State.Coding, Action.Coding, EffectPayload.Coding) {
    sealed class Route {
        abstract val memoryId: UUID

        data class MemoryDetail(override val memoryId: UUID, val context: String, val startEditing: Boolean, val startSharing: Boolean) : Route()

        companion object Coding : SumCodec<Route>({
            labeled("memoryDetail", ::MemoryDetail, label(MemoryDetail::memoryId, uuid),
                label(MemoryDetail::context, text),
                label(MemoryDetail::startEditing, bool),
                label(MemoryDetail::startSharing, bool))
        })
    }

    sealed class Sheet {
        data class SharePicker(val memoryId: UUID, val config: ShareConfig) : Sheet()

        companion object Coding : SumCodec<Sheet>({
            labeled("sharePicker", ::SharePicker, label(SharePicker::memoryId, uuid), label(SharePicker::config, ShareConfig.Coding))
        })
    }

    data class State(
        val path: List<Route> = emptyList(),
        val sheet: Sheet? = null,
        val memories: List<MemorySummary> = emptyList(),
        /** Empty when there is no further page. */
        val nextCursor: String = "",
        val isLoading: Boolean = false,
        val isLoadingMore: Boolean = false,
        val errorMessage: String = "",
        val bannerMessage: String = "",
        val deletedMemoryIds: List<UUID> = emptyList()
    ) {
        fun memory(id: UUID): MemorySummary? = memories.firstOrNull { it.id == id }

        companion object Coding : StructCodec<State>({ members(::State,
            field(State::path, list(Route.Coding), Role.Path),
            field(State::sheet, optional(Sheet.Coding), Role.Slot),
            field(State::memories, list(MemorySummary.Coding)),
            field(State::nextCursor, text),
            field(State::isLoading, bool),
            field(State::isLoadingMore, bool),
            field(State::errorMessage, text),
            field(State::bannerMessage, text),
            field(State::deletedMemoryIds, list(uuid))) })
    }

    sealed class Action {
        object Appeared : Action()
        object RefreshPulled : Action()
        object ReachedEnd : Action()
        data class PageLoaded(val memories: List<MemorySummary>, val nextCursor: String) : Action()
        data class PageLoadFailed(val message: String) : Action()
        data class MemoryTapped(val memoryId: UUID) : Action()
        data class EditTapped(val memoryId: UUID) : Action()
        data class ShareTapped(val memoryId: UUID) : Action()
        data class DeepLinkOpened(val memoryId: UUID, val intent: String) : Action()
        object BackTapped : Action()
        object PopToRootTapped : Action()
        object SheetDismissed : Action()
        data class ShareFinished(val memoryId: UUID, val recipientCount: Long) : Action()
        data class MemoryDeleted(val memoryId: UUID) : Action()
        object BannerDismissed : Action()

        companion object Coding : SumCodec<Action>({
            unit("appeared") { Appeared }
            unit("refreshPulled") { RefreshPulled }
            unit("reachedEnd") { ReachedEnd }
            labeled("pageLoaded", ::PageLoaded, label(PageLoaded::memories, list(MemorySummary.Coding)),
                label(PageLoaded::nextCursor, text))
            labeled("pageLoadFailed", ::PageLoadFailed, label(PageLoadFailed::message, text))
            labeled("memoryTapped", ::MemoryTapped, label(MemoryTapped::memoryId, uuid))
            labeled("editTapped", ::EditTapped, label(EditTapped::memoryId, uuid))
            labeled("shareTapped", ::ShareTapped, label(ShareTapped::memoryId, uuid))
            labeled("deepLinkOpened", ::DeepLinkOpened, label(DeepLinkOpened::memoryId, uuid), label(DeepLinkOpened::intent, text))
            unit("backTapped") { BackTapped }
            unit("popToRootTapped") { PopToRootTapped }
            unit("sheetDismissed") { SheetDismissed }
            labeled("shareFinished", ::ShareFinished, label(ShareFinished::memoryId, uuid), label(ShareFinished::recipientCount, int))
            labeled("memoryDeleted", ::MemoryDeleted, label(MemoryDeleted::memoryId, uuid))
            unit("bannerDismissed") { BannerDismissed }
        })
    }

    sealed class EffectPayload {
        data class LoadPage(val cursor: String) : EffectPayload()

        companion object Coding : SumCodec<EffectPayload>({
            labeled("loadPage", ::LoadPage, label(LoadPage::cursor, text))
        })
    }

    override val initial = State()

    override fun reduce(state: State, action: Action): Reduced<State, EffectPayload> = when (action) {
        Action.Appeared -> if (state.memories.isNotEmpty() || state.isLoading) state.reduced() else loadFirstPage(state)
        Action.RefreshPulled -> loadFirstPage(state)
        Action.ReachedEnd ->
            if (state.nextCursor == "" || state.isLoading || state.isLoadingMore) state.reduced()
            else state.copy(isLoadingMore = true).reduced(Effect.run(EffectPayload.LoadPage(state.nextCursor), "timeline.load"))
        is Action.PageLoaded -> {
            if (!state.isLoading && !state.isLoadingMore) state.reduced()
            else {
                val fresh = action.memories.filter { it.id !in state.deletedMemoryIds }
                state.copy(memories = if (state.isLoadingMore) state.memories + fresh else fresh, nextCursor = action.nextCursor,
                    isLoading = false, isLoadingMore = false, errorMessage = "").reduced()
            }
        }
        is Action.PageLoadFailed ->
            if (!state.isLoading && !state.isLoadingMore) state.reduced()
            else state.copy(errorMessage = if (state.isLoadingMore) "Couldn't load older memories. Scroll down to try again."
                else "Couldn't load your lane. Pull to refresh to try again.", isLoading = false, isLoadingMore = false).reduced()
        is Action.MemoryTapped -> open(action.memoryId, editing = false, state = state)
        is Action.EditTapped -> open(action.memoryId, editing = true, state = state)
        is Action.ShareTapped ->
            if (state.sheet != null || state.memory(action.memoryId) == null) state.reduced()
            else state.copy(sheet = Sheet.SharePicker(action.memoryId, ShareConfig())).reduced()
        is Action.DeepLinkOpened ->
            if (action.memoryId in state.deletedMemoryIds) state.copy(bannerMessage = "That memory is no longer available.").reduced()
            else state.copy(sheet = null, path = listOf(Route.MemoryDetail(action.memoryId, "deepLink",
                startEditing = action.intent == "edit", startSharing = action.intent == "share"))).reduced()
        Action.BackTapped -> if (state.path.isEmpty()) state.reduced() else state.copy(path = state.path.dropLast(1)).reduced()
        Action.PopToRootTapped -> state.copy(path = emptyList()).reduced()
        Action.SheetDismissed -> state.copy(sheet = null).reduced()
        is Action.ShareFinished -> {
            val sheet = state.sheet
            if (sheet !is Sheet.SharePicker || sheet.memoryId != action.memoryId) state.reduced()
            else state.copy(sheet = null,
                memories = state.memories.mapIndexed { i, m ->
                    if (i == state.memories.indexOfFirst { it.id == action.memoryId }) m.copy(shareCount = try { Math.addExact(m.shareCount, action.recipientCount) } catch (e: ArithmeticException) { if (action.recipientCount > 0) Long.MAX_VALUE else Long.MIN_VALUE }) else m
                },
                bannerMessage = if (action.recipientCount == 1L) "Shared with 1 person." else "Shared with ${action.recipientCount} people.").reduced()
        }
        is Action.MemoryDeleted -> {
            if (action.memoryId in state.deletedMemoryIds) state.reduced()
            else {
                val sheet = state.sheet
                state.copy(deletedMemoryIds = state.deletedMemoryIds + action.memoryId,
                    memories = state.memories.filter { it.id != action.memoryId },
                    path = state.path.filter { it.memoryId != action.memoryId },
                    sheet = if (sheet is Sheet.SharePicker && sheet.memoryId == action.memoryId) null else sheet,
                    bannerMessage = "Memory deleted.").reduced()
            }
        }
        Action.BannerDismissed -> state.copy(bannerMessage = "").reduced()
    }

    private fun loadFirstPage(state: State) =
        state.copy(isLoading = true, isLoadingMore = false, errorMessage = "").reduced(Effect.run(EffectPayload.LoadPage(""), "timeline.load"))

    private fun open(memoryId: UUID, editing: Boolean, state: State): Reduced<State, EffectPayload> =
        if (state.memory(memoryId) == null) state.reduced()
        else state.copy(path = state.path + Route.MemoryDetail(memoryId, "timeline", startEditing = editing, startSharing = false)).reduced()
}
