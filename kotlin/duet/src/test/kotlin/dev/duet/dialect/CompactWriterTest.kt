package duet.test

import duet.dialect.CompactWriter
import duet.dialect.Dialect
import duet.dialect.JsonArray
import duet.dialect.JsonNull
import duet.dialect.JsonObject
import duet.dialect.JsonString
import duet.dialect.UnwritableValue

private fun compact(text: String) = Dialect.canonicalize(text.toByteArray(Charsets.UTF_8))

/** The compact writer's byte rules (DESIGN §3). */
class CompactWriterTests : Suite("compact writer") {
    init {
        test("only quote, backslash and controls are escaped; the three shorthands are used") {
            assertEquals("\"q\\\" b\\\\ n\\n r\\r t\\t\"", compact("\"q\\\" b\\\\ n\\n r\\r t\\t\""))
        }
        test("other controls are \\u00xx with lowercase hex") {
            assertEquals("\"\\u0001\\u001f\\u0008\\u000c\"", compact("\"\\u0001\\u001F\\b\\f\""))
        }
        test("slash, DEL and non-ASCII are written raw") {
            assertEquals("\"/\u007f é 😀\"", compact("\"\\/\\u007f \\u00e9 \\ud83d\\ude00\""))
            // Negative control: an escaped form is not what the writer emits.
            assertNotEquals("\"\\/\u007f é 😀\"", compact("\"\\/\\u007f \\u00e9 \\ud83d\\ude00\""))
        }
        test("a UUID-shaped string is lowercased, keys included; near misses are not") {
            assertEquals("{\"6ba7b810-9dad-11d1-80b4-00c04fd430c8\":\"6ba7b810-9dad-11d1-80b4-00c04fd430c8\"}",
                compact("{\"6BA7B810-9DAD-11D1-80B4-00C04FD430C8\":\"6BA7B810-9dad-11D1-80B4-00C04FD430C8\"}"))
            assertEquals("\"6BA7B810-9DAD-11D1-80B4-00C04FD430CG\"", compact("\"6BA7B810-9DAD-11D1-80B4-00C04FD430CG\""))
            assertEquals("\"ABCDEF\"", compact("\"ABCDEF\""))
        }
        test("a literal null in a tree is written as null") {
            assertEquals("[null,{\"a\":null}]", compact("[null, {\"a\": null}]"))
        }
        test("empty containers and arrays keep their order") {
            assertEquals("[[],{},[3,1,2]]", compact("[ [ ], { }, [3, 1, 2] ]"))
        }
        test("a lone surrogate in a string cannot be written") {
            val error = assertThrows<UnwritableValue> { CompactWriter().write(JsonArray(listOf(JsonString("a\uD83D")))) }
            check(error.message!!.contains("lone surrogate")) { error.message!! }
            CompactWriter().write(JsonArray(listOf(JsonString("a\uD83D\uDE00"))))
        }
        test("objects built in any order write in scalar order") {
            val built = JsonObject.of("😀" to JsonNull, "\uFFFD" to JsonNull, "Z" to JsonNull, "a" to JsonNull)
            assertEquals("{\"Z\":null,\"a\":null,\"\uFFFD\":null,\"😀\":null}", Dialect.compact(built))
        }
    }
}
