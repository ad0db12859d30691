package dev.duet.kernel

import dev.duet.coding.Codecs
import dev.duet.coding.StructCodec
import dev.duet.coding.SumCodec
import dev.duet.coding.field
import dev.duet.coding.label
import dev.duet.coding.members
import dev.duet.kernel.reduced
import dev.duet.testing.TestClock
import org.junit.Assert.assertEquals
import org.junit.Test

/** A feature whose state is the log of the actions it reduced. */
private object Journal : Feature<Journal.State, Journal.Action, Journal.Payload>("journal", State.Coding, Action.Coding, Payload.Coding) {
    data class State(val log: List<String> = emptyList()) {
        companion object Coding : StructCodec<State>(members(::State,
            field(State::log, Codecs.list(Codecs.string))))
    }

    sealed class Action {
        data class Note(val text: String) : Action()
        object StartBoth : Action()
        data class StartEcho(val text: String) : Action()
        data class StartDelayed(val text: String, val id: String?) : Action()
        data class Stop(val id: String) : Action()

        companion object Coding : SumCodec<Action>() {
            init {
                single("note", ::Note, Codecs.string, Note::text)
                unit("startBoth") { StartBoth }
                single("startEcho", ::StartEcho, Codecs.string, StartEcho::text)
                labeled("startDelayed", ::StartDelayed, label(StartDelayed::text, Codecs.string), label(StartDelayed::id, Codecs.optional(Codecs.string)))
                labeled("stop", ::Stop, label(Stop::id, Codecs.string))
            }
        }
    }

    sealed class Payload {
        data class Named(val name: String) : Payload()
        data class Echo(val text: String) : Payload()
        data class Delayed(val text: String) : Payload()

        companion object Coding : SumCodec<Payload>() {
            init {
                single("named", ::Named, Codecs.string, Named::name)
                single("echo", ::Echo, Codecs.string, Echo::text)
                single("delayed", ::Delayed, Codecs.string, Delayed::text)
            }
        }
    }

    override val initial = State()

    override fun reduce(state: State, action: Action): Reduced<State, Payload> = when (action) {
        is Action.Note -> State(state.log + action.text).reduced()
        Action.StartBoth -> State(state.log + "startBoth").reduced(Effect.run(Payload.Named("first")), Effect.run(Payload.Named("second")))
        is Action.StartEcho -> State(state.log + "startEcho").reduced(Effect.run(Payload.Echo(action.text)))
        is Action.StartDelayed -> state.reduced(Effect.run(Payload.Delayed(action.text), action.id))
        is Action.Stop -> state.reduced(Effect.cancel(action.id))
    }
}

/** The store rules, the same as the Swift `Store`'s (store-kernel-contract §3). */
class StoreTest {
    private class Harness {
        val clock = TestClock()
        val seen = ArrayList<String>()
        lateinit var store: Store<Journal.State, Journal.Action, Journal.Payload>

        init {
            store = Store(Journal, Journal.initial, clock) { payload, context ->
                when (payload) {
                    is Journal.Payload.Named -> { seen.add("${payload.name} saw ${store.state.log}"); context.finish() }
                    is Journal.Payload.Echo -> { context.send(Journal.Action.Note(payload.text)); context.finish() }
                    is Journal.Payload.Delayed -> {
                        seen.add("start ${payload.text}")
                        context.onCancel { seen.add("cancel ${payload.text}") }
                        context.after(1_000_000_000) { context.send(Journal.Action.Note(payload.text)); context.finish() }
                    }
                }
            }
        }
    }

    @Test fun `send reduces before it returns`() {
        val h = Harness()
        h.store.send(Journal.Action.Note("a"))
        assertEquals(listOf("a"), h.store.state.log)
        h.store.send(Journal.Action.Note("b"))
        assertEquals(listOf("a", "b"), h.store.state.log)
    }

    @Test fun `effects start after the state is published, in declaration order`() {
        val h = Harness()
        h.store.send(Journal.Action.StartBoth)
        assertEquals(listOf("first saw [startBoth]", "second saw [startBoth]"), h.seen)
    }

