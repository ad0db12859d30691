package dev.duet.composition

import dev.duet.coding.Codecs
import dev.duet.coding.StructCodec
import dev.duet.coding.SumCodec
import dev.duet.coding.field
import dev.duet.coding.label
import dev.duet.coding.members
import dev.duet.dialect.Dialect
import dev.duet.kernel.Effect
import dev.duet.kernel.Feature
import dev.duet.kernel.Reduced
import dev.duet.kernel.Store
import dev.duet.kernel.reduced
import dev.duet.testing.TestClock
import dev.duet.testing.expect
import org.junit.Assert.assertEquals
import org.junit.Assert.assertNull
import org.junit.Test

/** A child that counts and, when done, tells its parent how far it got. */
internal object Counter : Feature<Counter.State, Counter.Action, Counter.Payload>("counter", State.Coding, Action.Coding, Payload.Coding) {
    data class State(val count: Long = 0) {
        companion object Coding : StructCodec<State>(members(::State, field(State::count, Codecs.int)))
    }

    sealed class Action {
        object Increment : Action()
        object Done : Action()
        companion object Coding : SumCodec<Action>() {
            init {
                unit("increment") { Increment }
                unit("done") { Done }
            }
        }
    }

    sealed class Payload {
        object Save : Payload()
        data class Finished(val count: Long) : Payload()
        companion object Coding : SumCodec<Payload>() {
            init {
                unit("save") { Save }
                labeled("finished", ::Finished, label(Finished::count, Codecs.int))
            }
        }
    }

    override val initial = State()
    override fun reduce(state: State, action: Action): Reduced<State, Payload> = when (action) {
        Action.Increment -> state.copy(count = state.count + 1).reduced(Effect.run(Payload.Save))
        Action.Done -> state.reduced(Effect.run(Payload.Save), Effect.run(Payload.Finished(state.count)))
    }
}

/** A parent that shows counters: one sheet, and a stack of counter routes. */
internal object Shell : Feature<Shell.State, Shell.Action, Nothing>("shell", State.Coding, Action.Coding, NoPayload) {
    data class State(val showsCounter: Boolean = false, val routes: List<Long> = emptyList(), val total: Long = 0) {
        companion object Coding : StructCodec<State>(members(::State,
            field(State::showsCounter, Codecs.bool),
            field(State::routes, Codecs.list(Codecs.int)),
            field(State::total, Codecs.int)))
    }

    sealed class Action {
        object Open : Action()
        data class Counted(val count: Long) : Action()
        companion object Coding : SumCodec<Action>() {
            init {
                unit("open") { Open }
                labeled("counted", ::Counted, label(Counted::count, Codecs.int))
            }
        }
    }

    override val initial = State()
    override fun reduce(state: State, action: Action): Reduced<State, Nothing> = when (action) {
        Action.Open -> state.copy(showsCounter = true).reduced()
        is Action.Counted -> state.copy(showsCounter = false, total = state.total + action.count).reduced()
    }
}

/** The shell's children, one per placement. */
internal object ShellSeams {
    val counter = Embedding.ifLet(Shell, Counter, shown = { it.showsCounter }) { payload ->
        when (payload) {
            is Counter.Payload.Finished -> Shell.Action.Counted(payload.count)
            Counter.Payload.Save -> null
        }
    }

    val tab = Embedding.scope(Shell, Counter) { null }

    val stack = Embedding.forEach(Shell, Counter, path = { it.routes }, route = Codecs.int, matches = { it > 0 }) { null }
}

internal object NoPayload : dev.duet.coding.Codec<Nothing>() {
    override val shape = "sum"
    override val kinds = emptyList<String>()
    override fun encode(value: Nothing) = value
    override fun decode(json: dev.duet.dialect.JsonValue, at: dev.duet.coding.CodingPath): Nothing =
        throw dev.duet.coding.CodingError(at.toString(), "no payload exists")
}

class EmbeddingTest {
    @Test fun `the three placements mount as Swift's do`() {
        assertEquals(emptyList<Mount>(), ShellSeams.counter.mounts(Shell.State()))
        assertEquals(listOf(Mount.ONLY), ShellSeams.counter.mounts(Shell.State(showsCounter = true)))
        assertEquals(listOf(Mount.ONLY), ShellSeams.tab.mounts(Shell.State()))
        assertEquals(listOf(Mount(0, "4"), Mount(2, "9")), ShellSeams.stack.mounts(Shell.State(routes = listOf(4, -1, 9))))
        assertEquals(listOf("ifLet", "scope", "forEach"), listOf(ShellSeams.counter, ShellSeams.tab, ShellSeams.stack).map { it.description.placement })
    }

    @Test fun `the delegate maps a child effect to a parent action, and the child's own work to nothing`() {
        assertEquals(Shell.Action.Counted(3), ShellSeams.counter.delegate(Counter.Payload.Finished(3)))
        assertNull(ShellSeams.counter.delegate(Counter.Payload.Save))
        val effects = Counter.effects.encodeAll(listOf(Effect.run(Counter.Payload.Save), Effect.run(Counter.Payload.Finished(2))))
        assertEquals("""{"case":"counted","value":{"count":2}}""", Dialect.compact(ShellSeams.counter.delegatedAction(effects)!!))
        assertNull(ShellSeams.counter.delegatedAction(Counter.effects.encodeAll(listOf(Effect.run(Counter.Payload.Save)))))
    }

    @Test fun `embedded stores follow the parent's state and carry delegates up`() {
        val clock = TestClock()
        val shell = Store(Shell, Shell.initial, clock)
        val counters = EmbeddedStores(ShellSeams.counter, shell, clock) { Counter.initial }
        assertNull(counters.store())
        shell.send(Shell.Action.Open)
        val child = counters.store()!!
        child.send(Counter.Action.Increment)
        child.send(Counter.Action.Increment)
        assertEquals(Shell.State(showsCounter = true), shell.state)  // the child's own Save effects never reach the shell
        child.send(Counter.Action.Done)
        assertEquals(Shell.State(showsCounter = false, total = 2), shell.state)
        assertNull("the unmounted child is gone", counters.store())
        expect(child.isTornDown) { "the unmounted child's store was not torn down" }
    }

    @Test fun `a parent torn down tears its children down`() {
        val clock = TestClock()
        val shell = Store(Shell, Shell.State(showsCounter = true), clock)
        val counters = EmbeddedStores(ShellSeams.counter, shell, clock) { Counter.initial }
        val child = counters.store()!!
        shell.teardown()
        expect(child.isTornDown) { "the child outlived its parent" }
        assertEquals(emptyMap<Mount, Any>(), counters.stores)
    }
}
