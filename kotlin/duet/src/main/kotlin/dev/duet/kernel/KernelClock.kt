package dev.duet.kernel

/**
 * The time source effects schedule work on. Tests use a virtual clock so nothing ever sleeps
 * on the wall clock; durations are nanoseconds.
 *
 * ```kotlin
 * val work = clock.schedule(100_000_000) { context.send(Action.Ticked) }
 * work.cancel()
 * ```
 */
interface KernelClock {
    /** Runs `work` once `delayNanos` have elapsed, unless the returned token is cancelled first. */
    fun schedule(delayNanos: Long, work: () -> Unit): ScheduledWork
}

/** A pending piece of clock work; cancelling it is idempotent. */
class ScheduledWork(private var onCancel: (() -> Unit)? = null) {
    var isCancelled = false
        private set

    fun cancel() {
        if (isCancelled) return
        isCancelled = true
        onCancel?.invoke()
        onCancel = null
    }
}
