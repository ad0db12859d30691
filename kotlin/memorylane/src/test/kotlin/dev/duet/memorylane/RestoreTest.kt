package dev.duet.memorylane

import dev.duet.dialect.Dialect
import dev.duet.dialect.JsonValue
import dev.duet.kernel.Feature
import dev.duet.kernel.Reduced
import dev.duet.structure.FeatureStructure
import org.junit.Assert.assertEquals
import org.junit.Assert.assertNotEquals
import org.junit.Test

/** The default restore (both flavors'): the feature's initial state with the spine's structural fields laid over it. */
class RestoreTest {
    @Test fun `restore keeps the spine's structural fields and rebuilds the rest from the initial state`() {
        val restored = MainNav.restore(Dialect.parse("""{"activeTab":{"case":"profile"},"memoriesCaptured":9}"""))
        assertEquals(MainNav.initial.copy(activeTab = MainNav.Tab.Profile), restored)
    }

    @Test fun `a structural field absent from the spine is cleared, over any base`() {
        val base = Dialect.parse(Dialect.compact(MainNav.stateCodec.encode(MainNav.initial.copy(sheet = MainNav.Sheet.Capture, memoriesCaptured = 3))))
        val restored = MainNav.restore(Dialect.parse("""{"activeTab":{"case":"shared"}}"""), base)
        assertEquals(MainNav.initial.copy(activeTab = MainNav.Tab.Shared, sheet = null, memoriesCaptured = 3), restored)
    }

    @Test fun `the default starts from the initial state, so another initial state restores otherwise (negative control)`() {
        val spine = Dialect.parse("""{"activeTab":{"case":"shared"}}""")
        val other = object : Feature<MainNav.State, MainNav.Action, MainNav.EffectPayload>("mainnav", MainNav.State.Coding,
            MainNav.Action.Coding, MainNav.EffectPayload.Coding) {
            override val initial = MainNav.initial.copy(hasAnsweredPriming = !MainNav.initial.hasAnsweredPriming)
            override fun reduce(state: MainNav.State, action: MainNav.Action) = MainNav.reduce(state, action)
        }
        assertNotEquals(MainNav.restore(spine), other.restore(spine))
        assertEquals(other.initial.hasAnsweredPriming, other.restore(spine).hasAnsweredPriming)
    }

    @Test fun `a feature with its own restore describes it as custom and ignores the base`() {
        val own = object : Feature<MainNav.State, MainNav.Action, MainNav.EffectPayload>("mainnav", MainNav.State.Coding,
            MainNav.Action.Coding, MainNav.EffectPayload.Coding) {
            override val initial = MainNav.initial
            override fun reduce(state: MainNav.State, action: MainNav.Action): Reduced<MainNav.State, MainNav.EffectPayload> = MainNav.reduce(state, action)
            override fun restore(spine: JsonValue) = MainNav.State(activeTab = MainNav.Tab.Profile)
        }
        assertEquals("custom", FeatureStructure.of(own).restore)
        assertEquals(MainNav.Tab.Profile, own.restore(Dialect.parse("{}"), Dialect.parse(Dialect.compact(MainNav.stateCodec.encode(MainNav.initial)))).activeTab)
        assertEquals("overlay", FeatureStructure.of(MainNav).restore)
    }
}
