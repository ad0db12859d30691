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

/** "What should we call you?": a name (and optional avatar) saved before onboarding. */
object IntroduceYourself : Feature<IntroduceYourself.State, IntroduceYourself.Action, IntroduceYourself.EffectPayload>(
    "introduceyourself", State.Coding, Action.Coding, EffectPayload.Coding
) {
    private const val MAXIMUM_NAME_LENGTH = 30

    data class State(
        val name: String = "",
        val nameError: String = "",
        /** The picked avatar; absent until the user picks one. */
        val avatarId: UUID? = null,
        val isSaving: Boolean = false,
        val serverError: String = ""
    ) {
        companion object Coding : StructCodec<State>({ members(::State,
            field(State::name, text),
            field(State::nameError, text),
            field(State::avatarId, optional(uuid)),
            field(State::isSaving, bool),
            field(State::serverError, text)) })
    }

    sealed class Action {
        data class NameChanged(val name: String) : Action()
        data class AvatarPicked(val avatarId: UUID) : Action()
        object ContinueTapped : Action()
        object ProfileSaved : Action()
        data class ProfileSaveFailed(val message: String) : Action()

        companion object Coding : SumCodec<Action>({
            single("nameChanged", ::NameChanged, text, NameChanged::name)
            single("avatarPicked", ::AvatarPicked, uuid, AvatarPicked::avatarId)
            unit("continueTapped") { ContinueTapped }
            unit("profileSaved") { ProfileSaved }
            labeled("profileSaveFailed", ::ProfileSaveFailed, label(ProfileSaveFailed::message, text))
        })
    }

    sealed class EffectPayload {
        data class SaveProfile(val name: String, val avatarId: UUID?) : EffectPayload()
        /** Delegate: exactly `RootNav.Action.Introduced`. */
        data class Introduced(val displayName: String) : EffectPayload()

        companion object Coding : SumCodec<EffectPayload>({
            labeled("saveProfile", ::SaveProfile, label(SaveProfile::name, text), label(SaveProfile::avatarId, optional(uuid)))
            labeled("introduced", ::Introduced, label(Introduced::displayName, text))
        })
    }

    override val initial = State()

    override fun reduce(state: State, action: Action): Reduced<State, EffectPayload> = when (action) {
        is Action.NameChanged -> state.copy(name = action.name, nameError = "").reduced()
        is Action.AvatarPicked -> state.copy(avatarId = action.avatarId).reduced()
        Action.ContinueTapped -> continueWith(state)
        Action.ProfileSaved ->
            if (!state.isSaving) state.reduced()
            else state.copy(isSaving = false).reduced(Effect.run(EffectPayload.Introduced(state.name)))
        is Action.ProfileSaveFailed ->
            if (!state.isSaving) state.reduced()
            else state.copy(isSaving = false, serverError = "We couldn't save your name. Please try again.").reduced()
    }

    private fun continueWith(state: State): Reduced<State, EffectPayload> {
        if (state.isSaving) return state.reduced()
        val name = Text.trimWhitespace(state.name)
        val nameError = when {
            name == "" -> "Tell us what to call you."
            Text.characterCount(name) > MAXIMUM_NAME_LENGTH -> "Keep it under $MAXIMUM_NAME_LENGTH characters."
            else -> ""
        }
        if (nameError != "") return state.copy(nameError = nameError).reduced()
        return state.copy(nameError = "", name = name, isSaving = true, serverError = "")
            .reduced(Effect.run(EffectPayload.SaveProfile(name, state.avatarId), "introduceyourself.save"))
    }
}
