package dev.duet.text

import java.util.Locale
import org.junit.Assert.assertEquals
import org.junit.Test

class CaseMappingTest {
    @Test fun `case mapping is the root locale's whatever the default locale is`() {
        val saved = Locale.getDefault()
        try {
            for (tag in listOf("en", "tr-TR", "az-AZ", "lt-LT")) {
                Locale.setDefault(Locale.forLanguageTag(tag))
                assertEquals(tag, "I", CaseMapping.uppercase("i"))
                assertEquals(tag, "i", CaseMapping.lowercase("I"))
                assertEquals(tag, "SS", CaseMapping.uppercase("ß"))
            }
        } finally {
            Locale.setDefault(saved)
        }
    }
}
