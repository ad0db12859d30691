package dev.duet.dialect

import dev.duet.testing.assertThrows
import dev.duet.testing.expect
import org.junit.Assert.assertEquals
import org.junit.Assert.assertNotEquals
import org.junit.Test

private fun compact(text: String) = Dialect.canonicalize(text.toByteArray(Charsets.UTF_8))

/** The compact writer's byte rules (DESIGN §3). */
class CompactWriterTest {
    @Test fun `only quote, backslash and controls are escaped, the three shorthands are used`() {
        assertEquals("\"q\\\" b\\\\ n\\n r\\r t\\t\"", compact("\"q\\\" b\\\\ n\\n r\\r t\\t\""))
    }

    @Test fun `other controls are u00xx with lowercase hex`() {
        assertEquals("\"\\u0001\\u001f\\u0008\\u000c\"", compact("\"\\u0001\\u001F\\b\\f\""))
    }

    @Test fun `slash, DEL and non-ASCII are written raw`() {
        assertEquals("\"/\u007f é 😀\"", compact("\"\\/\\u007f \\u00e9 \\ud83d\\ude00\""))
        // Negative control: an escaped form is not what the writer emits.
        assertNotEquals("\"\\/\u007f é 😀\"", compact("\"\\/\\u007f \\u00e9 \\ud83d\\ude00\""))
    }

    @Test fun `a UUID-shaped string is lowercased, keys included, near misses are not`() {
        assertEquals("{\"6ba7b810-9dad-11d1-80b4-00c04fd430c8\":\"6ba7b810-9dad-11d1-80b4-00c04fd430c8\"}", compact("{\"6BA7B810-9DAD-11D1-80B4-00C04FD430C8\":\"6BA7B810-9dad-11D1-80B4-00C04FD430C8\"}"))
        assertEquals("\"6BA7B810-9DAD-11D1-80B4-00C04FD430CG\"", compact("\"6BA7B810-9DAD-11D1-80B4-00C04FD430CG\""))
        assertEquals("\"ABCDEF\"", compact("\"ABCDEF\""))
    }

    @Test fun `a literal null in a tree is written as null`() {
        assertEquals("[null,{\"a\":null}]", compact("[null, {\"a\": null}]"))
    }

    @Test fun `empty containers and arrays keep their order`() {
        assertEquals("[[],{},[3,1,2]]", compact("[ [ ], { }, [3, 1, 2] ]"))
    }

    @Test fun `a lone surrogate in a string cannot be written`() {
        val error = assertThrows<UnwritableValue> { CompactWriter().write(JsonArray(listOf(JsonString("a\uD83D")))) }
        expect(error.message!!.contains("lone surrogate")) { error.message!! }
        CompactWriter().write(JsonArray(listOf(JsonString("a\uD83D\uDE00"))))
    }

    @Test fun `objects built in any order write in scalar order`() {
        val built = JsonObject.of("😀" to JsonNull, "\uFFFD" to JsonNull, "Z" to JsonNull, "a" to JsonNull)
        assertEquals("{\"Z\":null,\"a\":null,\"\uFFFD\":null,\"😀\":null}", Dialect.compact(built))
    }
}
