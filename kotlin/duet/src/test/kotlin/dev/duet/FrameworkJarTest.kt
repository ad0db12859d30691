package dev.duet

import dev.duet.testing.expect
import java.io.File
import java.util.jar.JarFile
import org.junit.Assume.assumeTrue
import org.junit.Test

/** The framework jar an app links holds the framework only; the app's jar holds the app (the control). */
class FrameworkJarTest {
    private fun classes(property: String): List<String> {
        val path = System.getProperty(property)
        assumeTrue("no -D$property: the jars are checked when kotlin/build.sh runs the tests", path != null && File(path).isFile)
        return JarFile(path).use { jar -> jar.entries().toList().map { it.name }.filter { it.endsWith(".class") } }
    }

    @Test fun `the framework jar holds no Memory Lane class`() {
        val framework = classes("duet.frameworkJar")
        expect(framework.any { it.startsWith("dev/duet/kernel/") }) { "the framework jar holds no kernel class: is it the framework's?" }
        val app = framework.filter { it.startsWith("dev/duet/memorylane/") }
        expect(app.isEmpty()) { "the framework jar holds ${app.size} Memory Lane classes: ${app.take(5)}" }
    }

    @Test fun `the app jar holds Memory Lane and no framework class (negative control)`() {
        val app = classes("duet.appJar")
        expect(app.any { it.startsWith("dev/duet/memorylane/") }) { "the check would see no Memory Lane class at all" }
        expect(app.none { it.startsWith("dev/duet/kernel/") }) { "the app jar carries the framework's kernel" }
    }
}
