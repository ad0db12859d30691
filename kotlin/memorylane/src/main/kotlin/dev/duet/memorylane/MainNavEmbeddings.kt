package dev.duet.memorylane

import dev.duet.composition.Embedding

/** The shell's children: its three sheets and the profile tab. */
object MainNavEmbeddings {
    val capture = Embedding.ifLet(MainNav, Capture, shown = { it.sheet == MainNav.Sheet.Capture }) { delegate ->
        when (delegate) {
            is Capture.EffectPayload.CaptureFinished -> MainNav.Action.CaptureFinished(delegate.memoryId)
            Capture.EffectPayload.CaptureCancelled -> MainNav.Action.CaptureCancelled
            is Capture.EffectPayload.SaveMemory -> null
        }
    }

    val priming = Embedding.ifLet(MainNav, Priming, shown = { it.sheet == MainNav.Sheet.NotificationPriming }) { delegate ->
        when (delegate) {
            is Priming.EffectPayload.PrimingFinished -> MainNav.Action.PrimingFinished(delegate.granted)
            Priming.EffectPayload.RequestAuthorization, Priming.EffectPayload.ScheduleWeeklyReminder -> null
        }
    }

    val inviteCode = Embedding.ifLet(MainNav, InviteCode, shown = { it.sheet is MainNav.Sheet.InviteCode }) { delegate ->
        when (delegate) {
            InviteCode.EffectPayload.InviteFinished -> MainNav.Action.InviteFinished
            InviteCode.EffectPayload.GenerateCode, is InviteCode.EffectPayload.LookUpCode, InviteCode.EffectPayload.StartClock,
            is InviteCode.EffectPayload.CopyToClipboard, is InviteCode.EffectPayload.PresentShareSheet -> null
        }
    }

    /** Tabs keep their siblings alive: the profile is mounted for as long as the shell is. */
    val profile = Embedding.scope(MainNav, Profile) { delegate ->
        when (delegate) {
            is Profile.EffectPayload.InviteRequested -> MainNav.Action.InviteRequested(delegate.prefilledCode)
            Profile.EffectPayload.LoadProfile, is Profile.EffectPayload.AnswerRequest, is Profile.EffectPayload.RemoveFriend,
            Profile.EffectPayload.SignOutRequested -> null
        }
    }

    val all: List<Embedding<*, *, *, *, *>> = listOf(capture, priming, inviteCode, profile)
}
