package memorylane

import duet.coding.Fields
import duet.coding.StructCodec
import duet.coding.SumCodec
import duet.dialect.JsonValue
import duet.kernel.Effect
import duet.kernel.Feature
import duet.kernel.Reduced
import duet.kernel.reduced
import java.util.UUID

/** Choosing who sees a memory: friends (pick at least one) or a link, with or without place. */
object SharePicker : Feature<SharePicker.State, SharePicker.Action, SharePicker.EffectPayload>(
    "sharepicker", State.Coding, Action.Coding, EffectPayload.Coding
) {
    data class State(
        val memoryId: UUID? = null,
        val config: ShareConfig = ShareConfig(),
        val friends: List<Friend> = emptyList(),
        val selectedFriendIds: List<UUID> = emptyList(),
        val isLoadingFriends: Boolean = false,
        val isSending: Boolean = false,
        val errorMessage: String = ""
    ) {
        companion object Coding : StructCodec<State>() {
            private val memoryId = field("memoryId", optional(uuid)) { it.memoryId }
            private val config = field("config", ShareConfig.Coding) { it.config }
            private val friends = field("friends", list(Friend.Coding)) { it.friends }
            private val selectedFriendIds = field("selectedFriendIds", list(uuid)) { it.selectedFriendIds }
            private val isLoadingFriends = field("isLoadingFriends", bool) { it.isLoadingFriends }
            private val isSending = field("isSending", bool) { it.isSending }
            private val errorMessage = field("errorMessage", text) { it.errorMessage }
            override fun build(f: Fields) = State(f[memoryId], f[config], f[friends], f[selectedFriendIds], f[isLoadingFriends],
                f[isSending], f[errorMessage])
        }
    }

    sealed class Action {
        data class Appeared(val memoryId: UUID, val config: ShareConfig) : Action()
        data class FriendsLoaded(val friends: List<Friend>) : Action()
        data class FriendsLoadFailed(val message: String) : Action()
        data class FriendToggled(val friendId: UUID) : Action()
        data class AudienceChanged(val audience: String) : Action()
        data class IncludeLocationToggled(val include: Boolean) : Action()
        object SendTapped : Action()
        object ShareSucceeded : Action()
        data class ShareFailed(val message: String) : Action()
        object CancelTapped : Action()

        companion object Coding : SumCodec<Action>() {
            init {
                labeled(::Appeared, label("memoryId", uuid, Appeared::memoryId), label("config", ShareConfig.Coding, Appeared::config))
                single(::FriendsLoaded, list(Friend.Coding), FriendsLoaded::friends)
                labeled(::FriendsLoadFailed, label("message", text, FriendsLoadFailed::message))
                labeled(::FriendToggled, label("friendId", uuid, FriendToggled::friendId))
                single(::AudienceChanged, text, AudienceChanged::audience)
                single(::IncludeLocationToggled, bool, IncludeLocationToggled::include)
                unit { SendTapped }
                unit { ShareSucceeded }
                labeled(::ShareFailed, label("message", text, ShareFailed::message))
                unit { CancelTapped }
            }
        }
    }

    sealed class EffectPayload {
        object LoadFriends : EffectPayload()
        data class Share(val memoryId: UUID, val friendIds: List<UUID>, val config: ShareConfig) : EffectPayload()
        /** Delegate: exactly the hosts' `shareFinished` (timeline, shared, memorydetail). */
        data class ShareFinished(val memoryId: UUID, val recipientCount: Long) : EffectPayload()
        /** Delegate: exactly the hosts' `sheetDismissed`. */
        object SheetDismissed : EffectPayload()

        companion object Coding : SumCodec<EffectPayload>() {
            init {
                unit { LoadFriends }
                labeled(::Share, label("memoryId", uuid, Share::memoryId), label("friendIds", list(uuid), Share::friendIds),
                    label("config", ShareConfig.Coding, Share::config))
                labeled(::ShareFinished, label("memoryId", uuid, ShareFinished::memoryId), label("recipientCount", int, ShareFinished::recipientCount))
                unit { SheetDismissed }
            }
        }
    }

    override val initial = State()

    /** Restore: the spine laid over [initial] (no L0 fields). */
    override fun restore(spine: JsonValue) = super.restore(spine)

    override fun reduce(state: State, action: Action): Reduced<State, EffectPayload> = when (action) {
        is Action.Appeared ->
            if (state.memoryId == action.memoryId) state.reduced()
            else State(memoryId = action.memoryId, config = action.config, isLoadingFriends = true)
                .reduced(Effect.run(EffectPayload.LoadFriends, "sharepicker.friends"))
        is Action.FriendsLoaded ->
            if (!state.isLoadingFriends) state.reduced()
            else state.copy(isLoadingFriends = false, friends = action.friends,
                selectedFriendIds = state.selectedFriendIds.filter { id -> action.friends.any { it.id == id } }).reduced()
        is Action.FriendsLoadFailed ->
            if (!state.isLoadingFriends) state.reduced()
            else state.copy(isLoadingFriends = false, errorMessage = "Couldn't load your friends. You can still share a link.").reduced()
        is Action.FriendToggled -> {
            if (state.isSending || state.friends.none { it.id == action.friendId }) state.reduced()
            else {
                val index = state.selectedFriendIds.indexOf(action.friendId)
                val selected = if (index >= 0) state.selectedFriendIds.filterIndexed { i, _ -> i != index } else state.selectedFriendIds + action.friendId
                state.copy(selectedFriendIds = selected, errorMessage = "").reduced()
            }
        }
        is Action.AudienceChanged ->
            if (state.isSending || (action.audience != "friends" && action.audience != "link")) state.reduced()
            else state.copy(config = state.config.copy(audience = action.audience), errorMessage = "").reduced()
        is Action.IncludeLocationToggled ->
            if (state.isSending) state.reduced() else state.copy(config = state.config.copy(includeLocation = action.include)).reduced()
        Action.SendTapped -> send(state)
        Action.ShareSucceeded -> {
            val memoryId = state.memoryId
            if (!state.isSending || memoryId == null) state.reduced()
            else {
                val count = if (state.config.audience == "link") 0L else state.selectedFriendIds.size.toLong()
                state.copy(isSending = false).reduced(Effect.run(EffectPayload.ShareFinished(memoryId, count)))
            }
        }
        is Action.ShareFailed ->
            if (!state.isSending) state.reduced()
            else state.copy(isSending = false, errorMessage = "Sharing didn't work. Try again in a moment.").reduced()
        Action.CancelTapped ->
            if (state.isSending) state.copy(isSending = false).reduced(Effect.cancel("sharepicker.send"), Effect.run(EffectPayload.SheetDismissed))
            else state.reduced(Effect.run(EffectPayload.SheetDismissed))
    }

    private fun send(state: State): Reduced<State, EffectPayload> {
        val memoryId = state.memoryId
        if (state.isSending || memoryId == null) return state.reduced()
        val recipients = if (state.config.audience == "link") emptyList() else state.selectedFriendIds
        if (state.config.audience != "link" && recipients.isEmpty()) return state.copy(errorMessage = "Pick at least one friend to share with.").reduced()
        return state.copy(isSending = true, errorMessage = "")
            .reduced(Effect.run(EffectPayload.Share(memoryId, recipients, state.config), "sharepicker.send"))
    }
}
