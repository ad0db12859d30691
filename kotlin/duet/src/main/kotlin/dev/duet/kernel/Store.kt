package dev.duet.kernel

import java.util.ArrayDeque

/** Runs an effect payload: the handler talks back through its [EffectContext]. */
typealias EffectHandler<P, A> = (P, EffectContext<A>) -> Unit

/**
 * The runtime around one feature. Single-threaded and deterministic, the same rules as the
 * Swift `Store`:
 * - `send` reduces synchronously; the new state is readable before `send` returns;
 * - the effects of one reduce start after the state is published, in declaration order;
 * - effects feed actions back through the same queue; they never touch state;
 * - a `send` that arrives while the store is busy is queued, never nested;
 * - `run` with an id cancels the in-flight effect with that id; `cancel(id)` with nothing
 *   running is a no-op;
 * - `teardown()` cancels every in-flight effect; nothing is delivered afterwards.
 *
 * Without a handler, effects are data only: returned by the reducer, never run.
 *
 * ```kotlin
 * val store = Store(Counter, Counter.initial, clock) { payload, context ->
 *     context.after(1_000_000_000) { context.send(Action.Tick); context.finish() }
 * }
 * store.send(Action.ToggleAutoIncrement)
 * store.state.isAutoIncrementing   // true
 * ```
 */
class Store<S, A, P>(
    private val feature: Feature<S, A, P>,
    initialState: S,
    private val clock: KernelClock,
    private val handler: EffectHandler<P, A>? = null
) {
    var state: S = initialState
        private set
    var isTornDown = false
        private set

    private val observers = ArrayList<(StoreEvent<S, A, P>) -> Unit>()
    private val queue = ArrayDeque<Work<A>>()
    private var isProcessing = false
    private val inFlight = ArrayList<Running<A, P>>()
    private var nextToken = 0

    private sealed class Work<out A> {
        class Send<A>(val action: A) : Work<A>()
        class EffectAction<A>(val action: A, val token: Int) : Work<A>()
        class Finish(val token: Int) : Work<Nothing>()
    }

    private class Running<A, P>(val token: Int, val payload: P, val id: String?, val context: EffectContext<A>)

    /** Payloads of the effects that started and have neither finished nor been cancelled, in start order. */
    val inFlightEffects: List<P> get() = inFlight.map { it.payload }

    /** Calls `observer` with every event from now on (traces, tests). */
    fun observe(observer: (StoreEvent<S, A, P>) -> Unit) {
        observers.add(observer)
    }

    /** Reduces `action` now, or right after the work in progress when called re-entrantly. */
    fun send(action: A) = enqueue(Work.Send(action))

    /** Cancels every in-flight effect; later sends and effect output are dropped. */
    fun teardown() {
        if (isTornDown) return
        isTornDown = true
        queue.clear()
        emit(StoreEvent.Teardown)
        val running = ArrayList(inFlight)
        inFlight.clear()
        running.forEach { cancel(it) }
    }

    // Processing

    private fun enqueue(work: Work<A>) {
        if (isTornDown) return
        queue.addLast(work)
        if (isProcessing) return
        isProcessing = true
        try {
            while (!isTornDown && queue.isNotEmpty()) process(queue.removeFirst())
        } finally {
            isProcessing = false
        }
    }

    private fun process(work: Work<A>) {
        when (work) {
            is Work.Send -> {
                emit(StoreEvent.Send(work.action))
                reduce(work.action)
            }
            is Work.EffectAction -> {
                if (inFlight.none { it.token == work.token }) return
                emit(StoreEvent.EffectAction(work.action))
                reduce(work.action)
            }
            is Work.Finish -> {
                val index = inFlight.indexOfFirst { it.token == work.token }
                if (index < 0) return
                val effect = inFlight.removeAt(index)
                emit(StoreEvent.EffectFinished(effect.payload, effect.id))
            }
        }
    }

    private fun reduce(action: A) {
        val reduced = feature.reduce(state, action)
        state = reduced.state
        emit(StoreEvent.Reduce(action, reduced.state, reduced.effects))
        for (effect in reduced.effects) {
            if (isTornDown) break
            when (effect) {
                is Effect.Run -> start(effect.payload, effect.id)
                is Effect.Cancel -> cancelInFlight(effect.id)
            }
        }
    }

    private fun start(payload: P, id: String?) {
        val handler = handler ?: return
        val token = ++nextToken
        val context = EffectContext<A>(clock,
            deliver = { action -> enqueue(Work.EffectAction(action, token)) },
            finished = { enqueue(Work.Finish(token)) })
        emit(StoreEvent.EffectStart(payload, id))
        // The replaced effect is cancelled before the new handler runs; its cancellation is
        // logged after the new effect's start (the reference trace order).
        if (id != null) cancelInFlight(id)
        inFlight.add(Running(token, payload, id, context))
        handler(payload, context)
    }

    private fun cancelInFlight(id: String) {
        val index = inFlight.indexOfFirst { it.id == id }
        if (index >= 0) cancel(inFlight.removeAt(index))
    }

    private fun cancel(effect: Running<A, P>) {
        effect.context.cancel()
        emit(StoreEvent.EffectCancelled(effect.payload, effect.id))
    }

    private fun emit(event: StoreEvent<S, A, P>) {
        for (observer in observers) observer(event)
    }
}
