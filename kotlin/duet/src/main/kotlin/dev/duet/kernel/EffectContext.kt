package dev.duet.kernel

/**
 * What an effect handler gets to talk back to its store: send actions, schedule work on the
 * kernel clock, and finish. Once the effect is cancelled (or finished) every call is a no-op.
 *
 * ```kotlin
 * val store = Store(Counter, Counter.initial, clock) { payload, context ->
 *     context.after(1_000_000_000) { context.send(Action.Tick); context.finish() }
 * }
 * ```
 */
class EffectContext<A> internal constructor(
    private val clock: KernelClock,
    private val deliver: (A) -> Unit,
    private val finished: () -> Unit
) {
    var isCancelled = false
        private set
    var isFinished = false
        private set
    private val scheduled = ArrayList<ScheduledWork>()
    private var cancelHandlers = ArrayList<() -> Unit>()

    private val isActive get() = !isCancelled && !isFinished

    /** Feeds an action back through the store (queued behind whatever the store is doing). */
    fun send(action: A) {
        if (isActive) deliver(action)
    }

    /** Runs `work` on the kernel clock after `delayNanos`; dropped if the effect ends first. */
    fun after(delayNanos: Long, work: () -> Unit) {
        if (!isActive) return
        scheduled.add(clock.schedule(delayNanos) { if (isActive) work() })
    }

    /** Ends the effect: no more actions from it. */
    fun finish() {
        if (!isActive) return
        isFinished = true
        cancelScheduled()
        finished()
    }

    /** Runs when the effect is cancelled (by id, by `cancel`, or by teardown). */
    fun onCancel(handler: () -> Unit) {
        cancelHandlers.add(handler)
    }

    internal fun cancel() {
        if (!isActive) return
        isCancelled = true
        cancelScheduled()
        val handlers = cancelHandlers
        cancelHandlers = ArrayList()
        handlers.forEach { it() }
    }

    private fun cancelScheduled() {
        scheduled.forEach { it.cancel() }
        scheduled.clear()
    }
}
