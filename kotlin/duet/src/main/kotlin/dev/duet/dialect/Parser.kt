package dev.duet.dialect

/**
 * The strict parser: UTF-8 bytes in, [JsonValue] out, or a [DialectError] at line and column.
 * Refused: a byte order mark, comments, single quotes, trailing commas, fractions and exponents,
 * integers outside 64 bits, leading zeros, raw control characters, invalid UTF-8, lone
 * surrogate escapes, duplicate keys (UUID-shaped keys compare case-insensitively), and nesting
 * deeper than [Dialect.MAXIMUM_DEPTH].
 */
internal class Parser(bytes: ByteArray) {
    private val lex = Lexer(bytes)
    private var depth = 0

    fun parseDocument(): JsonValue {
        if (lex.p.size >= 3 && lex.p[0] == 0xEF.toByte() && lex.p[1] == 0xBB.toByte() && lex.p[2] == 0xBF.toByte()) {
            throw lex.error(0, "byte order mark found; the dialect is UTF-8 without a BOM: remove the first 3 bytes")
        }
        lex.skipWhitespace()
        val value = parseValue()
        lex.skipWhitespace()
        if (!lex.atEnd) throw lex.error(lex.pos, "unexpected ${lex.describe(lex.pos)} after the end of the document; expected nothing more")
        return value
    }

    private fun parseValue(): JsonValue {
        if (lex.atEnd) throw notAValue()
        return when (lex.byte(lex.pos)) {
            '{'.toInt() -> parseObject()
            '['.toInt() -> parseArray()
            '"'.toInt() -> JsonString(lex.string())
            '-'.toInt(), in 0x30..0x39 -> JsonInt(lex.integer())
            't'.toInt() -> { literal("true"); JsonBool.TRUE }
            'f'.toInt() -> { literal("false"); JsonBool.FALSE }
            'n'.toInt() -> { literal("null"); JsonNull }
            else -> throw notAValue()
        }
    }

    private fun enterContainer() {
        depth++
        if (depth > Dialect.MAXIMUM_DEPTH) {
            throw lex.error(lex.pos, "nesting deeper than ${Dialect.MAXIMUM_DEPTH} levels; flatten the document")
        }
    }

    private fun parseArray(): JsonValue {
        enterContainer()
        lex.pos++
        val elements = ArrayList<JsonValue>()
        lex.skipWhitespace()
        if (!lex.atEnd && lex.byte(lex.pos) == ']'.toInt()) {
            lex.pos++; depth--
            return JsonArray(elements)
        }
        while (true) {
            lex.skipWhitespace()
            if (!lex.atEnd && lex.byte(lex.pos) == ']'.toInt()) throw lex.error(lex.pos, "trailing comma before ']'; expected a value")
            elements.add(parseValue())
            lex.skipWhitespace()
            if (!lex.atEnd && lex.byte(lex.pos) == ','.toInt()) { lex.pos++; continue }
            expect(']', "',' or ']'")
            break
        }
        depth--
        return JsonArray(elements)
    }

    private fun parseObject(): JsonValue {
        enterContainer()
        lex.pos++
        lex.skipWhitespace()
        if (!lex.atEnd && lex.byte(lex.pos) == '}'.toInt()) {
            lex.pos++; depth--
            return JsonObject.EMPTY
        }
        val keys = ArrayList<String>()
        val offsets = ArrayList<Int>()
        val values = ArrayList<JsonValue>()
        var sorted = true
        while (true) {
            lex.skipWhitespace()
            if (lex.atEnd || lex.byte(lex.pos) != '"'.toInt()) throw notAKey()
            val keyAt = lex.pos
            val key = ScalarOrder.normalized(lex.string())
            if (sorted && keys.isNotEmpty()) {
                val c = ScalarOrder.compare(keys[keys.size - 1], key)
                if (c == 0) throw lex.error(keyAt, "duplicate key \"$key\"; keys must be distinct")
                if (c > 0) sorted = false
            }
            keys.add(key); offsets.add(keyAt)
            lex.skipWhitespace()
            expect(':', "':'")
            lex.skipWhitespace()
            values.add(parseValue())
            lex.skipWhitespace()
            if (!lex.atEnd && lex.byte(lex.pos) == ','.toInt()) { lex.pos++; continue }
            expect('}', "',' or '}'")
            break
        }
        depth--
        if (sorted) return JsonObject.sortedUnchecked(keys.toTypedArray(), values.toTypedArray())
        val order = keys.indices.sortedWith(Comparator { a, b -> ScalarOrder.compare(keys[a], keys[b]) })
        for (i in 1 until order.size) {
            if (ScalarOrder.compare(keys[order[i - 1]], keys[order[i]]) == 0) {
                throw lex.error(maxOf(offsets[order[i - 1]], offsets[order[i]]), "duplicate key \"${keys[order[i]]}\"; keys must be distinct")
            }
        }
        return JsonObject.sortedUnchecked(Array(order.size) { keys[order[it]] }, Array(order.size) { values[order[it]] })
    }

    private fun expect(c: Char, what: String) {
        if (lex.atEnd || lex.byte(lex.pos) != c.toInt()) {
            val found = if (!lex.atEnd) "unexpected ${lex.describe(lex.pos)}" else "unexpected end of input"
            throw lex.error(lex.pos, "$found; expected $what")
        }
        lex.pos++
    }

    private fun literal(word: String) {
        val start = lex.pos
        for (i in word.indices) {
            if (start + i >= lex.p.size || lex.byte(start + i) != word[i].toInt()) {
                throw lex.error(start, "unexpected ${lex.describe(start)}; expected a value (did you mean $word?)")
            }
        }
        lex.pos += word.length
    }

    private fun notAValue(): DialectError {
        if (lex.atEnd) return lex.error(lex.pos, "unexpected end of input; expected a value")
        return when (lex.byte(lex.pos).toChar()) {
            '\'' -> lex.error(lex.pos, "single quote found; strings use double quotes")
            '/' -> lex.error(lex.pos, "comment found; the dialect has no comments")
            'N', 'I' -> lex.error(lex.pos, "NaN and Infinity are not part of the dialect; expected a value")
            else -> lex.error(lex.pos, "unexpected ${lex.describe(lex.pos)}; expected a value")
        }
    }

    private fun notAKey(): DialectError {
        if (lex.atEnd) return lex.error(lex.pos, "unexpected end of input; expected a key in double quotes")
        if (lex.byte(lex.pos) == '}'.toInt()) return lex.error(lex.pos, "trailing comma before '}'; expected a key")
        val hint = if (lex.byte(lex.pos) == '\''.toInt()) "single quote found" else "unexpected ${lex.describe(lex.pos)}"
        return lex.error(lex.pos, "$hint; expected a key in double quotes")
    }
}
