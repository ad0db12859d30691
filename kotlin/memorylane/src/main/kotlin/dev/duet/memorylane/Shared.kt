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

/** "Shared with me": memories from friends, a detail stack and a reshare sheet. */
object Shared : Feature<Shared.State, Shared.Action, Shared.EffectPayload>("shared", State.Coding, Action.Coding, EffectPayload.Coding) {
    sealed class Route {
        abstract val memoryId: UUID

        data class MemoryDetail(override val memoryId: UUID, val context: String, val startEditing: Boolean) : Route()

        companion object Coding : SumCodec<Route>({
            labeled("memoryDetail", ::MemoryDetail, label(MemoryDetail::memoryId, uuid),
                label(MemoryDetail::context, text),
                label(MemoryDetail::startEditing, bool))
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
        val memories: List<SharedMemory> = emptyList(),
        val onlyUnseen: Boolean = false,
        val isLoading: Boolean = false,
        val errorMessage: String = "",
        val bannerMessage: String = ""
    ) {
        fun memory(id: UUID): SharedMemory? = memories.firstOrNull { it.id == id }

        companion object Coding : StructCodec<State>({ members(::State,
            field(State::path, list(Route.Coding), Role.Path),
            field(State::sheet, optional(Sheet.Coding), Role.Slot),
            field(State::memories, list(SharedMemory.Coding)),
            field(State::onlyUnseen, bool),
            field(State::isLoading, bool),
            field(State::errorMessage, text),
            field(State::bannerMessage, text)) })
    }

    sealed class Action {
        object Appeared : Action()
        data class MemoriesLoaded(val memories: List<SharedMemory>) : Action()
        data class LoadFailed(val message: String) : Action()
        data class UnseenFilterToggled(val onlyUnseen: Boolean) : Action()
        data class MemoryTapped(val memoryId: UUID) : Action()
        data class EditTapped(val memoryId: UUID) : Action()
        data class ReshareTapped(val memoryId: UUID) : Action()
        data class DeepLinkOpened(val memoryId: UUID) : Action()
        object BackTapped : Action()
        object SheetDismissed : Action()
        data class ShareFinished(val memoryId: UUID, val recipientCount: Long) : Action()

        companion object Coding : SumCodec<Action>({
            unit("appeared") { Appeared }
            single("memoriesLoaded", ::MemoriesLoaded, list(SharedMemory.Coding), MemoriesLoaded::memories)
            labeled("loadFailed", ::LoadFailed, label(LoadFailed::message, text))
            single("unseenFilterToggled", ::UnseenFilterToggled, bool, UnseenFilterToggled::onlyUnseen)
            labeled("memoryTapped", ::MemoryTapped, label(MemoryTapped::memoryId, uuid))
            labeled("editTapped", ::EditTapped, label(EditTapped::memoryId, uuid))
            labeled("reshareTapped", ::ReshareTapped, label(ReshareTapped::memoryId, uuid))
            labeled("deepLinkOpened", ::DeepLinkOpened, label(DeepLinkOpened::memoryId, uuid))
            unit("backTapped") { BackTapped }
            unit("sheetDismissed") { SheetDismissed }
            labeled("shareFinished", ::ShareFinished, label(ShareFinished::memoryId, uuid), label(ShareFinished::recipientCount, int))
        })
    }

    sealed class EffectPayload {
        object LoadShared : EffectPayload()
        data class MarkSeen(val memoryId: UUID) : EffectPayload()

        companion object Coding : SumCodec<EffectPayload>({
            unit("loadShared") { LoadShared }
            labeled("markSeen", ::MarkSeen, label(MarkSeen::memoryId, uuid))
        })
    }

    override val initial = State()

    override fun reduce(state: State, action: Action): Reduced<State, EffectPayload> = when (action) {
        Action.Appeared ->
            if (state.isLoading) state.reduced()
            else state.copy(isLoading = true, errorMessage = "").reduced(Effect.run(EffectPayload.LoadShared, "shared.load"))
        // What friends shared is the truth whenever it arrives, also on a screen relaunched while its
        // request was out. Routes to memories that are no longer shared with us would open nothing.
        is Action.MemoriesLoaded ->
            state.copy(isLoading = false, memories = action.memories,
                path = state.path.filter { route -> action.memories.any { it.id == route.memoryId } }).reduced()
        is Action.LoadFailed ->
            if (!state.isLoading) state.reduced()
            else state.copy(isLoading = false, errorMessage = "Couldn't load what friends shared. Pull to try again.").reduced()
        is Action.UnseenFilterToggled -> state.copy(onlyUnseen = action.onlyUnseen).reduced()
        is Action.MemoryTapped -> open(action.memoryId, editing = false, state = state)
        is Action.EditTapped ->
            if (state.memory(action.memoryId)?.canEdit != true)
                state.copy(bannerMessage = "Only people this memory was shared with as co-owners can edit it.").reduced()
            else open(action.memoryId, editing = true, state = state)
        is Action.ReshareTapped ->
            if (state.sheet != null || state.memory(action.memoryId) == null) state.reduced()
            else state.copy(sheet = Sheet.SharePicker(action.memoryId, ShareConfig(audience = "friends", includeLocation = false))).reduced()
        is Action.DeepLinkOpened ->
            if (state.memory(action.memoryId) == null && state.memories.isNotEmpty())
                state.copy(bannerMessage = "That memory is no longer shared with you.").reduced()
            else markSeen(action.memoryId, state.copy(sheet = null, path = listOf(Route.MemoryDetail(action.memoryId, "deepLink", false))))
        Action.BackTapped -> if (state.path.isEmpty()) state.reduced() else state.copy(path = state.path.dropLast(1)).reduced()
        Action.SheetDismissed -> state.copy(sheet = null).reduced()
        is Action.ShareFinished -> {
            val sheet = state.sheet
            if (sheet !is Sheet.SharePicker || sheet.memoryId != action.memoryId) state.reduced()
            else state.copy(sheet = null, bannerMessage =
                if (action.recipientCount == 1L) "Reshared with 1 person." else "Reshared with ${action.recipientCount} people.").reduced()
        }
    }

    private fun open(memoryId: UUID, editing: Boolean, state: State): Reduced<State, EffectPayload> =
        if (state.memory(memoryId) == null) state.reduced()
        else markSeen(memoryId, state.copy(bannerMessage = "", path = state.path + Route.MemoryDetail(memoryId, "shared", editing)))

    private fun markSeen(memoryId: UUID, state: State): Reduced<State, EffectPayload> {
        val index = state.memories.indexOfFirst { it.id == memoryId }
        if (index < 0 || !state.memories[index].isUnseen) return state.reduced()
        val memories = state.memories.mapIndexed { i, m -> if (i == index) m.copy(isUnseen = false) else m }
        return state.copy(memories = memories).reduced(Effect.run(EffectPayload.MarkSeen(memoryId)))
    }
}
