package duet.dialect

/**
 * The strict parser: UTF-8 bytes in, [JsonValue] out, or a [DialectError] at line and column.
 * Refused: a byte order mark, comments, single quotes, trailing commas, fractions and exponents,
 * integers outside 64 bits, leading zeros, raw control characters, invalid UTF-8, lone
 * surrogate escapes, duplicate keys (UUID-shaped keys compare case-insensitively), and nesting
 * deeper than [Dialect.MAXIMUM_DEPTH].
 */
internal class Parser(private val p: ByteArray) {
    private var pos = 0
    private var depth = 0
    private val scratch = StringBuilder()

    fun parseDocument(): JsonValue {
        if (p.size >= 3 && p[0] == 0xEF.toByte() && p[1] == 0xBB.toByte() && p[2] == 0xBF.toByte()) {
            throw error(0, "byte order mark found; the dialect is UTF-8 without a BOM: remove the first 3 bytes")
        }
        skipWhitespace()
        val value = parseValue()
        skipWhitespace()
        if (pos < p.size) throw error(pos, "unexpected ${describe(pos)} after the end of the document; expected nothing more")
        return value
    }

    private fun byte(at: Int): Int = p[at].toInt() and 0xFF

    private fun skipWhitespace() {
        while (pos < p.size) {
            val c = byte(pos)
            if (c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09) pos++ else return
        }
    }

    private fun parseValue(): JsonValue {
        if (pos >= p.size) throw notAValue()
        return when (byte(pos)) {
            '{'.toInt() -> parseObject()
            '['.toInt() -> parseArray()
            '"'.toInt() -> JsonString(parseString())
            '-'.toInt(), in 0x30..0x39 -> JsonInt(parseInteger())
            't'.toInt() -> { literal("true"); JsonBool.TRUE }
            'f'.toInt() -> { literal("false"); JsonBool.FALSE }
            'n'.toInt() -> { literal("null"); JsonNull }
            else -> throw notAValue()
        }
    }

    private fun enterContainer() {
        depth++
        if (depth > Dialect.MAXIMUM_DEPTH) {
            throw error(pos, "nesting deeper than ${Dialect.MAXIMUM_DEPTH} levels; flatten the document")
        }
    }

    private fun parseArray(): JsonValue {
        enterContainer()
        pos++
        val elements = ArrayList<JsonValue>()
        skipWhitespace()
        if (pos < p.size && byte(pos) == ']'.toInt()) {
            pos++; depth--
            return JsonArray(elements)
        }
        while (true) {
            skipWhitespace()
            if (pos < p.size && byte(pos) == ']'.toInt()) throw error(pos, "trailing comma before ']'; expected a value")
            elements.add(parseValue())
            skipWhitespace()
            if (pos < p.size && byte(pos) == ','.toInt()) { pos++; continue }
            expect(']', "',' or ']'")
            break
        }
        depth--
        return JsonArray(elements)
    }

    private fun parseObject(): JsonValue {
        enterContainer()
        pos++
        skipWhitespace()
        if (pos < p.size && byte(pos) == '}'.toInt()) {
            pos++; depth--
            return JsonObject.EMPTY
        }
        val keys = ArrayList<String>()
        val offsets = ArrayList<Int>()
        val values = ArrayList<JsonValue>()
        var sorted = true
        while (true) {
            skipWhitespace()
            if (pos >= p.size || byte(pos) != '"'.toInt()) throw notAKey()
            val keyAt = pos
            val key = ScalarOrder.normalized(parseString())
            if (sorted && keys.isNotEmpty()) {
                val c = ScalarOrder.compare(keys[keys.size - 1], key)
                if (c == 0) throw error(keyAt, "duplicate key \"$key\"; keys must be distinct")
                if (c > 0) sorted = false
            }
            keys.add(key); offsets.add(keyAt)
            skipWhitespace()
            expect(':', "':'")
            skipWhitespace()
            values.add(parseValue())
            skipWhitespace()
            if (pos < p.size && byte(pos) == ','.toInt()) { pos++; continue }
            expect('}', "',' or '}'")
            break
        }
        depth--
        if (sorted) return JsonObject.sortedUnchecked(keys.toTypedArray(), values.toTypedArray())
        val order = keys.indices.sortedWith(Comparator { a, b -> ScalarOrder.compare(keys[a], keys[b]) })
        for (i in 1 until order.size) {
            if (ScalarOrder.compare(keys[order[i - 1]], keys[order[i]]) == 0) {
                throw error(maxOf(offsets[order[i - 1]], offsets[order[i]]), "duplicate key \"${keys[order[i]]}\"; keys must be distinct")
            }
        }
        return JsonObject.sortedUnchecked(Array(order.size) { keys[order[it]] }, Array(order.size) { values[order[it]] })
    }

    private fun expect(c: Char, what: String) {
        if (pos >= p.size || byte(pos) != c.toInt()) {
            val found = if (pos < p.size) "unexpected ${describe(pos)}" else "unexpected end of input"
            throw error(pos, "$found; expected $what")
        }
        pos++
    }

    private fun literal(word: String) {
        val start = pos
        for (i in word.indices) {
            if (start + i >= p.size || byte(start + i) != word[i].toInt()) {
                throw error(start, "unexpected ${describe(start)}; expected a value (did you mean $word?)")
            }
        }
        pos += word.length
    }

    private fun parseInteger(): Long {
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

    // MARK: strings

    private fun parseString(): String {
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

    // MARK: errors

    private fun error(offset: Int, message: String): DialectError {
        var line = 1
        var lineStart = 0
        for (i in 0 until minOf(offset, p.size)) {
            if (p[i] == 0x0A.toByte()) { line++; lineStart = i + 1 }
        }
        return DialectError(line, offset - lineStart + 1, message)
    }

    private fun describe(offset: Int): String {
        if (offset >= p.size) return "end of input"
        val c = byte(offset)
        return if (c in 0x21 until 0x7F) "'${c.toChar()}'" else "byte 0x${Integer.toHexString(c)}"
    }

    private fun notAValue(): DialectError {
        if (pos >= p.size) return error(pos, "unexpected end of input; expected a value")
        return when (byte(pos).toChar()) {
            '\'' -> error(pos, "single quote found; strings use double quotes")
            '/' -> error(pos, "comment found; the dialect has no comments")
            'N', 'I' -> error(pos, "NaN and Infinity are not part of the dialect; expected a value")
            else -> error(pos, "unexpected ${describe(pos)}; expected a value")
        }
    }

    private fun notAKey(): DialectError {
        if (pos >= p.size) return error(pos, "unexpected end of input; expected a key in double quotes")
        if (byte(pos) == '}'.toInt()) return error(pos, "trailing comma before '}'; expected a key")
        val hint = if (byte(pos) == '\''.toInt()) "single quote found" else "unexpected ${describe(pos)}"
        return error(pos, "$hint; expected a key in double quotes")
    }
}
