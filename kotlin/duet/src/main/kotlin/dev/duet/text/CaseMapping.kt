package dev.duet.text

import java.util.Locale

/**
 * Case mapping that is the same on every device: full Unicode mapping in the root locale, as
 * Swift's `uppercased()`/`lowercased()` and Kotlin 1.5's `uppercase()`/`lowercase()` do. Kotlin 1.3
 * has only `toUpperCase()`/`toLowerCase()`, which follow the device's locale (`"i"` becomes `"İ"` in
 * Turkish) and are compile errors from Kotlin 2.1, so the flavor calls the JDK's root-locale
 * mapping here, in the one place `tools/kotlin-api-check` allows it.
 *
 * ```kotlin
 * CaseMapping.uppercase("straße")   // "STRASSE", whatever Locale.getDefault() is
 * CaseMapping.lowercase("TITLE")    // "title", also under -Duser.language=tr
 * ```
 */
object CaseMapping {
    fun uppercase(text: String): String = platform(text).toUpperCase(Locale.ROOT)

    fun lowercase(text: String): String = platform(text).toLowerCase(Locale.ROOT)

    @Suppress("PLATFORM_CLASS_MAPPED_TO_KOTLIN")
    private fun platform(text: String) = text as java.lang.String
}
