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

/** The app's root: one full-screen phase at a time, moved only by reducer edges. */
object RootNav : Feature<RootNav.State, RootNav.Action, RootNav.EffectPayload>("rootnav", State.Coding, Action.Coding, EffectPayload.Coding) {
    /**
     * Who is signed in and how far they got. Every stage after registration carries it as its
     * seed, so a relaunch restored from the spine knows where progress stands.
     */
    data class Session(val userId: UUID, val displayName: String = "", val onboarded: Boolean = false) {
        companion object Coding : StructCodec<Session>({ members(::Session,
            field(Session::userId, uuid),
            field(Session::displayName, text),
            field(Session::onboarded, bool)) })
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

        companion object Coding : SumCodec<Phase>({
            unit("splash") { Splash }
            unit("registration") { Registration }
            single("introduceYourself", ::IntroduceYourself, Session.Coding, IntroduceYourself::session)
            single("onboarding", ::Onboarding, Session.Coding, Onboarding::session)
            single("main", ::Main, Session.Coding, Main::session)
            labeled("accept", ::Accept, label(Accept::code, text), label(Accept::session, optional(Session.Coding)))
        }) {

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
        companion object Coding : StructCodec<State>({ members(::State,
            field(State::phase, Phase.Coding, Role.Stage),
            field(State::isEnterCodePresented, bool),
            field(State::acceptedInviteCount, int)) })
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

        companion object Coding : SumCodec<Action>({
            labeled("sessionRestored", ::SessionRestored, label(SessionRestored::userId, uuid),
                label(SessionRestored::displayName, text),
                label(SessionRestored::onboarded, bool))
            unit("noSession") { NoSession }
            labeled("registered", ::Registered, label(Registered::userId, uuid))
            labeled("introduced", ::Introduced, label(Introduced::displayName, text))
            unit("onboardingCompleted") { OnboardingCompleted }
            labeled("inviteLinkOpened", ::InviteLinkOpened, label(InviteLinkOpened::code, text))
            labeled("inviteAccepted", ::InviteAccepted, label(InviteAccepted::code, text))
            unit("inviteDeclined") { InviteDeclined }
            unit("enterCodeRequested") { EnterCodeRequested }
            unit("enterCodeDismissed") { EnterCodeDismissed }
            labeled("codeEntered", ::CodeEntered, label(CodeEntered::code, text))
            unit("signOutRequested") { SignOutRequested }
        })
    }

    sealed class EffectPayload {
        data class PersistSession(val userId: UUID, val displayName: String, val onboarded: Boolean) : EffectPayload()
        object ClearSession : EffectPayload()

        companion object Coding : SumCodec<EffectPayload>({
            labeled("persistSession", ::PersistSession, label(PersistSession::userId, uuid),
                label(PersistSession::displayName, text),
                label(PersistSession::onboarded, bool))
            unit("clearSession") { ClearSession }
        })
    }

    override val initial = State()

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
