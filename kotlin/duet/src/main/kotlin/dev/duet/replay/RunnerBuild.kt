package dev.duet.replay

import java.io.File
import java.io.FileInputStream
import java.security.MessageDigest

/**
 * The runner's build identity for the handshake's `"build"`: the hex SHA-256 of its own jars on
 * the class path (their bytes in class-path order; no paths, so it is the same on every machine).
 * The platform does not count: neither the JDK nor the Kotlin standard library (`kotlin-stdlib*.jar`).
 *
 * ```kotlin
 * RunnerBuild.current()       // -Dduet.runnerBuild when the launcher hashed the jars (it does, natively), else ofClassPath()
 * RunnerBuild.ofClassPath()   // "3f7a…" (64 hex digits), or null when no class-path entry is a readable file
 * ```
 */
object RunnerBuild {
    /** The launcher's hash of the same bytes when it passed one (hashing 4 MB in a cold JVM costs more than start-up), else ours. */
    fun current(): String? = System.getProperty("duet.runnerBuild")?.takeIf { isHex64(it) } ?: ofClassPath()

    /** 64 lowercase hex digits, checked by hand: a regex would load its engine at start-up. */
    private fun isHex64(text: String) = text.length == 64 && text.all { it in '0'..'9' || it in 'a'..'f' }

    fun ofClassPath(classPath: String = System.getProperty("java.class.path") ?: ""): String? {
        val files = classPath.split(File.pathSeparatorChar).filter { it.isNotEmpty() }.map(::File)
            .filter { it.isFile && !it.name.startsWith("kotlin-stdlib") }
        if (files.isEmpty()) return null
        val digest = MessageDigest.getInstance("SHA-256")
        val buffer = ByteArray(1 shl 16)
        try {
            for (file in files) {
                FileInputStream(file).use { input ->
                    while (true) {
                        val count = input.read(buffer)
                        if (count < 0) break
                        digest.update(buffer, 0, count)
                    }
                }
            }
        } catch (e: java.io.IOException) {
            return null
        }
        return hex(digest.digest())
    }

    private fun hex(bytes: ByteArray): String {
        val digits = "0123456789abcdef"
        val out = CharArray(bytes.size * 2)
        for (i in bytes.indices) {
            val b = bytes[i].toInt() and 0xFF
            out[2 * i] = digits[b shr 4]
            out[2 * i + 1] = digits[b and 0xF]
        }
        return String(out)
    }
}