    @Test fun `effect actions come back through the reducer as flat cycles`() {
        val h = Harness()
        val events = ArrayList<String>()
        h.store.observe { event ->
            when (event) {
                is StoreEvent.EffectAction -> events.add("effectAction ${event.action}")
                is StoreEvent.Reduce -> events.add("reduce ${event.action}")
                else -> Unit
            }
        }
        h.store.send(Journal.Action.StartEcho("e"))
        assertEquals(listOf("startEcho", "e"), h.store.state.log)
        assertEquals(listOf("reduce StartEcho(text=e)", "effectAction Note(text=e)", "reduce Note(text=e)"), events)
    }

    @Test fun `a send while busy is queued, never nested`() {
        val h = Harness()
        var insideSend: List<String>? = null
        h.store.observe { event ->
            if (event is StoreEvent.Reduce && event.action == Journal.Action.Note("a")) {
                h.store.send(Journal.Action.Note("b"))
                insideSend = h.store.state.log
            }
        }
        h.store.send(Journal.Action.Note("a"))
        assertEquals("state seen right after the re-entrant send", listOf("a"), insideSend)
        assertEquals(listOf("a", "b"), h.store.state.log)
    }

    @Test fun `a run with an id cancels the in-flight one before the new one starts`() {
        val h = Harness()
        h.store.send(Journal.Action.StartDelayed("x1", "timer"))
        h.store.send(Journal.Action.StartDelayed("x2", "timer"))
        assertEquals(listOf("start x1", "cancel x1", "start x2"), h.seen)
        h.clock.advance(1_000_000_000)
        assertEquals(listOf("x2"), h.store.state.log)
    }

    @Test fun `anonymous runs are not cancelled by each other (negative control of the rule above)`() {
        val h = Harness()
        h.store.send(Journal.Action.StartDelayed("x1", null))
        h.store.send(Journal.Action.StartDelayed("x2", null))
        h.clock.advance(1_000_000_000)
        assertEquals(listOf("x1", "x2"), h.store.state.log)
    }

    @Test fun `cancel stops the effect and is a no-op when nothing runs`() {
        val h = Harness()
        var cancelled = 0
        h.store.observe { if (it is StoreEvent.EffectCancelled) cancelled++ }
        h.store.send(Journal.Action.Stop("timer"))
        assertEquals(0, cancelled)
        h.store.send(Journal.Action.StartDelayed("x", "timer"))
        h.store.send(Journal.Action.Stop("timer"))
        assertEquals(1, cancelled)
        h.clock.advance(1_000_000_000)
        assertEquals(emptyList<String>(), h.store.state.log)
        assertEquals(emptyList<Journal.Payload>(), h.store.inFlightEffects)
    }

    @Test fun `teardown cancels everything and nothing is delivered afterwards`() {
        val h = Harness()
        h.store.send(Journal.Action.StartDelayed("late", null))
        h.store.send(Journal.Action.StartDelayed("keyed", "timer"))
        assertEquals(2, h.store.inFlightEffects.size)
        h.store.teardown()
        assertEquals(listOf("start late", "start keyed", "cancel late", "cancel keyed"), h.seen)
        h.clock.advance(5_000_000_000)
        h.store.send(Journal.Action.Note("after"))
        assertEquals(emptyList<String>(), h.store.state.log)
    }

    @Test fun `without teardown the same effect delivers (negative control of the rule above)`() {
        val h = Harness()
        h.store.send(Journal.Action.StartDelayed("late", null))
        h.clock.advance(5_000_000_000)
        assertEquals(listOf("late"), h.store.state.log)
        assertEquals(emptyList<Journal.Payload>(), h.store.inFlightEffects)
    }

    @Test fun `without a handler effects are data only`() {
        val store = Store(Journal, Journal.initial, TestClock())
        var started = 0
        store.observe { if (it is StoreEvent.EffectStart) started++ }
        store.send(Journal.Action.StartBoth)
        assertEquals(0, started)
        assertEquals(listOf("startBoth"), store.state.log)
    }
}
