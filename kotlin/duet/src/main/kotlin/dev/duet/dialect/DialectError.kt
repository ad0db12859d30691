package dev.duet.dialect

/**
 * Bad dialect input, at a 1-based line and column (the column counts bytes from the line's start).
 *
 * ```kotlin
 * try { Dialect.parse("{\"a\":1.5}") } catch (e: DialectError) { e.toString() }   // 1:6: fraction or exponent …
 * ```
 */
class DialectError(val line: Int, val column: Int, val reason: String) : Exception("$line:$column: $reason") {
    override fun toString() = message!!
}

/** A value that cannot be written in the dialect (a lone surrogate in a string). */
class UnwritableValue(message: String) : Exception(message)
