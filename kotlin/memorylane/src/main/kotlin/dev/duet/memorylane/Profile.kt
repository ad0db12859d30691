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
        companion object Coding : StructCodec<State>({ members(::State,
            field(State::displayName, text),
            field(State::friends, list(Friend.Coding)),
            field(State::requests, list(Friend.Coding)),
            field(State::isLoading, bool),
            field(State::errorMessage, text),
            field(State::bannerMessage, text),
            field(State::answeringRequests, list(Friend.Coding))) })
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

        companion object Coding : SumCodec<Action>({
            unit("appeared") { Appeared }
            labeled("profileLoaded", ::ProfileLoaded, label(ProfileLoaded::displayName, text),
                label(ProfileLoaded::friends, list(Friend.Coding)),
                label(ProfileLoaded::requests, list(Friend.Coding)))
            labeled("profileLoadFailed", ::ProfileLoadFailed, label(ProfileLoadFailed::message, text))
            labeled("requestAccepted", ::RequestAccepted, label(RequestAccepted::friendId, uuid))
            labeled("requestDeclined", ::RequestDeclined, label(RequestDeclined::friendId, uuid))
            labeled("requestAnswerConfirmed", ::RequestAnswerConfirmed, label(RequestAnswerConfirmed::friendId, uuid))
            labeled("requestAnswerFailed", ::RequestAnswerFailed, label(RequestAnswerFailed::friendId, uuid))
            labeled("removeFriendTapped", ::RemoveFriendTapped, label(RemoveFriendTapped::friendId, uuid))
            unit("inviteFriendsTapped") { InviteFriendsTapped }
            unit("signOutTapped") { SignOutTapped }
        })
    }

    sealed class EffectPayload {
        object LoadProfile : EffectPayload()
        data class AnswerRequest(val friendId: UUID, val accept: Boolean) : EffectPayload()
        data class RemoveFriend(val friendId: UUID) : EffectPayload()
        /** Delegate: exactly `MainNav.Action.InviteRequested`. */
        data class InviteRequested(val prefilledCode: String?) : EffectPayload()
        /** Delegate: exactly `RootNav.Action.SignOutRequested`. */
        object SignOutRequested : EffectPayload()

        companion object Coding : SumCodec<EffectPayload>({
            unit("loadProfile") { LoadProfile }
            labeled("answerRequest", ::AnswerRequest, label(AnswerRequest::friendId, uuid), label(AnswerRequest::accept, bool))
            labeled("removeFriend", ::RemoveFriend, label(RemoveFriend::friendId, uuid))
            labeled("inviteRequested", ::InviteRequested, label(InviteRequested::prefilledCode, optional(text)))
            unit("signOutRequested") { SignOutRequested }
        })
    }

    override val initial = State()

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
