package dev.duet.memorylane

import dev.duet.composition.ChainFixture
import dev.duet.composition.ChainPlay
import dev.duet.composition.Embedding
import dev.duet.dialect.Dialect
import dev.duet.dialect.JsonObject
import dev.duet.testing.Repository
import dev.duet.testing.expect
import java.io.File
import org.junit.Assert.assertEquals
import org.junit.Assert.assertNull
import org.junit.Test
import org.junit.runner.RunWith
import org.junit.runners.Parameterized

private fun chainFiles(): List<File> =
    (Repository.file("parity/fixtures").listFiles() ?: emptyArray()).filter { it.name.startsWith("chain-") && it.name.endsWith(".fixture.json") }.sortedBy { it.name }

private fun chain(name: String) = ChainFixture.parse(Repository.file("parity/fixtures/$name.fixture.json").readBytes())

/**
 * Every chain fixture of record, played through the Kotlin reducers, with every seam hop checked
 * through the Kotlin [Embedding] that carries it — as the Swift flavor's `Chain.play()` checks
 * its typed delegate mappings. The replay protocol cannot see these mappings (only their result
 * is recorded), so this is the Kotlin half of the seam gate.
 */
@RunWith(Parameterized::class)
class ChainSeamTest(private val name: String) {
    companion object {
        @JvmStatic
        @Parameterized.Parameters(name = "{0}")
        fun chains(): List<Array<Any>> = chainFiles().map { arrayOf<Any>(it.name.removeSuffix(".fixture.json")) }
    }

    @Test fun `every hop reduces and every seam delegates the next hop's action`() {
        val fixture = chain(name)
        expect(fixture.steps.any { it.linkToNext }) { "$name has no seam hop: nothing is checked" }
        assertNull(ChainPlay(MemoryLane.features, MemoryLane.seams).firstFailure(fixture))
    }
}

/** The seam checks can fail: a wrong mapping, a missing seam, a child that speaks while unmounted. */
class ChainSeamControlTest {
    private val capture = chain("chain-mainnav-capture")

    @Test fun `the chain fixtures are there, and every declared seam is pinned by one`() {
        val files = chainFiles()
        expect(files.isNotEmpty()) { "no chain fixture under parity/fixtures: nothing would be checked" }
        val pinned = files.map { ChainFixture.parse(it.readBytes()) }.flatMap { fixture ->
            fixture.steps.withIndex().filter { it.value.linkToNext }.map { "${fixture.steps[it.index + 1].node}/${it.value.node}" }
        }.toSet()
        assertEquals(MemoryLane.seams.map { "${it.parent.name}/${it.child.name}" }.toSet(), pinned)
    }

    @Test fun `a delegate mapped to the wrong parent action fails at its hop`() {
        val wrong = Embedding.ifLet(MainNav, Capture, shown = { it.sheet == MainNav.Sheet.Capture }) { delegate ->
            when (delegate) {
                is Capture.EffectPayload.CaptureFinished -> MainNav.Action.CaptureFinished(delegate.memoryId)
                Capture.EffectPayload.CaptureCancelled -> MainNav.Action.SheetDismissed
                is Capture.EffectPayload.SaveMemory -> null
            }
        }
        val failure = ChainPlay(MemoryLane.features, MemoryLane.seams - MainNavEmbeddings.capture + wrong).firstFailure(capture)
        assertEquals(1, failure?.step)
        expect(failure!!.reason.contains("""the seam delegates {"case":"sheetDismissed"}, but the next hop sends {"case":"captureCancelled"}""")) { "$failure" }
    }

    @Test fun `a delegate the parent does not handle fails at its hop`() {
        val dropped = Embedding.ifLet(MainNav, Capture, shown = { it.sheet == MainNav.Sheet.Capture }) { null }
        val failure = ChainPlay(MemoryLane.features, MemoryLane.seams - MainNavEmbeddings.capture + dropped).firstFailure(capture)
        expect(failure?.reason?.contains("not a delegate of the seam to mainnav") == true) { "$failure" }
    }

    @Test fun `a seam nobody declared fails`() {
        val failure = ChainPlay(MemoryLane.features, MemoryLane.seams - MainNavEmbeddings.capture).firstFailure(capture)
        expect(failure?.reason?.contains("no seam embeds capture") == true) { "$failure" }
    }

    @Test fun `a child that speaks while its parent does not show it fails`() {
        // The same steps without the first hop, which opens the capture sheet.
        val unmounted = ChainFixture(capture.chain, capture.initialStates, capture.steps.drop(1))
        val failure = ChainPlay(MemoryLane.features, MemoryLane.seams).firstFailure(unmounted)
        expect(failure?.reason?.contains("mainnav does not mount capture here (ifLet)") == true) { "$failure" }
    }

    @Test fun `a seam whose next hop is another node's fails`() {
        val steps = capture.steps.toMutableList()
        steps[2] = ChainFixture.Step("timeline", steps[2].action, false, steps[2].label, steps[2].line)
        val states = capture.initialStates + ("timeline" to Dialect.parse(Dialect.compact(Timeline.stateCodec.encode(Timeline.initial))))
        val failure = ChainPlay(MemoryLane.features, MemoryLane.seams).firstFailure(ChainFixture(capture.chain, states, steps))
        expect(failure?.reason?.contains("delegate to mainnav, but the next hop is timeline's") == true) { "$failure" }
        expect(capture.initialStates["mainnav"] is JsonObject) { "the capture chain starts mainnav from an object" }
    }
}
