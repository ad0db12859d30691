package dev.duet.memorylane

/**
 * The string questions Memory Lane's reducers ask, answered as Swift answers them: the JVM's
 * `trim()` and `length` mean other things (every char ≤ U+0020, UTF-16 units).
 */
internal object Text {
    /** Foundation's `.whitespaces`: Unicode space separators and tab. */
    fun trimWhitespace(s: String) = trim(s) { it == 0x09 || Character.getType(it) == Character.SPACE_SEPARATOR.toInt() }

    /** Foundation's `.whitespacesAndNewlines`: also U+000A..U+000D, U+0085 and the line/paragraph separators. */
    fun trimWhitespaceAndNewlines(s: String) = trim(s) {
        it in 0x09..0x0D || it == 0x85 || when (Character.getType(it)) {
            Character.SPACE_SEPARATOR.toInt(), Character.LINE_SEPARATOR.toInt(), Character.PARAGRAPH_SEPARATOR.toInt() -> true
            else -> false
        }
    }

    private inline fun trim(s: String, drop: (Int) -> Boolean): String {
        var start = 0
        var end = s.length
        while (start < end) {
            val c = s.codePointAt(start)
            if (!drop(c)) break
            start += Character.charCount(c)
        }
        while (end > start) {
            val c = s.codePointBefore(end)
            if (!drop(c)) break
            end -= Character.charCount(c)
        }
        return s.substring(start, end)
    }

    /**
     * Swift's `String.count`: user-perceived characters. Marks, variation selectors, zero-width
     * joiner sequences, emoji modifiers and regional-indicator pairs join the character before them.
     */
    fun characterCount(s: String): Int {
        var count = 0
        var i = 0
        var previous = -1
        var regionalRun = 0
        while (i < s.length) {
            val c = s.codePointAt(i)
            i += Character.charCount(c)
            val joins = previous >= 0 && (isExtending(c) || previous == ZERO_WIDTH_JOINER ||
                (isRegionalIndicator(c) && regionalRun % 2 == 1) || (previous == 0x0D && c == 0x0A))
            regionalRun = if (isRegionalIndicator(c)) regionalRun + 1 else 0
            if (!joins) count++
            previous = c
        }
        return count
    }

    /** Swift's `Character.isNumber`: any Unicode number (digits, letter numbers, other numbers). */
    fun containsNumber(s: String): Boolean = s.codePoints().anyMatch {
        when (Character.getType(it)) {
            Character.DECIMAL_DIGIT_NUMBER.toInt(), Character.LETTER_NUMBER.toInt(), Character.OTHER_NUMBER.toInt() -> true
            else -> false
        }
    }

    private const val ZERO_WIDTH_JOINER = 0x200D

    private fun isRegionalIndicator(c: Int) = c in 0x1F1E6..0x1F1FF

    private fun isExtending(c: Int): Boolean = c == ZERO_WIDTH_JOINER || c in 0xFE00..0xFE0F || c in 0x1F3FB..0x1F3FF ||
        c in 0xE0020..0xE007F || when (Character.getType(c)) {
            Character.NON_SPACING_MARK.toInt(), Character.ENCLOSING_MARK.toInt(), Character.COMBINING_SPACING_MARK.toInt() -> true
            else -> false
        }
}
