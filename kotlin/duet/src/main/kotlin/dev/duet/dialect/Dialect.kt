package dev.duet.dialect

/**
 * Entry points of the canonical dialect (DESIGN §3): strict parsing and the compact writer.
 *
 * ```kotlin
 * val tree = Dialect.parse("{ \"b\": 1, \"a\": \"x\" }".toByteArray())
 * Dialect.compact(tree)                      // {"a":"x","b":1}
 * Dialect.canonicalize("[1, 2]".toByteArray()) // [1,2]
 * ```
 */
object Dialect {
    /** Nesting deeper than this is refused with an error, never a stack overflow. */
    const val MAXIMUM_DEPTH = 512

    fun parse(bytes: ByteArray): JsonValue = Parser(bytes).parseDocument()

    fun parse(text: String): JsonValue = parse(text.toByteArray(Charsets.UTF_8))

    /** The compact canonical text of a tree. */
    fun compact(value: JsonValue): String = CompactWriter().apply { write(value) }.toString()

    fun canonicalize(bytes: ByteArray): String = compact(parse(bytes))
}
