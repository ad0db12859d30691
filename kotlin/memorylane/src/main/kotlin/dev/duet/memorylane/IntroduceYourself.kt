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
        companion object Coding : StructCodec<State>() {
            private val name = field("name", text) { it.name }
            private val nameError = field("nameError", text) { it.nameError }
            private val avatarId = field("avatarId", optional(uuid)) { it.avatarId }
            private val isSaving = field("isSaving", bool) { it.isSaving }
            private val serverError = field("serverError", text) { it.serverError }
            override fun build(f: Fields) = State(f[name], f[nameError], f[avatarId], f[isSaving], f[serverError])
        }
    }

    sealed class Action {
        data class NameChanged(val name: String) : Action()
        data class AvatarPicked(val avatarId: UUID) : Action()
        object ContinueTapped : Action()
        object ProfileSaved : Action()
        data class ProfileSaveFailed(val message: String) : Action()

        companion object Coding : SumCodec<Action>() {
            init {
                single(::NameChanged, text, NameChanged::name)
                single(::AvatarPicked, uuid, AvatarPicked::avatarId)
                unit { ContinueTapped }
                unit { ProfileSaved }
                labeled(::ProfileSaveFailed, label("message", text, ProfileSaveFailed::message))
            }
        }
    }

    sealed class EffectPayload {
        data class SaveProfile(val name: String, val avatarId: UUID?) : EffectPayload()
        /** Delegate: exactly `RootNav.Action.Introduced`. */
        data class Introduced(val displayName: String) : EffectPayload()

        companion object Coding : SumCodec<EffectPayload>() {
            init {
                labeled(::SaveProfile, label("name", text, SaveProfile::name), label("avatarId", optional(uuid), SaveProfile::avatarId))
                labeled(::Introduced, label("displayName", text, Introduced::displayName))
            }
        }
    }

    override val initial = State()

    /** Restore: the spine laid over [initial] (no L0 fields). */
    override fun restore(spine: JsonValue) = super.restore(spine)

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
