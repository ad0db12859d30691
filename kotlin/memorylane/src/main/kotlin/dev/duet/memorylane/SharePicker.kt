package dev.duet.memorylane

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
        companion object Coding : StructCodec<State>({ members(::State,
            field(State::memoryId, optional(uuid)),
            field(State::config, ShareConfig.Coding),
            field(State::friends, list(Friend.Coding)),
            field(State::selectedFriendIds, list(uuid)),
            field(State::isLoadingFriends, bool),
            field(State::isSending, bool),
            field(State::errorMessage, text)) })
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

        companion object Coding : SumCodec<Action>({
            labeled("appeared", ::Appeared, label(Appeared::memoryId, uuid), label(Appeared::config, ShareConfig.Coding))
            single("friendsLoaded", ::FriendsLoaded, list(Friend.Coding), FriendsLoaded::friends)
            labeled("friendsLoadFailed", ::FriendsLoadFailed, label(FriendsLoadFailed::message, text))
            labeled("friendToggled", ::FriendToggled, label(FriendToggled::friendId, uuid))
            single("audienceChanged", ::AudienceChanged, text, AudienceChanged::audience)
            single("includeLocationToggled", ::IncludeLocationToggled, bool, IncludeLocationToggled::include)
            unit("sendTapped") { SendTapped }
            unit("shareSucceeded") { ShareSucceeded }
            labeled("shareFailed", ::ShareFailed, label(ShareFailed::message, text))
            unit("cancelTapped") { CancelTapped }
        })
    }

    sealed class EffectPayload {
        object LoadFriends : EffectPayload()
        data class Share(val memoryId: UUID, val friendIds: List<UUID>, val config: ShareConfig) : EffectPayload()
        /** Delegate: exactly the hosts' `shareFinished` (timeline, shared, memorydetail). */
        data class ShareFinished(val memoryId: UUID, val recipientCount: Long) : EffectPayload()
        /** Delegate: exactly the hosts' `sheetDismissed`. */
        object SheetDismissed : EffectPayload()

        companion object Coding : SumCodec<EffectPayload>({
            unit("loadFriends") { LoadFriends }
            labeled("share", ::Share, label(Share::memoryId, uuid),
                label(Share::friendIds, list(uuid)),
                label(Share::config, ShareConfig.Coding))
            labeled("shareFinished", ::ShareFinished, label(ShareFinished::memoryId, uuid), label(ShareFinished::recipientCount, int))
            unit("sheetDismissed") { SheetDismissed }
        })
    }

    override val initial = State()

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
