package duet.test

import duet.coding.Codecs
import duet.kernel.Effect
import duet.kernel.EffectContext
import duet.kernel.Feature
import duet.kernel.Reduced
import duet.kernel.Store
import duet.kernel.TraceRecorder
import duet.kernel.reduced
import java.io.File

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

/** The Kotlin store reproduces each reference kernel trace byte for byte from the script it implies. */
class KernelTraceTests(private val folder: File) : Suite("kernel traces") {
    private fun send(action: KernelScript.Action) = Move.Send(action)
    private fun advance(ms: Long) = Move.Advance(ms * KernelScript.MS)

    private fun play(moves: List<Move>): String {
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

    private fun reference(name: String): String {
        val file = File(folder, "$name.trace.jsonl")
        if (!file.isFile) throw Skipped("reference kernel trace not found at ${file.path}; the traces ship in ../shared/reference")
        return file.readText(Charsets.UTF_8)
    }

    private fun trace(name: String, moves: List<Move>) {
        test("$name is reproduced byte for byte") {
            val expected = reference(name)
            val actual = play(moves)
            check(expected.toByteArray().contentEquals(actual.toByteArray())) { "$name: got\n$actual\nexpected\n$expected" }
        }
    }

    init {

        trace("send-reduce-sync", listOf(send(A.Inc), send(A.Inc), Move.Teardown))
        trace("effect-roundtrip", listOf(send(A.StartPing), Move.Teardown))
        trace("effect-start-order", listOf(send(A.StartTwo), advance(50), Move.Teardown))
        trace("reentrancy-queue", listOf(send(A.Burst), send(A.StartChain), Move.Teardown))
        trace("cancel-in-flight", listOf(send(A.StartClocked), advance(50), send(A.CancelClock), advance(100),
            send(A.StartClocked), send(A.StartClocked), advance(100), Move.Teardown))
        trace("teardown-cancels", listOf(send(A.StartPark), Move.Teardown, advance(200)))
        test("a changed script no longer matches its trace (negative control)") {
            val expected = reference("cancel-in-flight")
            val withoutReplacement = play(listOf(send(A.StartClocked), advance(50), send(A.CancelClock), advance(100),
                send(A.StartClocked), advance(100), Move.Teardown))
            assertNotEquals(expected, withoutReplacement)
        }
    }
}
