package dev.duet.dialect

/**
 * The dialect's lexical rules over UTF-8 bytes, for [Parser]: whitespace, integers, strings
 * (escapes, UTF-8 validation, surrogates), and error positions (1-based line, column in bytes).
 */
internal class Lexer(val p: ByteArray) {
    var pos = 0
    private val scratch = StringBuilder()

    val atEnd: Boolean get() = pos >= p.size

    fun byte(at: Int): Int = p[at].toInt() and 0xFF

    fun skipWhitespace() {
        while (pos < p.size) {
            val c = byte(pos)
            if (c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09) pos++ else return
        }
    }

    fun integer(): Long {
        val start = pos
        val negative = byte(pos) == '-'.toInt()
        if (negative) pos++
        if (pos >= p.size || byte(pos) !in 0x30..0x39) throw error(start, "'-' without digits; expected an integer")
        if (byte(pos) == 0x30 && pos + 1 < p.size && byte(pos + 1) in 0x30..0x39) {
            throw error(start, "leading zero in an integer; write it without leading zeros")
        }
        var value = 0L
        var overflow = false
        while (pos < p.size && byte(pos) in 0x30..0x39) {
            val digit = (byte(pos) - 0x30).toLong()
            // Accumulate negatively: Long.MIN_VALUE has no positive twin.
            if (value < Long.MIN_VALUE / 10 || (value == Long.MIN_VALUE / 10 && digit > -(Long.MIN_VALUE % 10))) overflow = true
            value = value * 10 - digit
            pos++
        }
        if (pos < p.size && (byte(pos) == '.'.toInt() || byte(pos) == 'e'.toInt() || byte(pos) == 'E'.toInt())) {
            throw error(start, "fraction or exponent in a number; the dialect has integers only (store minor units or a string)")
        }
        if (!negative && value == Long.MIN_VALUE) overflow = true
        if (overflow) throw error(start, "integer outside the 64-bit signed range")
        return if (negative) value else -value
    }

    fun string(): String {
        val open = pos
        pos++
        val start = pos
        // Fast path: plain ASCII without escapes becomes a String straight from the bytes.
        while (pos < p.size) {
            val c = byte(pos)
            if (c == '"'.toInt()) {
                pos++
                return String(p, start, pos - 1 - start, Charsets.ISO_8859_1)
            }
            if (c == '\\'.toInt() || c >= 0x80 || c < 0x20) break
            pos++
        }
        scratch.setLength(0)
        for (i in start until pos) scratch.append(byte(i).toChar())
        while (true) {
            if (pos >= p.size) throw error(open, "unterminated string; expected a closing '\"'")
            val c = byte(pos)
            when {
                c == '"'.toInt() -> { pos++; return scratch.toString() }
                c < 0x20 -> throw error(pos, "raw control character 0x${Integer.toHexString(c)} in a string; escape it")
                c == '\\'.toInt() -> escape()
                c < 0x80 -> { scratch.append(c.toChar()); pos++ }
                else -> appendScalar(multiByteScalar())
            }
        }
    }

    private fun escape() {
        val at = pos
        pos++
        if (pos >= p.size) throw error(at, "unterminated escape; expected a closing '\"'")
        val e = byte(pos)
        pos++
        when (e.toChar()) {
            '"' -> scratch.append('"')
            '\\' -> scratch.append('\\')
            '/' -> scratch.append('/')
            'b' -> scratch.append('\b')
            'f' -> scratch.append('\u000C')
            'n' -> scratch.append('\n')
            'r' -> scratch.append('\r')
            't' -> scratch.append('\t')
            'u' -> {
                var scalar = hex4(at)
                if (scalar in 0xDC00..0xDFFF) {
                    throw error(at, "lone low surrogate \\u${Integer.toHexString(scalar)}; expected a high surrogate before it")
                }
                if (scalar in 0xD800..0xDBFF) {
                    if (!(pos + 1 < p.size && byte(pos) == '\\'.toInt() && byte(pos + 1) == 'u'.toInt())) {
                        throw error(at, "lone high surrogate \\u${Integer.toHexString(scalar)}; expected a \\u low surrogate after it")
                    }
                    val lowAt = pos
                    pos += 2
                    val low = hex4(lowAt)
                    if (low !in 0xDC00..0xDFFF) {
                        throw error(at, "high surrogate \\u${Integer.toHexString(scalar)} not followed by a low surrogate")
                    }
                    scalar = 0x10000 + ((scalar - 0xD800) shl 10) + (low - 0xDC00)
                }
                appendScalar(scalar)
            }
            else -> throw error(at, "invalid escape '\\${e.toChar()}'; expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
        }
    }

    private fun hex4(escapeAt: Int): Int {
        if (pos + 4 > p.size) throw error(escapeAt, "truncated \\u escape; expected 4 hex digits")
        var v = 0
        for (i in 0 until 4) {
            val c = byte(pos + i)
            val d = when (c) {
                in 0x30..0x39 -> c - 0x30
                in 0x61..0x66 -> c - 0x61 + 10
                in 0x41..0x46 -> c - 0x41 + 10
                else -> throw error(escapeAt, "invalid \\u escape; expected 4 hex digits")
            }
            v = (v shl 4) or d
        }
        pos += 4
        return v
    }

    private fun appendScalar(scalar: Int) {
        if (scalar < 0x10000) scratch.append(scalar.toChar()) else scratch.appendCodePoint(scalar)
    }

    /** The scalar of the valid multi-byte UTF-8 sequence at `pos` (no overlongs, no surrogates, at most U+10FFFF). */
    private fun multiByteScalar(): Int {
        val at = pos
        val b0 = byte(at)
        var lower = 0x80
        var upper = 0xBF
        val length = when (b0) {
            in 0xC2..0xDF -> 2
            0xE0 -> { lower = 0xA0; 3 }
            in 0xE1..0xEC, 0xEE, 0xEF -> 3
            0xED -> { upper = 0x9F; 3 }
            0xF0 -> { lower = 0x90; 4 }
            in 0xF1..0xF3 -> 4
            0xF4 -> { upper = 0x8F; 4 }
            else -> throw error(at, "invalid UTF-8 byte 0x${Integer.toHexString(b0)}; the file must be valid UTF-8")
        }
        if (at + length > p.size) throw error(at, "truncated UTF-8 sequence; the file must be valid UTF-8")
        val b1 = byte(at + 1)
        if (b1 < lower || b1 > upper) throw error(at, "invalid UTF-8 sequence; the file must be valid UTF-8")
        var scalar = b0 and (0xFF shr (length + 1))
        for (i in 1 until length) {
            val b = byte(at + i)
            if (i >= 2 && b and 0xC0 != 0x80) throw error(at, "invalid UTF-8 sequence; the file must be valid UTF-8")
            scalar = (scalar shl 6) or (b and 0x3F)
        }
        pos += length
        return scalar
    }

    fun error(offset: Int, message: String): DialectError {
        var line = 1
        var lineStart = 0
        for (i in 0 until minOf(offset, p.size)) {
            if (p[i] == 0x0A.toByte()) { line++; lineStart = i + 1 }
        }
        return DialectError(line, offset - lineStart + 1, message)
    }

    fun describe(offset: Int): String {
        if (offset >= p.size) return "end of input"
        val c = byte(offset)
        return if (c in 0x21 until 0x7F) "'${c.toChar()}'" else "byte 0x${Integer.toHexString(c)}"
    }

}
