package dev.duet.presentation

import org.junit.Assert.assertEquals
import org.junit.Assert.assertFalse
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Test

private sealed class Sheet {
    object Camera : Sheet()
    data class Invite(val code: String?) : Sheet()
    object Priming : Sheet()
}

private enum class Tab { Lane, Profile }

/** A different kind type whose cases look alike: it must not find Sheet's renderer. */
private sealed class OtherSheet {
    object Camera : OtherSheet()
}

/** The registry with a plain surface type (a string), as a test or a CLI would use it. */
class PresentationRegistryTest {
    private fun registry() = PresentationRegistry<String>().apply {
        register(Sheet::class) { sheet ->
            when (sheet) {
                Sheet.Camera -> "camera cover"
                is Sheet.Invite -> "invite sheet ${sheet.code ?: "(new)"}"
                Sheet.Priming -> null
            }
        }
    }

    @Test fun `a case of a kind type finds the kind type's renderer, payload and all`() {
        val registry = registry()
        assertEquals("camera cover", registry.surfaceFor(Sheet.Camera))
        assertEquals("invite sheet ABC", registry.surfaceFor(Sheet.Invite("ABC")))
        assertTrue(registry.hasRenderer(Sheet::class))
        assertTrue(registry.hasRenderer(Sheet.Invite::class))
    }

    @Test fun `a renderer that declines gives null`() {
        assertNull(registry().surfaceFor(Sheet.Priming))
    }

    @Test fun `a kind type without a renderer gives null, even with a look-alike case`() {
        val registry = registry()
        assertNull(registry.surfaceFor(OtherSheet.Camera))
        assertNull(registry.surfaceFor(Tab.Lane))
        assertFalse(registry.hasRenderer(Tab::class))
    }

    @Test fun `the last registration wins, and unregistering removes it`() {
        val registry = registry()
        registry.register(Sheet::class) { "anything" }
        assertEquals("anything", registry.surfaceFor(Sheet.Priming))
        registry.register(Tab::class) { tab -> "tab ${tab.name}" }
        assertEquals("tab Profile", registry.surfaceFor(Tab.Profile))
        registry.unregister(Sheet::class)
        assertNull(registry.surfaceFor(Sheet.Camera))
        assertEquals("tab Lane", registry.surfaceFor(Tab.Lane))
    }
}
