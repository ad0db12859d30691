package dev.duet.dialect

/**
 * Writes the compact canonical form as UTF-8 bytes: keys already in scalar order (the tree
 * keeps them so), UUID-shaped strings lowercased, only `"` `\` and controls escaped. A lone
 * surrogate cannot be UTF-8 and is refused with [UnwritableValue].
 *
 * With [embedded] on, what is written is escaped once more as the inside of a dialect string,
 * which is how a replay response carries canonical texts (`{"state":"{\"a\":1}"}`) without
 * writing them twice.
 *
 * ```kotlin
 * val out = CompactWriter()
 * out.write(JsonObject.of("a" to JsonString("x\n")))
 * out.toString()                 // {"a":"x\n"} with the newline escaped
 * ```
 */
class CompactWriter(capacity: Int = 256) {
    private var buffer = ByteArray(capacity)
    var size = 0
        private set
    var embedded = false

    fun reset() {
        size = 0
        embedded = false
    }

    fun write(value: JsonValue) {
        when (value) {
            is JsonString -> string(value.value)
            is JsonInt -> ascii(value.value.toString())
            is JsonBool -> ascii(if (value.value) "true" else "false")
            is JsonNull -> ascii("null")
            is JsonArray -> {
                put(OPEN_ARRAY)
                val elements = value.elements
                for (i in elements.indices) {
                    if (i > 0) put(COMMA)
                    write(elements[i])
                }
                put(CLOSE_ARRAY)
            }
            is JsonObject -> {
                put(OPEN_OBJECT)
                for (i in 0 until value.size) {
                    if (i > 0) put(COMMA)
                    string(value.keys[i])
                    put(COLON)
                    write(value.values[i])
                }
                put(CLOSE_OBJECT)
            }
        }
    }

    /** A dialect string, quoted. */
    fun string(s: String) {
        put(QUOTE)
        content(ScalarOrder.normalized(s))
        put(QUOTE)
    }

    /** The inside of a dialect string. */
    fun content(s: String) {
        ensure(s.length + 8)
        var i = 0
        val n = s.length
        while (i < n) {
            val c = s[i]
            if (c.toInt() in 0x23..0x7F && c != '\\') {
                if (size == buffer.size) ensure(1)
                buffer[size++] = c.toByte()
                i++
                continue
            }
            when {
                c == '"' -> { put(BACKSLASH); put(QUOTE) }
                c == '\\' -> { put(BACKSLASH); put(BACKSLASH) }
                c == '\n' -> { put(BACKSLASH); put('n'.toByte()) }
                c == '\r' -> { put(BACKSLASH); put('r'.toByte()) }
                c == '\t' -> { put(BACKSLASH); put('t'.toByte()) }
                c < ' ' -> {
                    put(BACKSLASH); put('u'.toByte()); put('0'.toByte()); put('0'.toByte())
                    put(HEX[c.toInt() shr 4]); put(HEX[c.toInt() and 0xF])
                }
                c < '\u0080' -> put(c.toByte())
                c < '\u0800' -> {
                    ensure(2)
                    buffer[size++] = (0xC0 or (c.toInt() shr 6)).toByte()
                    buffer[size++] = (0x80 or (c.toInt() and 0x3F)).toByte()
                }
                Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s[i + 1]) -> {
                    val scalar = Character.toCodePoint(c, s[i + 1])
                    ensure(4)
                    buffer[size++] = (0xF0 or (scalar shr 18)).toByte()
                    buffer[size++] = (0x80 or ((scalar shr 12) and 0x3F)).toByte()
                    buffer[size++] = (0x80 or ((scalar shr 6) and 0x3F)).toByte()
                    buffer[size++] = (0x80 or (scalar and 0x3F)).toByte()
                    i++
                }
                Character.isSurrogate(c) ->
                    throw UnwritableValue("lone surrogate U+${hex4(c)} at index $i of a string; it has no UTF-8 form")
                else -> {
                    ensure(3)
                    buffer[size++] = (0xE0 or (c.toInt() shr 12)).toByte()
                    buffer[size++] = (0x80 or ((c.toInt() shr 6) and 0x3F)).toByte()
                    buffer[size++] = (0x80 or (c.toInt() and 0x3F)).toByte()
                }
            }
            i++
        }
    }

    /** ASCII written as it is, never embedded: the protocol's own framing. */
    fun raw(ascii: String) {
        ensure(ascii.length)
        for (c in ascii) buffer[size++] = c.toByte()
    }

    fun toByteArray(): ByteArray = buffer.copyOf(size)

    fun writeTo(out: java.io.OutputStream) = out.write(buffer, 0, size)

    override fun toString(): String = String(buffer, 0, size, Charsets.UTF_8)

    private fun ascii(text: String) {
        for (c in text) put(c.toByte())
    }

    /** One byte of the output; embedded, a quote or backslash is escaped once more. */
    private fun put(b: Byte) {
        ensure(2)
        if (embedded && (b == QUOTE || b == BACKSLASH)) buffer[size++] = BACKSLASH
        buffer[size++] = b
    }

    private fun ensure(extra: Int) {
        if (size + 2 * extra <= buffer.size) return
        buffer = buffer.copyOf(maxOf(buffer.size * 2, size + 2 * extra))
    }

    private companion object {
        val HEX = "0123456789abcdef".toByteArray()
        private const val UPPER_HEX = "0123456789ABCDEF"

        /** `D83D`: four uppercase hex digits, as error messages name a UTF-16 unit. */
        fun hex4(c: Char): String {
            val u = c - '\u0000'
            return String(CharArray(4) { UPPER_HEX[(u shr (12 - 4 * it)) and 0xF] })
        }
        const val QUOTE = '"'.toByte()
        const val BACKSLASH = '\\'.toByte()
        const val COMMA = ','.toByte()
        const val COLON = ':'.toByte()
        const val OPEN_ARRAY = '['.toByte()
        const val CLOSE_ARRAY = ']'.toByte()
        const val OPEN_OBJECT = '{'.toByte()
        const val CLOSE_OBJECT = '}'.toByte()
    }
}
