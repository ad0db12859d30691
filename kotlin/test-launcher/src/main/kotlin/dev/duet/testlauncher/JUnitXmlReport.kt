package dev.duet.testlauncher

import org.junit.runner.Description
import org.junit.runner.notification.Failure
import org.junit.runner.notification.RunListener
import java.io.PrintWriter
import java.io.StringWriter
import java.net.InetAddress
import java.time.Instant

/**
 * A JUnit 4 listener that writes the JUnit XML report CI tools read (Ant's schema, as Gradle
 * writes it): one `<testsuite>` per test class under a `<testsuites>` root carrying the totals.
 *
 * ```kotlin
 * val report = JUnitXmlReport("duet")
 * JUnitCore().apply { addListener(report) }.run(DialectTest::class.java)
 * File("duet.xml").writeText(report.xml())
 * ```
 */
class JUnitXmlReport(private val module: String) : RunListener() {
    private class Case(val description: Description) {
        var nanos = 0L
        var failure: Failure? = null
        var skipped: String? = null
    }

    private val cases = LinkedHashMap<Description, Case>()
    private var started = 0L
    private val timestamp = Instant.now().toString().substring(0, 19)

    override fun testStarted(description: Description) {
        started = System.nanoTime()
        cases[description] = Case(description)
    }

    override fun testFinished(description: Description) {
        cases[description]?.let { it.nanos = System.nanoTime() - started }
    }

    override fun testFailure(failure: Failure) {
        (cases[failure.description] ?: Case(failure.description).also { cases[failure.description] = it }).failure = failure
    }

    override fun testAssumptionFailure(failure: Failure) {
        cases[failure.description]?.skipped = failure.message ?: "assumption failed"
    }

    override fun testIgnored(description: Description) {
        cases[description] = Case(description).also { it.skipped = description.getAnnotation(org.junit.Ignore::class.java)?.value ?: "ignored" }
    }

    /** The report; a failure outside any test (a class that cannot start) counts as an error of its class. */
    fun xml(): String {
        val byClass = cases.values.groupBy { it.description.className ?: module }
        val out = StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        val all = cases.values
        out.append("<testsuites name=\"").append(escape(module)).append('"')
            .append(counts(all)).append(" time=\"").append(seconds(all.sumByLong { it.nanos })).append("\">\n")
        for ((className, tests) in byClass) {
            out.append("  <testsuite name=\"").append(escape(className)).append('"').append(counts(tests))
                .append(" time=\"").append(seconds(tests.sumByLong { it.nanos })).append("\" timestamp=\"").append(timestamp)
                .append("\" hostname=\"").append(escape(hostname())).append("\">\n")
            for (case in tests) {
                out.append("    <testcase name=\"").append(escape(case.description.methodName ?: case.description.displayName))
                    .append("\" classname=\"").append(escape(className)).append("\" time=\"").append(seconds(case.nanos)).append('"')
                val failure = case.failure
                val skipped = case.skipped
                when {
                    failure != null -> {
                        val tag = if (failure.exception is AssertionError) "failure" else "error"
                        out.append(">\n      <").append(tag).append(" message=\"").append(escape(failure.message ?: "")).append("\" type=\"")
                            .append(escape(failure.exception.javaClass.name)).append("\">").append(escape(trace(failure.exception)))
                            .append("</").append(tag).append(">\n    </testcase>\n")
                    }
                    skipped != null -> out.append(">\n      <skipped message=\"").append(escape(skipped)).append("\"/>\n    </testcase>\n")
                    else -> out.append("/>\n")
                }
            }
            out.append("  </testsuite>\n")
        }
        return out.append("</testsuites>\n").toString()
    }

    private fun counts(cases: Collection<Case>): String {
        val failures = cases.count { it.failure?.exception is AssertionError }
        val errors = cases.count { it.failure != null && it.failure?.exception !is AssertionError }
        val skipped = cases.count { it.failure == null && it.skipped != null }
        return " tests=\"${cases.size}\" failures=\"$failures\" errors=\"$errors\" skipped=\"$skipped\""
    }

    private fun seconds(nanos: Long): String {
        val millis = nanos / 1_000_000
        val fraction = (millis % 1000).toString()
        return "${millis / 1000}.${"0".repeat(3 - fraction.length)}$fraction"
    }

    private fun trace(error: Throwable) = StringWriter().also { error.printStackTrace(PrintWriter(it)) }.toString()

    private fun hostname() = try { InetAddress.getLocalHost().hostName } catch (e: Exception) { "localhost" }

    private inline fun <T> Iterable<T>.sumByLong(selector: (T) -> Long): Long {
        var sum = 0L
        for (element in this) sum += selector(element)
        return sum
    }

    companion object {
        /** XML attribute and text escaping; characters XML 1.0 cannot carry become U+FFFD. */
        fun escape(text: String): String {
            val out = StringBuilder(text.length)
            for (c in text) {
                when {
                    c == '&' -> out.append("&amp;")
                    c == '<' -> out.append("&lt;")
                    c == '>' -> out.append("&gt;")
                    c == '"' -> out.append("&quot;")
                    c == '\n' || c == '\t' || c == '\r' -> out.append(c)
                    c < ' ' -> out.append('\uFFFD')
                    else -> out.append(c)
                }
            }
            return out.toString()
        }
    }
}

/** One line per failure and per skip, as they happen, so a CI log shows them without the XML. */
internal class ConsoleLines(private val module: String) : RunListener() {
    override fun testFailure(failure: Failure) {
        println("FAILED  $module ${failure.description.className}.${failure.description.methodName}: ${firstLine(failure.message ?: failure.exception.javaClass.name)}")
    }

    override fun testAssumptionFailure(failure: Failure) {
        println("SKIPPED $module ${failure.description.className}.${failure.description.methodName}: ${failure.message}")
    }

    override fun testIgnored(description: Description) {
        println("SKIPPED $module ${description.className}.${description.methodName}: ignored")
    }

    private fun firstLine(text: String) = text.lineSequence().first()
}
