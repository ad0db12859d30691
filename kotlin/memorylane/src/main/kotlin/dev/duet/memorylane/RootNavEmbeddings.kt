package dev.duet.memorylane

import dev.duet.composition.Embedding

/**
 * The root's children: one per stage phase, the enter-code modal beside the stage, and the
 * profile's sign-out, which passes the shell on its way to the root.
 */
object RootNavEmbeddings {
    val splash = Embedding.ifLet(RootNav, Splash, shown = { it.phase == RootNav.Phase.Splash }) { delegate ->
        when (delegate) {
            is Splash.EffectPayload.SessionRestored -> RootNav.Action.SessionRestored(delegate.userId, delegate.displayName, delegate.onboarded)
            Splash.EffectPayload.NoSession -> RootNav.Action.NoSession
            Splash.EffectPayload.LoadSession -> null
        }
    }

    val registration = Embedding.ifLet(RootNav, Registration, shown = { it.phase == RootNav.Phase.Registration }) { delegate ->
        when (delegate) {
            is Registration.EffectPayload.Registered -> RootNav.Action.Registered(delegate.userId)
            Registration.EffectPayload.EnterCodeRequested -> RootNav.Action.EnterCodeRequested
            is Registration.EffectPayload.Register -> null
        }
    }

    val enterCode = Embedding.ifLet(RootNav, EnterCode, shown = { it.isEnterCodePresented }) { delegate ->
        when (delegate) {
            is EnterCode.EffectPayload.CodeEntered -> RootNav.Action.CodeEntered(delegate.code)
            EnterCode.EffectPayload.EnterCodeDismissed -> RootNav.Action.EnterCodeDismissed
        }
    }

    val introduceYourself = Embedding.ifLet(RootNav, IntroduceYourself, shown = { it.phase is RootNav.Phase.IntroduceYourself }) { delegate ->
        when (delegate) {
            is IntroduceYourself.EffectPayload.Introduced -> RootNav.Action.Introduced(delegate.displayName)
            is IntroduceYourself.EffectPayload.SaveProfile -> null
        }
    }

    val onboarding = Embedding.ifLet(RootNav, Onboarding, shown = { it.phase is RootNav.Phase.Onboarding }) { delegate ->
        when (delegate) {
            Onboarding.EffectPayload.OnboardingCompleted -> RootNav.Action.OnboardingCompleted
            is Onboarding.EffectPayload.TrackSkipped -> null
        }
    }

    val accept = Embedding.ifLet(RootNav, Accept, shown = { it.phase is RootNav.Phase.Accept }) { delegate ->
        when (delegate) {
            is Accept.EffectPayload.InviteAccepted -> RootNav.Action.InviteAccepted(delegate.code)
            Accept.EffectPayload.InviteDeclined -> RootNav.Action.InviteDeclined
            is Accept.EffectPayload.LoadInvite, is Accept.EffectPayload.AcceptInvite -> null
        }
    }

    /** The profile lives in the shell's profile tab; signing out is the root's business. */
    val profile = Embedding.ifLet(RootNav, Profile, shown = { it.phase is RootNav.Phase.Main }) { delegate ->
        when (delegate) {
            Profile.EffectPayload.SignOutRequested -> RootNav.Action.SignOutRequested
            Profile.EffectPayload.LoadProfile, is Profile.EffectPayload.AnswerRequest, is Profile.EffectPayload.RemoveFriend,
            is Profile.EffectPayload.InviteRequested -> null
        }
    }

    val all: List<Embedding<*, *, *, *, *>> = listOf(splash, registration, enterCode, introduceYourself, onboarding, accept, profile)
}
