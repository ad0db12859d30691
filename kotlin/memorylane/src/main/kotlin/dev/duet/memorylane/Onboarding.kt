package dev.duet.memorylane

import dev.duet.coding.Codecs
import dev.duet.coding.StructCodec
import dev.duet.coding.SumCodec
import dev.duet.coding.field
import dev.duet.coding.label
import dev.duet.coding.members
import dev.duet.kernel.Effect
import dev.duet.kernel.Feature
import dev.duet.kernel.Reduced
import dev.duet.kernel.reduced

/**
 * Three explainer pages and a finish. `page` is feature data: nothing mounts a child from it,
 * so the census records a ruling instead of counting a fifth primitive.
 */
object Onboarding : Feature<Onboarding.State, Onboarding.Action, Onboarding.EffectPayload>("onboarding", State.Coding, Action.Coding, EffectPayload.Coding) {
    enum class Page(val raw: String) {
        Welcome("welcome"), Capture("capture"), Share("share"), Reminders("reminders");

        companion object {
            val coding = Codecs.rawEnum(values()) { it.raw }
        }
    }

    data class State(
        val page: Page = Page.Welcome,
        /** How far the user got, for the skip analytics. */
        val furthestPageIndex: Long = 0,
        val skipped: Boolean = false
    ) {
        companion object Coding : StructCodec<State>({ members(::State,
            field(State::page, Page.coding),
            field(State::furthestPageIndex, int),
            field(State::skipped, bool)) })
    }

    sealed class Action {
        object NextTapped : Action()
        object BackTapped : Action()
        data class PageSwiped(val toIndex: Long) : Action()
        object SkipTapped : Action()

        companion object Coding : SumCodec<Action>({
            unit("nextTapped") { NextTapped }
            unit("backTapped") { BackTapped }
            labeled("pageSwiped", ::PageSwiped, label(PageSwiped::toIndex, int))
            unit("skipTapped") { SkipTapped }
        })
    }

    sealed class EffectPayload {
        data class TrackSkipped(val atIndex: Long) : EffectPayload()
        /** Delegate: exactly `RootNav.Action.OnboardingCompleted`. */
        object OnboardingCompleted : EffectPayload()

        companion object Coding : SumCodec<EffectPayload>({
            labeled("trackSkipped", ::TrackSkipped, label(TrackSkipped::atIndex, int))
            unit("onboardingCompleted") { OnboardingCompleted }
        })
    }

    override val initial = State()

    override fun reduce(state: State, action: Action): Reduced<State, EffectPayload> {
        val pages = Page.values()
        val index = state.page.ordinal
        return when (action) {
            Action.NextTapped ->
                if (index + 1 >= pages.size) state.reduced(Effect.run(EffectPayload.OnboardingCompleted)) else show(index + 1, state).reduced()
            Action.BackTapped -> if (index <= 0) state.reduced() else show(index - 1, state).reduced()
            is Action.PageSwiped ->
                if (action.toIndex < 0 || action.toIndex >= pages.size) state.reduced() else show(action.toIndex.toInt(), state).reduced()
            Action.SkipTapped ->
                if (state.skipped) state.reduced()
                else state.copy(skipped = true).reduced(Effect.run(EffectPayload.TrackSkipped(index.toLong())), Effect.run(EffectPayload.OnboardingCompleted))
        }
    }

    private fun show(index: Int, state: State) =
        state.copy(page = Page.values()[index], furthestPageIndex = maxOf(state.furthestPageIndex, index.toLong()))
}
