package dev.duet.dialect

import dev.duet.testing.assertThrows
import dev.duet.testing.expect
import org.junit.Assert.assertEquals
import org.junit.Test

private fun parseError(text: String): DialectError = assertThrows { Dialect.parse(text) }
private fun parseError(bytes: ByteArray): DialectError = assertThrows { Dialect.parse(bytes) }

/** What the strict parser accepts, and how it orders what it read. */
class DialectParserTest {
    @Test fun `keys are ordered by Unicode scalar, not by UTF-16 unit`() {
        // U+FFFD is a BMP scalar below every astral one; its UTF-16 unit 0xFFFD sorts above 0xD83D.
        val text = "{\"😀\":1,\"\uFFFD\":2,\"a\":3}"
        assertEquals("{\"a\":3,\"\uFFFD\":2,\"😀\":1}", Dialect.canonicalize(text.toByteArray()))
        // Negative control: the JVM's own order is the trap the scalar order avoids.
        assertEquals(listOf("a", "😀", "\uFFFD"), listOf("😀", "\uFFFD", "a").sorted())
        expect(ScalarOrder.compare("\uFFFD", "😀") < 0) { "U+FFFD must sort before U+1F600" }
    }

    @Test fun `a prefix sorts before its extensions order is byte order on UTF-8`() {
        val keys = listOf("ab", "a", "b", "é", "z", "\u007f")
        val expected = keys.sortedWith(Comparator { x, y ->
            val bx = x.toByteArray(); val by = y.toByteArray()
            (0 until minOf(bx.size, by.size)).map { (bx[it].toInt() and 0xFF) - (by[it].toInt() and 0xFF) }.firstOrNull { it != 0 } ?: (bx.size - by.size)
        })
        assertEquals(expected, keys.sortedWith(ScalarOrder.comparator))
    }

    @Test fun `whitespace between tokens is insignificant the compact form has none`() {
        assertEquals("{\"a\":[1,2],\"b\":{}}", Dialect.canonicalize(" {\n  \"b\" : { } ,\t\"a\": [ 1 ,2 ]\r\n}\n".toByteArray()))
    }

    @Test fun `integers span the signed 64-bit range`() {
        assertEquals(JsonInt(Long.MAX_VALUE), Dialect.parse("9223372036854775807"))
        assertEquals(JsonInt(Long.MIN_VALUE), Dialect.parse("-9223372036854775808"))
        assertEquals(JsonInt(0), Dialect.parse("-0"))
    }

    @Test fun `escapes decode, a surrogate pair to one astral scalar`() {
        assertEquals(JsonString("\"\\/\b\u000C\n\r\t\u00e9😀"), Dialect.parse("\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00E9\\ud83d\\ude00\""))
    }

    @Test fun `multi-byte UTF-8 is read as scalars`() {
        assertEquals(JsonString("é€😀"), Dialect.parse("\"é€😀\"".toByteArray(Charsets.UTF_8)))
    }

    @Test fun `UUID-shaped keys are lowercased, so case variants are one key`() {
        val parsed = Dialect.parse("{\"6BA7B810-9DAD-11D1-80B4-00C04FD430C8\":1}") as JsonObject
        assertEquals(listOf("6ba7b810-9dad-11d1-80b4-00c04fd430c8"), parsed.keys.toList())
        val error = parseError("{\"6ba7b810-9dad-11d1-80b4-00c04fd430c8\":1,\"6BA7B810-9DAD-11D1-80B4-00C04FD430C8\":2}")
        expect(error.reason.startsWith("duplicate key")) { error.toString() }
    }

    @Test fun `nesting up to the limit parses`() {
        val depth = Dialect.MAXIMUM_DEPTH
        Dialect.parse("[".repeat(depth) + "]".repeat(depth))
    }
}

/** Every rejection names its line and column (bytes, 1-based); each has a valid twin that parses. */
class DialectRejectionTest {
    private fun rejects(bad: String, line: Int, column: Int, reason: String, good: String) {
        val error = parseError(bad)
        assertEquals("position of the error in ${bad.trim()}", "$line:$column", "${error.line}:${error.column}")
        expect(error.reason.contains(reason)) { "expected \"$reason\" in: $error" }
        Dialect.parse(good)   // the negative control: the fixed document is fine
    }

