package dev.duet.testing

import org.junit.Assert

/** Fails the test with [message] unless [condition] holds: `assertTrue` with the message built only on failure. */
fun expect(condition: Boolean, message: () -> String) {
    if (!condition) throw AssertionError(message())
}

/** The [E] that [body] throws; fails the test when it throws nothing or something else. */
inline fun <reified E : Throwable> assertThrows(noinline body: () -> Unit): E = Assert.assertThrows(E::class.java) { body() }
