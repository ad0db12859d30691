package dev.duet.dialect

/**
 * The dialect's string rules that the JVM gets wrong by default.
 *
 * Kotlin's `String.compareTo` orders by UTF-16 unit, which puts U+E000..U+FFFF after every
 * astral character; the dialect orders by Unicode scalar (= UTF-8 byte order).
 *
 * ```kotlin
 * ScalarOrder.compare("\uFFFD", "😀") < 0      // true: U+FFFD is below U+1F600
 * "\uFFFD" < "😀"                             // false: UTF-16 compares 0xFFFD with 0xD83D
 * ScalarOrder.normalized("6BA7B810-9DAD-11D1-80B4-00C04FD430C8")   // lowercased
 * ```
 */
object ScalarOrder {
    val comparator: Comparator<String> = Comparator { a, b -> compare(a, b) }

    fun compare(a: String, b: String): Int {
        val n = minOf(a.length, b.length)
        for (i in 0 until n) {
            val ca = a[i]
            val cb = b[i]
            if (ca != cb) return rank(ca) - rank(cb)
        }
        return a.length - b.length
    }

    /** Lifts surrogates above U+E000..U+FFFF so unit order becomes scalar order. */
    private fun rank(c: Char): Int {
        val u = c.toInt()
        return when {
            u < 0xD800 -> u
            u < 0xE000 -> u + 0x2000
            else -> u - 0x800
        }
    }

    /** Exactly 8-4-4-4-12 hex digits, either case. */
    fun isUuidShaped(s: String): Boolean {
        if (s.length != 36) return false
        for (i in 0 until 36) {
            val c = s[i]
            if (i == 8 || i == 13 || i == 18 || i == 23) {
                if (c != '-') return false
            } else if (!isHex(c)) return false
        }
        return true
    }

    private fun isHex(c: Char) = c in '0'..'9' || c in 'a'..'f' || c in 'A'..'F'

    /** A UUID-shaped string lowercased; every other string unchanged. */
    fun normalized(s: String): String {
        if (s.length != 36 || !isUuidShaped(s)) return s
        for (c in s) if (c in 'A'..'F') return asciiHexLowercased(s)
        return s
    }

    /** Only A–F change, by arithmetic: no case mapping that a locale could change. */
    private fun asciiHexLowercased(s: String): String {
        val out = CharArray(s.length)
        for (i in s.indices) {
            val c = s[i]
            out[i] = if (c in 'A'..'F') 'a' + (c - 'A') else c
        }
        return String(out)
    }
}
