package dev.duet.composition

import dev.duet.dialect.Dialect
import dev.duet.testing.expect
import org.junit.Assert.assertEquals
import org.junit.Assert.assertNull
import org.junit.Test

/** [ChainPlay] checks a seam hop as Swift's `Chain.play()` does, and each way it can fail. */
class ChainPlayTest {
    private fun chain(vararg steps: ChainFixture.Step, shell: String = """{"routes":[],"showsCounter":true,"total":0}""") =
        ChainFixture("shell-counter", mapOf("shell" to Dialect.parse(shell), "counter" to Dialect.parse("""{"count":0}""")), steps.toList())

    private fun step(node: String, action: String, seam: Boolean = false) = ChainFixture.Step(node, Dialect.parse(action), seam, null, null)

    private val play = ChainPlay(listOf(Shell, Counter), listOf(ShellSeams.counter))

    @Test fun `a seam that delegates exactly the next hop's action holds`() {
        val held = chain(step("counter", """{"case":"increment"}"""), step("counter", """{"case":"done"}""", seam = true),
            step("shell", """{"case":"counted","value":{"count":1}}"""))
        assertNull(play.firstFailure(held))
    }

    @Test fun `a next hop that is not what the seam delegates fails there`() {
        val failure = play.firstFailure(chain(step("counter", """{"case":"done"}""", seam = true), step("shell", """{"case":"counted","value":{"count":5}}""")))
        assertEquals(0, failure?.step)
        expect(failure!!.reason.contains("""delegates {"case":"counted","value":{"count":0}}, but the next hop sends {"case":"counted","value":{"count":5}}""")) { "$failure" }
    }

    @Test fun `an effect that is the child's own work is no delegate`() {
        val failure = play.firstFailure(chain(step("counter", """{"case":"increment"}""", seam = true), step("shell", """{"case":"open"}""")))
        expect(failure?.reason?.contains("not a delegate of the seam to shell") == true) { "$failure" }
    }

    @Test fun `a child speaking while its parent does not show it fails`() {
        val failure = play.firstFailure(chain(step("counter", """{"case":"done"}""", seam = true), step("shell", """{"case":"counted","value":{"count":0}}"""),
            shell = """{"routes":[],"showsCounter":false,"total":0}"""))
        expect(failure?.reason?.contains("shell does not mount counter here (ifLet)") == true) { "$failure" }
    }

    @Test fun `a seam on the last hop, a seam nobody declared and an action a node cannot read fail`() {
        expect(play.firstFailure(chain(step("counter", """{"case":"done"}""", seam = true)))?.reason?.contains("last hop") == true) { "last hop" }
        val undeclared = ChainPlay(listOf(Shell, Counter), emptyList()).firstFailure(chain(step("counter", """{"case":"done"}""", seam = true),
            step("shell", """{"case":"counted","value":{"count":0}}""")))
        expect(undeclared?.reason?.contains("no seam embeds counter") == true) { "$undeclared" }
        expect(play.firstFailure(chain(step("counter", """{"case":"jump"}""")))?.reason?.contains("unknown case \"jump\"") == true) { "unknown case" }
    }
}
