package duet.dialect

/**
 * Writes the compact canonical form into a character buffer: keys already in scalar order
 * (the tree keeps them so), UUID-shaped strings lowercased, only `"` `\` and controls escaped.
 * A lone surrogate cannot be UTF-8 and is refused with [UnwritableValue].
 *
 * ```kotlin
 * val out = CompactWriter()
 * out.write(JsonObject.of("a" to JsonString("x\n")))
 * out.toString()                 // {"a":"x\n"} with the newline escaped
 * ```
 */
class CompactWriter(capacity: Int = 256) {
    private val out = StringBuilder(capacity)

    val length: Int get() = out.length

    fun write(value: JsonValue) {
        when (value) {
            is JsonString -> string(value.value)
            is JsonInt -> out.append(value.value)
            is JsonBool -> out.append(if (value.value) "true" else "false")
            is JsonNull -> out.append("null")
            is JsonArray -> {
                out.append('[')
                value.elements.forEachIndexed { i, element ->
                    if (i > 0) out.append(',')
                    write(element)
                }
                out.append(']')
            }
            is JsonObject -> {
                out.append('{')
                for (i in 0 until value.size) {
                    if (i > 0) out.append(',')
                    string(value.keys[i])
                    out.append(':')
                    write(value.values[i])
                }
                out.append('}')
            }
        }
    }

    /** A dialect string, quoted. */
    fun string(s: String) {
        out.append('"')
        escaped(ScalarOrder.normalized(s))
        out.append('"')
    }

    /** The inside of a dialect string: what a response embeds a canonical text with. */
    fun escaped(s: String) {
        var plainFrom = 0
        var i = 0
        val n = s.length
        while (i < n) {
            val c = s[i]
            if (c >= ' ' && c != '"' && c != '\\' && !Character.isSurrogate(c)) { i++; continue }
            if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s[i + 1])) { i += 2; continue }
            out.append(s, plainFrom, i)
            when {
                c == '"' -> out.append("\\\"")
                c == '\\' -> out.append("\\\\")
                c == '\n' -> out.append("\\n")
                c == '\r' -> out.append("\\r")
                c == '\t' -> out.append("\\t")
                c < ' ' -> out.append("\\u00").append(HEX[c.toInt() shr 4]).append(HEX[c.toInt() and 0xF])
                else -> throw UnwritableValue("lone surrogate U+${Integer.toHexString(c.toInt()).toUpperCase()} at index $i of a string; it has no UTF-8 form")
            }
            i++
            plainFrom = i
        }
        out.append(s, plainFrom, n)
    }

    fun raw(text: String) { out.append(text) }

    override fun toString(): String = out.toString()

    private companion object {
        val HEX = "0123456789abcdef".toCharArray()
    }
}
