package memorylane

import duet.coding.CaseEnumCodec
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

/** The app's root: one full-screen phase at a time, moved only by reducer edges. */
object RootNav : Feature<RootNav.State, RootNav.Action, RootNav.EffectPayload>("rootnav", State.Coding, Action.Coding, EffectPayload.Coding) {
    enum class Phase {
        Splash, Registration, IntroduceYourself, Onboarding, Main, Accept;

        companion object {
            val coding = CaseEnumCodec(values())
        }
    }

    data class State(
        val phase: Phase = Phase.Splash,
        /** The enter-code modal sits beside the stage, not in it: a recorded census ruling. */
        val isEnterCodePresented: Boolean = false,
        val userId: UUID? = null,
        val displayName: String = "",
        val hasCompletedOnboarding: Boolean = false,
        /** The invite being accepted while the `accept` interrupt is up; empty otherwise. */
        val pendingInviteCode: String = "",
        val acceptedInviteCount: Long = 0
    ) {
        /**
         * Where the user belongs given what they have done so far. Every forward edge and the
         * exit of the `accept` interrupt land here: the exit is computed, never popped.
         */
        val phaseForProgress: Phase
            get() = when {
                userId == null -> Phase.Registration
                displayName == "" -> Phase.IntroduceYourself
                !hasCompletedOnboarding -> Phase.Onboarding
                else -> Phase.Main
            }

        companion object Coding : StructCodec<State>() {
            private val phase = field("phase", Phase.coding, Role.Stage) { it.phase }
            private val isEnterCodePresented = field("isEnterCodePresented", bool) { it.isEnterCodePresented }
            private val userId = field("userId", optional(uuid)) { it.userId }
            private val displayName = field("displayName", text) { it.displayName }
            private val hasCompletedOnboarding = field("hasCompletedOnboarding", bool) { it.hasCompletedOnboarding }
            private val pendingInviteCode = field("pendingInviteCode", text) { it.pendingInviteCode }
            private val acceptedInviteCount = field("acceptedInviteCount", int) { it.acceptedInviteCount }
            override fun build(f: Fields) = State(f[phase], f[isEnterCodePresented], f[userId], f[displayName],
                f[hasCompletedOnboarding], f[pendingInviteCode], f[acceptedInviteCount])
        }
    }

    sealed class Action {
        data class SessionRestored(val userId: UUID, val displayName: String, val onboarded: Boolean) : Action()
        object NoSession : Action()
        data class Registered(val userId: UUID) : Action()
        data class Introduced(val displayName: String) : Action()
        object OnboardingCompleted : Action()
        data class InviteLinkOpened(val code: String) : Action()
        data class InviteAccepted(val code: String) : Action()
        object InviteDeclined : Action()
        object EnterCodeRequested : Action()
        object EnterCodeDismissed : Action()
        data class CodeEntered(val code: String) : Action()
        object SignOutRequested : Action()

        companion object Coding : SumCodec<Action>() {
            init {
                labeled(::SessionRestored, label("userId", uuid, SessionRestored::userId),
                    label("displayName", text, SessionRestored::displayName), label("onboarded", bool, SessionRestored::onboarded))
                unit { NoSession }
                labeled(::Registered, label("userId", uuid, Registered::userId))
                labeled(::Introduced, label("displayName", text, Introduced::displayName))
                unit { OnboardingCompleted }
                labeled(::InviteLinkOpened, label("code", text, InviteLinkOpened::code))
                labeled(::InviteAccepted, label("code", text, InviteAccepted::code))
                unit { InviteDeclined }
                unit { EnterCodeRequested }
                unit { EnterCodeDismissed }
                labeled(::CodeEntered, label("code", text, CodeEntered::code))
                unit { SignOutRequested }
            }
        }
    }

    sealed class EffectPayload {
        data class PersistSession(val userId: UUID, val displayName: String, val onboarded: Boolean) : EffectPayload()
        object ClearSession : EffectPayload()

        companion object Coding : SumCodec<EffectPayload>() {
            init {
                labeled(::PersistSession, label("userId", uuid, PersistSession::userId),
                    label("displayName", text, PersistSession::displayName), label("onboarded", bool, PersistSession::onboarded))
                unit { ClearSession }
            }
        }
    }

    override val initial = State()

    /** Restore: the spine (the `phase` stage) laid over [initial]. */
    override fun restore(spine: JsonValue) = super.restore(spine)

    override fun reduce(state: State, action: Action): Reduced<State, EffectPayload> = when (action) {
        is Action.SessionRestored ->
            if (state.phase != Phase.Splash) state.reduced()
            else state.copy(userId = action.userId, displayName = action.displayName, hasCompletedOnboarding = action.onboarded).progressed().reduced()
        Action.NoSession -> if (state.phase != Phase.Splash) state.reduced() else state.copy(phase = Phase.Registration).reduced()
        is Action.Registered ->
            if (state.phase != Phase.Registration) state.reduced()
            else state.copy(userId = action.userId, isEnterCodePresented = false).progressed().let { it.reduced(persist(it)) }
        is Action.Introduced ->
            if (state.phase != Phase.IntroduceYourself) state.reduced()
            else state.copy(displayName = action.displayName).progressed().let { it.reduced(persist(it)) }
        Action.OnboardingCompleted ->
            if (state.phase != Phase.Onboarding) state.reduced()
            else state.copy(hasCompletedOnboarding = true).progressed().let { it.reduced(persist(it)) }
        is Action.InviteLinkOpened -> openInvite(action.code, state)
        is Action.CodeEntered -> openInvite(action.code, state)
        is Action.InviteAccepted ->
            if (state.phase != Phase.Accept || action.code != state.pendingInviteCode) state.reduced()
            else state.copy(acceptedInviteCount = state.acceptedInviteCount + 1, pendingInviteCode = "").progressed().reduced()
        Action.InviteDeclined -> if (state.phase != Phase.Accept) state.reduced() else state.copy(pendingInviteCode = "").progressed().reduced()
        Action.EnterCodeRequested ->
            if (state.phase != Phase.Registration && state.phase != Phase.Main) state.reduced() else state.copy(isEnterCodePresented = true).reduced()
        Action.EnterCodeDismissed -> state.copy(isEnterCodePresented = false).reduced()
        Action.SignOutRequested ->
            if (state.userId == null) state.reduced()
            else State(phase = Phase.Registration).reduced(Effect.run(EffectPayload.ClearSession, "rootnav.session"))
    }

    // The splash decides where the user is first; an invite can wait for it.
    private fun openInvite(code: String, state: State): Reduced<State, EffectPayload> =
        if (state.phase == Phase.Splash || code == "") state.reduced()
        else state.copy(isEnterCodePresented = false, pendingInviteCode = code, phase = Phase.Accept).reduced()

    private fun State.progressed() = copy(phase = phaseForProgress)

    private fun persist(state: State): Effect<EffectPayload> {
        val userId = state.userId ?: return Effect.run(EffectPayload.ClearSession, "rootnav.session")
        return Effect.run(EffectPayload.PersistSession(userId, state.displayName, state.hasCompletedOnboarding), "rootnav.session")
    }
}
