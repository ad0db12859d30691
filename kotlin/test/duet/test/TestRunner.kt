package duet.test

/**
 * The smallest test runner that does the job (no framework is available beyond the stdlib):
 * suites register named tests; a test fails by throwing, skips by throwing [Skipped], and the
 * run ends with one `kotlin: N passed, N failed, N skipped` line and a non-zero exit on failure.
 */
abstract class Suite(val name: String) {
    val tests = ArrayList<Pair<String, () -> Unit>>()
    fun test(name: String, body: () -> Unit) { tests.add(name to body) }
}

class Skipped(reason: String) : Exception(reason)
class Failed(message: String) : AssertionError(message)

fun fail(message: String): Nothing = throw Failed(message)

fun check(condition: Boolean, message: () -> String) {
    if (!condition) fail(message())
}

fun <T> assertEquals(expected: T, actual: T, what: String = "value") {
    if (expected != actual) fail("$what:\n  expected: $expected\n  actual:   $actual")
}

fun <T> assertNotEquals(unexpected: T, actual: T, what: String = "value") {
    if (unexpected == actual) fail("$what: expected anything but $unexpected")
}

inline fun <reified E : Throwable> assertThrows(body: () -> Unit): E {
    try {
        body()
    } catch (e: Throwable) {
        if (e is E) return e
        fail("expected ${E::class.java.simpleName}, got ${e.javaClass.simpleName}: ${e.message}")
    }
    fail("expected ${E::class.java.simpleName}, nothing was thrown")
}

fun runSuites(suites: List<Suite>): Int {
    var passed = 0
    var failed = 0
    var skipped = 0
    for (suite in suites) {
        for ((name, body) in suite.tests) {
            try {
                body()
                passed++
            } catch (e: Skipped) {
                skipped++
                println("SKIPPED ${suite.name}: $name — ${e.message}")
            } catch (e: Throwable) {
                failed++
                println("FAILED  ${suite.name}: $name — ${e.message ?: e.javaClass.name}")
            }
        }
    }
    println("kotlin: $passed passed, $failed failed" + if (skipped > 0) ", $skipped skipped" else "")
    return if (failed == 0) 0 else 1
}
