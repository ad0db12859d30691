package dev.duet.replay

import java.io.InputStream

/** Reads newline-terminated lines as bytes; a final unterminated line is returned before EOF. */
internal class LineReader(private val input: InputStream) {
    private var buffer = ByteArray(1 shl 16)
    private var start = 0
    private var end = 0
    private var eof = false

    fun hasBufferedLine(): Boolean {
        for (i in start until end) if (buffer[i] == NEWLINE) return true
        return false
    }

    fun next(): ByteArray? {
        var scanned = 0
        while (true) {
            for (i in start + scanned until end) {
                if (buffer[i] == NEWLINE) {
                    val line = buffer.copyOfRange(start, i)
                    start = i + 1
                    return line
                }
            }
            scanned = end - start
            if (eof || !fill()) {
                if (start >= end) return null
                val line = buffer.copyOfRange(start, end)
                start = end
                return line
            }
        }
    }

    /** Reads more input, compacting or growing the buffer; false at EOF. */
    private fun fill(): Boolean {
        if (start > 0) {
            System.arraycopy(buffer, start, buffer, 0, end - start)
            end -= start
            start = 0
        }
        if (end == buffer.size) buffer = buffer.copyOf(buffer.size * 2)
        val count = input.read(buffer, end, buffer.size - end)
        if (count <= 0) { eof = true; return false }
        end += count
        return true
    }

    private companion object {
        const val NEWLINE = '\n'.toByte()
    }
}
