package dev.duet.memorylane

import dev.duet.dialect.Dialect
import dev.duet.text.CaseMapping
import java.util.Locale
import org.junit.Assert.assertEquals
import org.junit.Assert.assertNotEquals
import org.junit.Assume.assumeTrue
import org.junit.Test

/**
 * Wire names are declared, never case-mapped, so nothing a device's locale does reaches the
 * dialect. Run once more under `-Duser.language=tr` by CI (kotlin/build.sh with DUET_KOTLIN_JAVA_OPTS).
 */
class LocaleTest {
    private fun everything(): String = MemoryLane.registry().let { registry ->
        registry.featureNames.joinToString("\n") { Dialect.compact(registry.describe(it)!!.toJson()) }
    }

    private fun <T> under(locale: Locale, body: () -> T): T {
        val saved = Locale.getDefault()
        Locale.setDefault(locale)
        try {
            return body()
        } finally {
            Locale.setDefault(saved)
        }
    }

    @Test fun `describe, every case name and every initial state are the same under Turkish, Azerbaijani and English`() {
        val english = under(Locale.ENGLISH) { everything() }
        for (tag in listOf("tr-TR", "az-AZ", "lt-LT")) {
            assertEquals(tag, english, under(Locale.forLanguageTag(tag)) { everything() })
        }
        // The case the issue names: Turkish lowercases "I" to dotless "ı".
        expectCase("inviteRequested", MainNav.Action.Coding.caseNames)
        expectCase("inviteRequested", Profile.EffectPayload.Coding.caseNames)
    }

    private fun expectCase(name: String, names: List<String>) = assertEquals(true, name in names)

    @Test fun `Memory Lane's case mapping is the root locale's on every device`() {
        under(Locale.forLanguageTag("tr-TR")) {
            assertEquals("INVITE", CaseMapping.uppercase("invite"))
            assertEquals("title", CaseMapping.lowercase("TITLE"))
            assertEquals("STRASSE", CaseMapping.uppercase("straße"))
        }
    }

    @Test fun `the trap is real in this JVM, a locale-dependent mapping differs under Turkish (negative control)`() {
        // Formatter's %S upper-cases with the locale it is given: the default locale's rules, made explicit.
        assertNotEquals(String.format(Locale.ROOT, "%S", "invite"), String.format(Locale.forLanguageTag("tr-TR"), "%S", "invite"))
    }

    @Test fun `the run is under the locale CI asked for`() {
        val expected = System.getProperty("duet.expectLocale")
        assumeTrue("no -Dduet.expectLocale: this run's locale is not asserted", expected != null)
        assertEquals("-Dduet.expectLocale says this run is under $expected", expected, Locale.getDefault().language)
    }
}
