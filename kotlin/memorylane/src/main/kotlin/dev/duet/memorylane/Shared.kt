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

/** "Shared with me": memories from friends, a detail stack and a reshare sheet. */
object Shared : Feature<Shared.State, Shared.Action, Shared.EffectPayload>("shared", State.Coding, Action.Coding, EffectPayload.Coding) {
    sealed class Route {
        abstract val memoryId: UUID

        data class MemoryDetail(override val memoryId: UUID, val context: String, val startEditing: Boolean) : Route()

        companion object Coding : SumCodec<Route>() {
            init {
                labeled(::MemoryDetail, label("memoryId", uuid, MemoryDetail::memoryId), label("context", text, MemoryDetail::context),
                    label("startEditing", bool, MemoryDetail::startEditing))
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
        val memories: List<SharedMemory> = emptyList(),
        val onlyUnseen: Boolean = false,
        val isLoading: Boolean = false,
        val errorMessage: String = "",
        val bannerMessage: String = ""
    ) {
        fun memory(id: UUID): SharedMemory? = memories.firstOrNull { it.id == id }

        companion object Coding : StructCodec<State>() {
            private val path = field("path", list(Route.Coding), Role.Path) { it.path }
            private val sheet = field("sheet", optional(Sheet.Coding), Role.Slot) { it.sheet }
            private val memories = field("memories", list(SharedMemory.Coding)) { it.memories }
            private val onlyUnseen = field("onlyUnseen", bool) { it.onlyUnseen }
            private val isLoading = field("isLoading", bool) { it.isLoading }
            private val errorMessage = field("errorMessage", text) { it.errorMessage }
            private val bannerMessage = field("bannerMessage", text) { it.bannerMessage }
            override fun build(f: Fields) =
                State(f[path], f[sheet], f[memories], f[onlyUnseen], f[isLoading], f[errorMessage], f[bannerMessage])
        }
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

        companion object Coding : SumCodec<Action>() {
            init {
                unit { Appeared }
                single(::MemoriesLoaded, list(SharedMemory.Coding), MemoriesLoaded::memories)
                labeled(::LoadFailed, label("message", text, LoadFailed::message))
                single(::UnseenFilterToggled, bool, UnseenFilterToggled::onlyUnseen)
                labeled(::MemoryTapped, label("memoryId", uuid, MemoryTapped::memoryId))
                labeled(::EditTapped, label("memoryId", uuid, EditTapped::memoryId))
                labeled(::ReshareTapped, label("memoryId", uuid, ReshareTapped::memoryId))
                labeled(::DeepLinkOpened, label("memoryId", uuid, DeepLinkOpened::memoryId))
                unit { BackTapped }
                unit { SheetDismissed }
                labeled(::ShareFinished, label("memoryId", uuid, ShareFinished::memoryId), label("recipientCount", int, ShareFinished::recipientCount))
            }
        }
    }

    sealed class EffectPayload {
        object LoadShared : EffectPayload()
        data class MarkSeen(val memoryId: UUID) : EffectPayload()

        companion object Coding : SumCodec<EffectPayload>() {
            init {
                unit { LoadShared }
                labeled(::MarkSeen, label("memoryId", uuid, MarkSeen::memoryId))
            }
        }
    }

    override val initial = State()

    /** Restore: the spine (the `path` stack and the `sheet` slot) laid over [initial]. */
    override fun restore(spine: JsonValue) = super.restore(spine)

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
