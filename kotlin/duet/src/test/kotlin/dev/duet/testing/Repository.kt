package dev.duet.testing

import java.io.File

/**
 * Where the repository's shared files are for a test: `-Dduet.repository` (kotlin/build.sh passes
 * it), else the first folder up from the working directory that holds `vectors/`.
 */
object Repository {
    val root: File by lazy {
        System.getProperty("duet.repository")?.let { File(it).absoluteFile }
            ?: generateSequence(File(System.getProperty("user.dir")).absoluteFile) { it.parentFile }.firstOrNull { File(it, "vectors").isDirectory }
            ?: throw IllegalStateException("no repository root: pass -Dduet.repository=PATH (the folder holding vectors/ and parity/)")
    }

    /** A file or folder under the root. */
    fun file(relative: String) = File(root, relative)

    /** Upstream's reference files (`../shared/reference`, or `DUET_REFERENCE`), when present. */
    val reference: File get() = System.getenv("DUET_REFERENCE")?.let(::File) ?: File(root, "../shared/reference")
}
