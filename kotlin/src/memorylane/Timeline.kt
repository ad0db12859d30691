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
 * "My Lane": the user's memories, paged, with a detail stack and a share sheet.
 * A deep link rebases the stack onto the linked memory; a link to a deleted memory is inert.
 */
object Timeline : Feature<Timeline.State, Timeline.Action, Timeline.EffectPayload>("timeline", State.Coding, Action.Coding, EffectPayload.Coding) {
    sealed class Route {
        abstract val memoryId: UUID

        data class MemoryDetail(override val memoryId: UUID, val context: String, val startEditing: Boolean, val startSharing: Boolean) : Route()

        companion object Coding : SumCodec<Route>() {
            init {
                labeled(::MemoryDetail, label("memoryId", uuid, MemoryDetail::memoryId), label("context", text, MemoryDetail::context),
                    label("startEditing", bool, MemoryDetail::startEditing), label("startSharing", bool, MemoryDetail::startSharing))
            }
        }
    }

    sealed class Sheet {
        data class SharePicker(val memoryId: UUID, val config: ShareConfig) : Sheet()

        companion object Coding : SumCodec<Sheet>() {
            init {
                labeled(::SharePicker, label("memoryId", uuid, SharePicker::memoryId), label("config", ShareConfig.Coding, SharePicker::config))
            }
        }
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

        companion object Coding : StructCodec<State>() {
            private val path = field("path", list(Route.Coding), Role.Path) { it.path }
            private val sheet = field("sheet", optional(Sheet.Coding), Role.Slot) { it.sheet }
            private val memories = field("memories", list(MemorySummary.Coding)) { it.memories }
            private val nextCursor = field("nextCursor", text) { it.nextCursor }
            private val isLoading = field("isLoading", bool) { it.isLoading }
            private val isLoadingMore = field("isLoadingMore", bool) { it.isLoadingMore }
            private val errorMessage = field("errorMessage", text) { it.errorMessage }
            private val bannerMessage = field("bannerMessage", text) { it.bannerMessage }
            private val deletedMemoryIds = field("deletedMemoryIds", list(uuid)) { it.deletedMemoryIds }
            override fun build(f: Fields) = State(f[path], f[sheet], f[memories], f[nextCursor], f[isLoading], f[isLoadingMore],
                f[errorMessage], f[bannerMessage], f[deletedMemoryIds])
        }
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

        companion object Coding : SumCodec<Action>() {
            init {
                unit { Appeared }
                unit { RefreshPulled }
                unit { ReachedEnd }
                labeled(::PageLoaded, label("memories", list(MemorySummary.Coding), PageLoaded::memories),
                    label("nextCursor", text, PageLoaded::nextCursor))
                labeled(::PageLoadFailed, label("message", text, PageLoadFailed::message))
                labeled(::MemoryTapped, label("memoryId", uuid, MemoryTapped::memoryId))
                labeled(::EditTapped, label("memoryId", uuid, EditTapped::memoryId))
                labeled(::ShareTapped, label("memoryId", uuid, ShareTapped::memoryId))
                labeled(::DeepLinkOpened, label("memoryId", uuid, DeepLinkOpened::memoryId), label("intent", text, DeepLinkOpened::intent))
                unit { BackTapped }
                unit { PopToRootTapped }
                unit { SheetDismissed }
                labeled(::ShareFinished, label("memoryId", uuid, ShareFinished::memoryId), label("recipientCount", int, ShareFinished::recipientCount))
                labeled(::MemoryDeleted, label("memoryId", uuid, MemoryDeleted::memoryId))
                unit { BannerDismissed }
            }
        }
    }

    sealed class EffectPayload {
        data class LoadPage(val cursor: String) : EffectPayload()

        companion object Coding : SumCodec<EffectPayload>() {
            init {
                labeled(::LoadPage, label("cursor", text, LoadPage::cursor))
            }
        }
    }

    override val initial = State()

    /** Restore: the spine (the `path` stack and the `sheet` slot) laid over [initial]. */
    override fun restore(spine: JsonValue) = super.restore(spine)

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
