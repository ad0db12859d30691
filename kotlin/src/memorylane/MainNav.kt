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

/** The signed-in shell: three tabs and one sheet (capture, invite code, notification priming). */
object MainNav : Feature<MainNav.State, MainNav.Action, MainNav.EffectPayload>("mainnav", State.Coding, Action.Coding, EffectPayload.Coding) {
    enum class Tab {
        MyLane, Shared, Profile;

        companion object {
            val coding = CaseEnumCodec(values())
        }
    }

    sealed class Sheet {
        object Capture : Sheet()
        data class InviteCode(val prefilledCode: String?) : Sheet()
        object NotificationPriming : Sheet()

        companion object Coding : SumCodec<Sheet>() {
            init {
                unit { Capture }
                labeled(::InviteCode, label("prefilledCode", optional(text), InviteCode::prefilledCode))
                unit { NotificationPriming }
            }
        }
    }

    data class State(
        val activeTab: Tab = Tab.MyLane,
        val sheet: Sheet? = null,
        val unseenSharedCount: Long = 0,
        val hasAnsweredPriming: Boolean = false,
        val memoriesCaptured: Long = 0
    ) {
        companion object Coding : StructCodec<State>() {
            private val activeTab = field("activeTab", Tab.coding, Role.Tabs) { it.activeTab }
            private val sheet = field("sheet", optional(Sheet.Coding), Role.Slot) { it.sheet }
            private val unseenSharedCount = field("unseenSharedCount", int) { it.unseenSharedCount }
            private val hasAnsweredPriming = field("hasAnsweredPriming", bool) { it.hasAnsweredPriming }
            private val memoriesCaptured = field("memoriesCaptured", int) { it.memoriesCaptured }
            override fun build(f: Fields) = State(f[activeTab], f[sheet], f[unseenSharedCount], f[hasAnsweredPriming], f[memoriesCaptured])
        }
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

        companion object Coding : SumCodec<Action>() {
            init {
                single(::TabSelected, Tab.coding, TabSelected::tab)
                unit { CaptureTapped }
                labeled(::InviteRequested, label("prefilledCode", optional(text), InviteRequested::prefilledCode))
                unit { SheetDismissed }
                labeled(::CaptureFinished, label("memoryId", uuid, CaptureFinished::memoryId))
                unit { CaptureCancelled }
                unit { InviteFinished }
                labeled(::PrimingFinished, label("granted", bool, PrimingFinished::granted))
                labeled(::SharedActivityArrived, label("count", int, SharedActivityArrived::count))
            }
        }
    }

    sealed class EffectPayload {
        object RefreshLane : EffectPayload()
        object MarkSharedSeen : EffectPayload()

        companion object Coding : SumCodec<EffectPayload>() {
            init {
                unit { RefreshLane }
                unit { MarkSharedSeen }
            }
        }
    }

    override val initial = State()

    /** Restore: the spine (`activeTab` and the `sheet` slot) laid over [initial]. */
    override fun restore(spine: JsonValue) = super.restore(spine)

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
