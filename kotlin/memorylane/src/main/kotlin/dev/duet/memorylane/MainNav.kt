package dev.duet.memorylane

import dev.duet.coding.CaseEnumCodec
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

/** The signed-in shell: three tabs and one sheet (capture, invite code, notification priming). */
object MainNav : Feature<MainNav.State, MainNav.Action, MainNav.EffectPayload>("mainnav", State.Coding, Action.Coding, EffectPayload.Coding) {
    enum class Tab(val wire: String) {
        MyLane("myLane"), Shared("shared"), Profile("profile");

        companion object {
            val coding = CaseEnumCodec(values(), Tab::wire)
        }
    }

    sealed class Sheet {
        object Capture : Sheet()
        data class InviteCode(val prefilledCode: String?) : Sheet()
        object NotificationPriming : Sheet()

        companion object Coding : SumCodec<Sheet>({
            unit("capture") { Capture }
            labeled("inviteCode", ::InviteCode, label(InviteCode::prefilledCode, optional(text)))
            unit("notificationPriming") { NotificationPriming }
        })
    }

    data class State(
        val activeTab: Tab = Tab.MyLane,
        val sheet: Sheet? = null,
        val unseenSharedCount: Long = 0,
        val hasAnsweredPriming: Boolean = false,
        val memoriesCaptured: Long = 0
    ) {
        companion object Coding : StructCodec<State>({ members(::State,
            field(State::activeTab, Tab.coding, Role.Tabs),
            field(State::sheet, optional(Sheet.Coding), Role.Slot),
            field(State::unseenSharedCount, int),
            field(State::hasAnsweredPriming, bool),
            field(State::memoriesCaptured, int)) })
    }

    sealed class Action {
        data class TabSelected(val tab: Tab) : Action()
        object CaptureTapped : Action()
        data class InviteRequested(val prefilledCode: String?) : Action()
        object SheetDismissed : Action()
        data class CaptureFinished(val memoryId: UUID) : Action()
        object CaptureCancelled : Action()
        object InviteFinished : Action()
        data class PrimingFinished(val granted: Boolean) : Action()
        data class SharedActivityArrived(val count: Long) : Action()

        companion object Coding : SumCodec<Action>({
            single("tabSelected", ::TabSelected, Tab.coding, TabSelected::tab)
            unit("captureTapped") { CaptureTapped }
            labeled("inviteRequested", ::InviteRequested, label(InviteRequested::prefilledCode, optional(text)))
            unit("sheetDismissed") { SheetDismissed }
            labeled("captureFinished", ::CaptureFinished, label(CaptureFinished::memoryId, uuid))
            unit("captureCancelled") { CaptureCancelled }
            unit("inviteFinished") { InviteFinished }
            labeled("primingFinished", ::PrimingFinished, label(PrimingFinished::granted, bool))
            labeled("sharedActivityArrived", ::SharedActivityArrived, label(SharedActivityArrived::count, int))
        })
    }

    sealed class EffectPayload {
        object RefreshLane : EffectPayload()
        object MarkSharedSeen : EffectPayload()

        companion object Coding : SumCodec<EffectPayload>({
            unit("refreshLane") { RefreshLane }
            unit("markSharedSeen") { MarkSharedSeen }
        })
    }

    override val initial = State()

    override fun reduce(state: State, action: Action): Reduced<State, EffectPayload> = when (action) {
        is Action.TabSelected -> when {
            state.sheet != null || action.tab == state.activeTab -> state.reduced()
            action.tab != Tab.Shared || state.unseenSharedCount <= 0 -> state.copy(activeTab = action.tab).reduced()
            else -> state.copy(activeTab = action.tab, unseenSharedCount = 0).reduced(Effect.run(EffectPayload.MarkSharedSeen, "mainnav.seen"))
        }
        Action.CaptureTapped -> if (state.sheet != null) state.reduced() else state.copy(sheet = Sheet.Capture).reduced()
        is Action.InviteRequested ->
            if (state.sheet != null) state.reduced() else state.copy(sheet = Sheet.InviteCode(action.prefilledCode)).reduced()
        Action.SheetDismissed -> state.copy(sheet = null).reduced()
        // The first saved memory is the moment reminders make sense to ask for.
        is Action.CaptureFinished ->
            if (state.sheet != Sheet.Capture) state.reduced()
            else state.copy(memoriesCaptured = state.memoriesCaptured + 1, activeTab = Tab.MyLane,
                sheet = if (state.hasAnsweredPriming) null else Sheet.NotificationPriming)
                .reduced(Effect.run(EffectPayload.RefreshLane, "mainnav.refresh"))
        Action.CaptureCancelled -> if (state.sheet != Sheet.Capture) state.reduced() else state.copy(sheet = null).reduced()
        Action.InviteFinished -> if (state.sheet !is Sheet.InviteCode) state.reduced() else state.copy(sheet = null).reduced()
        is Action.PrimingFinished ->
            if (state.sheet != Sheet.NotificationPriming) state.reduced() else state.copy(hasAnsweredPriming = true, sheet = null).reduced()
        is Action.SharedActivityArrived ->
            if (state.activeTab == Tab.Shared) state.reduced()
            else state.copy(unseenSharedCount = try { Math.addExact(state.unseenSharedCount, maxOf(0L, action.count)) } catch (e: ArithmeticException) { Long.MAX_VALUE }).reduced()
    }
}
