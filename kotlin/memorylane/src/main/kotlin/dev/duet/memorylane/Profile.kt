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

/** The user's profile: friends, incoming friend requests, inviting more, signing out. */
object Profile : Feature<Profile.State, Profile.Action, Profile.EffectPayload>("profile", State.Coding, Action.Coding, EffectPayload.Coding) {
    data class State(
        val displayName: String = "",
        val friends: List<Friend> = emptyList(),
        /** People who asked to be friends, waiting for an answer. */
        val requests: List<Friend> = emptyList(),
        val isLoading: Boolean = false,
        val errorMessage: String = "",
        val bannerMessage: String = "",
        /** Requests answered but not yet confirmed by the server, to put back on failure. */
        val answeringRequests: List<Friend> = emptyList()
    ) {
        companion object Coding : StructCodec<State>() {
            private val displayName = field("displayName", text) { it.displayName }
            private val friends = field("friends", list(Friend.Coding)) { it.friends }
            private val requests = field("requests", list(Friend.Coding)) { it.requests }
            private val isLoading = field("isLoading", bool) { it.isLoading }
            private val errorMessage = field("errorMessage", text) { it.errorMessage }
            private val bannerMessage = field("bannerMessage", text) { it.bannerMessage }
            private val answeringRequests = field("answeringRequests", list(Friend.Coding)) { it.answeringRequests }
            override fun build(f: Fields) =
                State(f[displayName], f[friends], f[requests], f[isLoading], f[errorMessage], f[bannerMessage], f[answeringRequests])
        }
    }

    sealed class Action {
        object Appeared : Action()
        data class ProfileLoaded(val displayName: String, val friends: List<Friend>, val requests: List<Friend>) : Action()
        data class ProfileLoadFailed(val message: String) : Action()
        data class RequestAccepted(val friendId: UUID) : Action()
        data class RequestDeclined(val friendId: UUID) : Action()
        data class RequestAnswerConfirmed(val friendId: UUID) : Action()
        data class RequestAnswerFailed(val friendId: UUID) : Action()
        data class RemoveFriendTapped(val friendId: UUID) : Action()
        object InviteFriendsTapped : Action()
        object SignOutTapped : Action()

        companion object Coding : SumCodec<Action>() {
            init {
                unit { Appeared }
                labeled(::ProfileLoaded, label("displayName", text, ProfileLoaded::displayName),
                    label("friends", list(Friend.Coding), ProfileLoaded::friends), label("requests", list(Friend.Coding), ProfileLoaded::requests))
                labeled(::ProfileLoadFailed, label("message", text, ProfileLoadFailed::message))
                labeled(::RequestAccepted, label("friendId", uuid, RequestAccepted::friendId))
                labeled(::RequestDeclined, label("friendId", uuid, RequestDeclined::friendId))
                labeled(::RequestAnswerConfirmed, label("friendId", uuid, RequestAnswerConfirmed::friendId))
                labeled(::RequestAnswerFailed, label("friendId", uuid, RequestAnswerFailed::friendId))
                labeled(::RemoveFriendTapped, label("friendId", uuid, RemoveFriendTapped::friendId))
                unit { InviteFriendsTapped }
                unit { SignOutTapped }
            }
        }
    }

    sealed class EffectPayload {
        object LoadProfile : EffectPayload()
        data class AnswerRequest(val friendId: UUID, val accept: Boolean) : EffectPayload()
        data class RemoveFriend(val friendId: UUID) : EffectPayload()
        /** Delegate: exactly `MainNav.Action.InviteRequested`. */
        data class InviteRequested(val prefilledCode: String?) : EffectPayload()
        /** Delegate: exactly `RootNav.Action.SignOutRequested`. */
        object SignOutRequested : EffectPayload()

        companion object Coding : SumCodec<EffectPayload>() {
            init {
                unit { LoadProfile }
                labeled(::AnswerRequest, label("friendId", uuid, AnswerRequest::friendId), label("accept", bool, AnswerRequest::accept))
                labeled(::RemoveFriend, label("friendId", uuid, RemoveFriend::friendId))
                labeled(::InviteRequested, label("prefilledCode", optional(text), InviteRequested::prefilledCode))
                unit { SignOutRequested }
            }
        }
    }

    override val initial = State()

    /** Restore: the spine laid over [initial] (no L0 fields). */
    override fun restore(spine: JsonValue) = super.restore(spine)

    override fun reduce(state: State, action: Action): Reduced<State, EffectPayload> = when (action) {
        Action.Appeared ->
            if (state.isLoading) state.reduced()
            else state.copy(isLoading = true, errorMessage = "").reduced(Effect.run(EffectPayload.LoadProfile, "profile.load"))
        is Action.ProfileLoaded ->
            if (!state.isLoading) state.reduced()
            else state.copy(isLoading = false, displayName = action.displayName, friends = action.friends, requests = action.requests).reduced()
        is Action.ProfileLoadFailed ->
            if (!state.isLoading) state.reduced()
            else state.copy(isLoading = false, errorMessage = "Couldn't load your profile. Pull to try again.").reduced()
        is Action.RequestAccepted -> {
            val taken = takeRequest(action.friendId, state)
            if (taken == null) state.reduced()
            else taken.second.copy(friends = taken.second.friends + taken.first, bannerMessage = "You and ${taken.first.name} are now friends.")
                .reduced(Effect.run(EffectPayload.AnswerRequest(action.friendId, true)))
        }
        is Action.RequestDeclined -> {
            val taken = takeRequest(action.friendId, state)
            if (taken == null) state.reduced()
            else taken.second.copy(bannerMessage = "").reduced(Effect.run(EffectPayload.AnswerRequest(action.friendId, false)))
        }
        is Action.RequestAnswerConfirmed -> state.copy(answeringRequests = state.answeringRequests.filter { it.id != action.friendId }).reduced()
        // Undo the optimistic answer: the request comes back, an accepted friend goes.
        is Action.RequestAnswerFailed -> {
            val index = state.answeringRequests.indexOfFirst { it.id == action.friendId }
            if (index < 0) state.reduced()
            else {
                val request = state.answeringRequests[index]
                state.copy(
                    answeringRequests = state.answeringRequests.filterIndexed { i, _ -> i != index },
                    friends = state.friends.filter { it.id != action.friendId },
                    requests = state.requests + request,
                    bannerMessage = "Couldn't answer ${request.name}'s request. Try again."
                ).reduced()
            }
        }
        is Action.RemoveFriendTapped ->
            if (state.friends.none { it.id == action.friendId }) state.reduced()
            else state.copy(friends = state.friends.filter { it.id != action.friendId }).reduced(Effect.run(EffectPayload.RemoveFriend(action.friendId)))
        Action.InviteFriendsTapped -> state.reduced(Effect.run(EffectPayload.InviteRequested(null)))
        Action.SignOutTapped -> state.reduced(Effect.cancel("profile.load"), Effect.run(EffectPayload.SignOutRequested))
    }

    /** The request moved from `requests` to `answeringRequests`, and the state after; null when there is none. */
    private fun takeRequest(friendId: UUID, state: State): Pair<Friend, State>? {
        val index = state.requests.indexOfFirst { it.id == friendId }
        if (index < 0) return null
        val request = state.requests[index]
        return request to state.copy(requests = state.requests.filterIndexed { i, _ -> i != index }, answeringRequests = state.answeringRequests + request)
    }
}
