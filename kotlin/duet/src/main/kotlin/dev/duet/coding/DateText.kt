package dev.duet.coding

import java.time.Instant

/** `Instant` ⇄ `yyyy-MM-ddTHH:mm:ss.SSSZ` (UTC, milliseconds), by civil-calendar arithmetic. */
object DateText {
    fun format(instant: Instant): String {
        val millis = instant.toEpochMilli()
        val days = Math.floorDiv(millis, 86_400_000L)
        val ofDay = Math.floorMod(millis, 86_400_000L)
        val date = java.time.LocalDate.ofEpochDay(days)
        val out = StringBuilder(24)
        pad(out, date.year.toLong(), 4).append('-')
        pad(out, date.monthValue.toLong(), 2).append('-')
        pad(out, date.dayOfMonth.toLong(), 2).append('T')
        pad(out, ofDay / 3_600_000, 2).append(':')
        pad(out, ofDay / 60_000 % 60, 2).append(':')
        pad(out, ofDay / 1000 % 60, 2).append('.')
        pad(out, ofDay % 1000, 3).append('Z')
        return out.toString()
    }

    /** null unless `text` is exactly the dialect's date format with valid fields. */
    fun parse(text: String): Instant? {
        if (text.length != 24 || text[4] != '-' || text[7] != '-' || text[10] != 'T' || text[13] != ':' ||
            text[16] != ':' || text[19] != '.' || text[23] != 'Z') return null
        fun num(from: Int, count: Int): Int? {
            var v = 0
            for (i in from until from + count) {
                val c = text[i]
                if (c !in '0'..'9') return null
                v = v * 10 + (c - '0')
            }
            return v
        }
        val y = num(0, 4) ?: return null
        val m = num(5, 2) ?: return null
        val d = num(8, 2) ?: return null
        val hh = num(11, 2) ?: return null
        val mm = num(14, 2) ?: return null
        val ss = num(17, 2) ?: return null
        val ms = num(20, 3) ?: return null
        if (m !in 1..12 || d < 1 || d > java.time.YearMonth.of(y, m).lengthOfMonth() || hh >= 24 || mm >= 60 || ss >= 60) return null
        val days = java.time.LocalDate.of(y, m, d).toEpochDay()
        return Instant.ofEpochMilli(days * 86_400_000L + hh * 3_600_000L + mm * 60_000L + ss * 1000L + ms)
    }

    private fun pad(out: StringBuilder, value: Long, width: Int): StringBuilder {
        val digits = value.toString()
        for (i in digits.length until width) out.append('0')
        return out.append(digits)
    }
}
