package dev.duet.kernel

import dev.duet.coding.Codecs
import dev.duet.testing.Repository
import dev.duet.testing.TestClock
import dev.duet.testing.expect
import org.junit.Assert.assertEquals
import org.junit.Assert.assertNotEquals
import org.junit.Test
import org.junit.runner.RunWith
import org.junit.runners.Parameterized

/** The scripted feature the six reference kernel traces imply: a count, string actions and payloads. */
private object KernelScript : Feature<Long, KernelScript.Action, KernelScript.Payload>(
    "kernel-script", Codecs.int, Codecs.rawEnum(Action.values()) { it.raw }, Codecs.rawEnum(Payload.values()) { it.raw }
) {
    enum class Action(val raw: String) {
        Inc("inc"), StartClocked("start-clocked"), CancelClock("cancel-clock"), Ticked("ticked"), StartPing("start-ping"), Pong("pong"),
        StartTwo("start-two"), Burst("burst"), B1("b1"), B2("b2"), StartChain("start-chain"), ChainDone("chain-done"), StartPark("start-park")
    }

    enum class Payload(val raw: String) { Tick("tick"), Ping("ping"), Alpha("alpha"), Beta("beta"), Burst("burst"), Chained("chained"), Park("park") }

    override val initial = 0L

    override fun reduce(state: Long, action: Action): Reduced<Long, Payload> = when (action) {
        Action.Inc -> (state + 1).reduced()
        Action.StartClocked -> state.reduced(Effect.run(Payload.Tick, "clock"))
        Action.CancelClock -> state.reduced(Effect.cancel("clock"))
        Action.Ticked, Action.Pong, Action.B2, Action.ChainDone -> (state + 10).reduced()
        Action.B1 -> (state + 100).reduced()
        Action.StartPing -> state.reduced(Effect.run(Payload.Ping))
        Action.StartTwo -> state.reduced(Effect.run(Payload.Alpha), Effect.run(Payload.Beta))
        Action.Burst -> state.reduced(Effect.run(Payload.Burst))
        Action.StartChain -> state.reduced(Effect.run(Payload.Chained))
        Action.StartPark -> state.reduced(Effect.run(Payload.Park))
    }

    /** tick: 100 ms then `ticked`; ping: `pong` at once; alpha finishes at once, beta after 50 ms;
     *  burst: `b1`, `b2`; chained: `chain-done`; park: would send after 200 ms. */
    fun run(payload: Payload, context: EffectContext<Action>) {
        when (payload) {
            Payload.Tick -> context.after(MS * 100) { context.send(Action.Ticked); context.finish() }
            Payload.Ping -> { context.send(Action.Pong); context.finish() }
            Payload.Alpha -> context.finish()
            Payload.Beta -> context.after(MS * 50) { context.finish() }
            Payload.Burst -> { context.send(Action.B1); context.send(Action.B2); context.finish() }
            Payload.Chained -> { context.send(Action.ChainDone); context.finish() }
            Payload.Park -> context.after(MS * 200) { context.send(Action.Inc); context.finish() }
        }
    }

    const val MS = 1_000_000L
}

private typealias A = KernelScript.Action

private sealed class Move {
    data class Send(val action: KernelScript.Action) : Move()
    data class Advance(val nanos: Long) : Move()
    object Teardown : Move()
}

/** The six rules' scripts: what the test sends, advances and tears down, per trace. */
private object KernelScripts {
    private fun send(action: KernelScript.Action) = Move.Send(action)
    private fun advance(ms: Long) = Move.Advance(ms * KernelScript.MS)

    val all: Map<String, List<Move>> = linkedMapOf(
        "send-reduce-sync" to listOf(send(A.Inc), send(A.Inc), Move.Teardown),
        "effect-roundtrip" to listOf(send(A.StartPing), Move.Teardown),
        "effect-start-order" to listOf(send(A.StartTwo), advance(50), Move.Teardown),
        "reentrancy-queue" to listOf(send(A.Burst), send(A.StartChain), Move.Teardown),
        "cancel-in-flight" to listOf(send(A.StartClocked), advance(50), send(A.CancelClock), advance(100),
            send(A.StartClocked), send(A.StartClocked), advance(100), Move.Teardown),
        "teardown-cancels" to listOf(send(A.StartPark), Move.Teardown, advance(200)))

    /** The trace the Kotlin store writes for [moves]. */
    fun play(moves: List<Move>): String {
        val clock = TestClock()
        val store = Store(KernelScript, KernelScript.initial, clock, KernelScript::run)
        val recorder = TraceRecorder()
        recorder.record(store, KernelScript)
        clock.onAdvance = { recorder.recordAdvance(it) }
        for (move in moves) {
            when (move) {
                is Move.Send -> store.send(move.action)
                is Move.Advance -> clock.advance(move.nanos)
                Move.Teardown -> store.teardown()
            }
        }
        return recorder.text
    }

    fun vector(name: String) = Repository.file("vectors/kernel-trace/$name.trace.jsonl")
}

/**
 * The Kotlin store reproduces each kernel-trace vector of the repository (`vectors/kernel-trace`,
 * which both flavors' tests read) byte for byte; [UpstreamKernelTraceTest] compares the vectors with
 * upstream's traces. `-Dduet.regenerateVectors=true` writes the vectors from the scripts instead
 * (review the diff: it is the rule change).
 */
@RunWith(Parameterized::class)
class KernelTraceTest(private val name: String) {
    companion object {
        @JvmStatic
        @Parameterized.Parameters(name = "{0}")
        fun traces(): List<Array<Any>> = KernelScripts.all.keys.map { arrayOf<Any>(it) }
    }

    private val moves = KernelScripts.all.getValue(name)

    @Test fun `the store reproduces the vector byte for byte`() {
        val file = KernelScripts.vector(name)
        val actual = KernelScripts.play(moves)
        if (System.getProperty("duet.regenerateVectors") == "true") {
            file.parentFile.mkdirs()
            file.writeText(actual, Charsets.UTF_8)
        }
        expect(file.isFile) { "no vector at ${file.path}: run the tests once with -Dduet.regenerateVectors=true and review it" }
        val expected = file.readText(Charsets.UTF_8)
        expect(expected.toByteArray().contentEquals(actual.toByteArray())) { "$name: got\n$actual\nexpected\n$expected" }
    }
}

class KernelTraceControlTest {
    @Test fun `a mutated vector no longer matches its script (negative control)`() {
        val played = KernelScripts.play(KernelScripts.all.getValue("send-reduce-sync"))
        val mutated = KernelScripts.vector("send-reduce-sync").readText(Charsets.UTF_8).replace("\"state\":\"2\"", "\"state\":\"3\"")
        assertNotEquals(mutated, played)
    }

    @Test fun `a changed script no longer matches its vector (negative control)`() {
        val expected = KernelScripts.vector("cancel-in-flight").readText(Charsets.UTF_8)
        val withoutReplacement = KernelScripts.play(KernelScripts.all.getValue("cancel-in-flight").filterIndexed { index, _ -> index != 5 })
        assertNotEquals(expected, withoutReplacement)
        assertEquals(expected, KernelScripts.play(KernelScripts.all.getValue("cancel-in-flight")))
    }
}
