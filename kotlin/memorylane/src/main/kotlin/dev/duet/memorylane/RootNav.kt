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

/** The app's root: one full-screen phase at a time, moved only by reducer edges. */
object RootNav : Feature<RootNav.State, RootNav.Action, RootNav.EffectPayload>("rootnav", State.Coding, Action.Coding, EffectPayload.Coding) {
    /**
     * Who is signed in and how far they got. Every stage after registration carries it as its
     * seed, so a relaunch restored from the spine knows where progress stands.
     */
    data class Session(val userId: UUID, val displayName: String = "", val onboarded: Boolean = false) {
        companion object Coding : StructCodec<Session>() {
            private val displayName = field("displayName", text) { it.displayName }
            private val onboarded = field("onboarded", bool) { it.onboarded }
            private val userId = field("userId", uuid) { it.userId }
            override fun build(f: Fields) = Session(f[userId], f[displayName], f[onboarded])
        }
    }

    sealed class Phase {
        /** The session this stage carries (an interrupt's is the one it returns to). */
        open val session: Session? get() = null

        object Splash : Phase()
        object Registration : Phase()
        data class IntroduceYourself(override val session: Session) : Phase()
        data class Onboarding(override val session: Session) : Phase()
        data class Main(override val session: Session) : Phase()
        /** The invite interrupt: the code being accepted and the session it returns to (none before registering). */
        data class Accept(val code: String, override val session: Session?) : Phase()

        companion object Coding : SumCodec<Phase>() {
            init {
                unit { Splash }
                unit { Registration }
                single(::IntroduceYourself, Session.Coding, IntroduceYourself::session)
                single(::Onboarding, Session.Coding, Onboarding::session)
                single(::Main, Session.Coding, Main::session)
                labeled(::Accept, label("code", text, Accept::code), label("session", optional(Session.Coding), Accept::session))
            }

            /**
             * Where the user belongs given what they have done so far. Every forward edge and the
             * exit of the `accept` interrupt land here: the exit is computed, never popped.
             */
            fun progress(session: Session?): Phase = when {
                session == null -> Registration
                session.displayName == "" -> IntroduceYourself(session)
                !session.onboarded -> Onboarding(session)
                else -> Main(session)
            }
        }
    }

    data class State(
        val phase: Phase = Phase.Splash,
        /** The enter-code modal sits beside the stage, not in it: a recorded census ruling. */
        val isEnterCodePresented: Boolean = false,
        val acceptedInviteCount: Long = 0
    ) {
        companion object Coding : StructCodec<State>() {
            private val phase = field("phase", Phase.Coding, Role.Stage) { it.phase }
            private val isEnterCodePresented = field("isEnterCodePresented", bool) { it.isEnterCodePresented }
            private val acceptedInviteCount = field("acceptedInviteCount", int) { it.acceptedInviteCount }
            override fun build(f: Fields) = State(f[phase], f[isEnterCodePresented], f[acceptedInviteCount])
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

    /** Restore: the spine (the `phase` stage, with the session it carries) laid over [initial]. */
    override fun restore(spine: JsonValue) = super.restore(spine)

    override fun reduce(state: State, action: Action): Reduced<State, EffectPayload> = when (action) {
        is Action.SessionRestored ->
            if (state.phase != Phase.Splash) state.reduced()
            else state.copy(phase = Phase.progress(Session(action.userId, action.displayName, action.onboarded))).reduced()
        Action.NoSession -> if (state.phase != Phase.Splash) state.reduced() else state.copy(phase = Phase.Registration).reduced()
        is Action.Registered ->
            if (state.phase != Phase.Registration) state.reduced()
            else advance(state.copy(isEnterCodePresented = false), Session(action.userId))
        is Action.Introduced -> when (val phase = state.phase) {
            is Phase.IntroduceYourself -> advance(state, phase.session.copy(displayName = action.displayName))
            else -> state.reduced()
        }
        Action.OnboardingCompleted -> when (val phase = state.phase) {
            is Phase.Onboarding -> advance(state, phase.session.copy(onboarded = true))
            else -> state.reduced()
        }
        is Action.InviteLinkOpened -> openInvite(action.code, state)
        is Action.CodeEntered -> openInvite(action.code, state)
        is Action.InviteAccepted -> when (val phase = state.phase) {
            is Phase.Accept ->
                if (action.code != phase.code) state.reduced()
                else state.copy(acceptedInviteCount = state.acceptedInviteCount + 1, phase = Phase.progress(phase.session)).reduced()
            else -> state.reduced()
        }
        Action.InviteDeclined -> when (val phase = state.phase) {
            is Phase.Accept -> state.copy(phase = Phase.progress(phase.session)).reduced()
            else -> state.reduced()
        }
        Action.EnterCodeRequested ->
            if (state.phase != Phase.Registration && state.phase !is Phase.Main) state.reduced() else state.copy(isEnterCodePresented = true).reduced()
        Action.EnterCodeDismissed -> state.copy(isEnterCodePresented = false).reduced()
        Action.SignOutRequested ->
            if (state.phase.session == null) state.reduced()
            else State(phase = Phase.Registration).reduced(Effect.run(EffectPayload.ClearSession, "rootnav.session"))
    }

    // The splash decides where the user is first; an invite can wait for it.
    private fun openInvite(code: String, state: State): Reduced<State, EffectPayload> =
        if (state.phase == Phase.Splash || code == "") state.reduced()
        else state.copy(isEnterCodePresented = false, phase = Phase.Accept(code, state.phase.session)).reduced()

    /** A forward edge: the stage progress says, and the session persisted. */
    private fun advance(state: State, session: Session): Reduced<State, EffectPayload> =
        state.copy(phase = Phase.progress(session))
            .reduced(Effect.run(EffectPayload.PersistSession(session.userId, session.displayName, session.onboarded), "rootnav.session"))
}