    @Test fun `a fraction is refused where it stands`() { rejects("{\n  \"a\": 1.5\n}", 2, 8, "fraction or exponent", "{\n  \"a\": 15\n}") }
    @Test fun `an exponent is refused`() { rejects("[1e3]", 1, 2, "fraction or exponent", "[1000]") }
    @Test fun `an integer outside 64 bits is refused`() { rejects("9223372036854775808", 1, 1, "64-bit", "9223372036854775807") }
    @Test fun `a leading zero is refused`() { rejects("[01]", 1, 2, "leading zero", "[0, 1]") }
    @Test fun `a minus without digits is refused`() { rejects("[-]", 1, 2, "without digits", "[-1]") }
    @Test fun `a trailing comma in an array is refused`() { rejects("[1,]", 1, 4, "trailing comma", "[1]") }
    @Test fun `a trailing comma in an object is refused`() { rejects("{\"a\":1,}", 1, 8, "trailing comma", "{\"a\":1}") }
    @Test fun `a comment is refused`() { rejects("[1, // one\n2]", 1, 5, "comment", "[1,\n2]") }
    @Test fun `single quotes are refused`() { rejects("{'a':1}", 1, 2, "single quote", "{\"a\":1}") }
    @Test fun `NaN is refused`() { rejects("[NaN]", 1, 2, "NaN", "[0]") }
    @Test fun `a duplicate key is refused at its second occurrence`() { rejects("{\"a\":1,\n\"a\":2}", 2, 1, "duplicate key", "{\"a\":1,\n\"b\":2}") }
    @Test fun `a duplicate key out of order is refused at the later one`() { rejects("{\"b\":1,\"a\":2,\"b\":3}", 1, 14, "duplicate key", "{\"b\":1,\"a\":2,\"c\":3}") }
    @Test fun `a raw control character in a string is refused`() { rejects("\"a\tb\"", 1, 3, "raw control character", "\"a\\tb\"") }
    @Test fun `an invalid escape is refused`() { rejects("\"\\x41\"", 1, 2, "invalid escape", "\"\\u0041\"") }
    @Test fun `a lone high surrogate is refused`() { rejects("\"\\ud83d\"", 1, 2, "lone high surrogate", "\"\\ud83d\\ude00\"") }
    @Test fun `a lone low surrogate is refused`() { rejects("\"\\ude00\"", 1, 2, "lone low surrogate", "\"\\ud83d\\ude00\"") }
    @Test fun `a high surrogate followed by a non-surrogate is refused`() { rejects("\"\\ud83d\\u0041\"", 1, 2, "not followed by a low surrogate", "\"\\u0041\"") }
    @Test fun `an unterminated string is refused at its opening quote`() { rejects("[\"abc", 1, 2, "unterminated string", "[\"abc\"]") }
    @Test fun `text after the document is refused`() { rejects("{} {}", 1, 4, "after the end of the document", "{}") }
    @Test fun `a misspelt literal is refused`() { rejects("[tru]", 1, 2, "did you mean true", "[true]") }
    @Test fun `an empty document is refused`() { rejects("  ", 1, 3, "end of input", "null") }
    @Test fun `a byte order mark is refused`() {
        val error = parseError(byteArrayOf(0xEF.toByte(), 0xBB.toByte(), 0xBF.toByte(), '1'.toByte()))
        expect(error.reason.contains("byte order mark") && error.column == 1) { error.toString() }
        Dialect.parse(byteArrayOf('1'.toByte()))
    }

    @Test fun `invalid UTF-8 is refused`() {
        val error = parseError(byteArrayOf('"'.toByte(), 0xC3.toByte(), 0x28, '"'.toByte()))
        expect(error.reason.contains("UTF-8") && error.column == 2) { error.toString() }
        Dialect.parse(byteArrayOf('"'.toByte(), 0xC3.toByte(), 0xA9.toByte(), '"'.toByte()))
    }

    @Test fun `an encoded surrogate (CESU) is refused as invalid UTF-8`() {
        val error = parseError(byteArrayOf('"'.toByte(), 0xED.toByte(), 0xA0.toByte(), 0xBD.toByte(), '"'.toByte()))
        expect(error.reason.contains("UTF-8")) { error.toString() }
    }

    @Test fun `nesting deeper than the limit is refused, never a stack overflow`() {
        val depth = Dialect.MAXIMUM_DEPTH + 1
        val error = parseError("[".repeat(depth) + "]".repeat(depth))
        expect(error.reason.contains("nesting deeper")) { error.toString() }
    }
}
