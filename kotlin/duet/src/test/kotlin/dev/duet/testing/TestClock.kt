package dev.duet.testing

import dev.duet.kernel.KernelClock
import dev.duet.kernel.ScheduledWork

/**
 * A virtual kernel clock: time moves only when a test says so, and scheduled work runs in
 * deadline order (ties in scheduling order) as `advance` passes over it.
 */
class TestClock : KernelClock {
    var now = 0L
        private set
    /** Called at the start of every `advance`, before any work runs (traces record it). */
    var onAdvance: ((Long) -> Unit)? = null
    private val pending = ArrayList<Entry>()
    private var nextSequence = 0

    private class Entry(val deadline: Long, val sequence: Int, val token: ScheduledWork, val work: () -> Unit)

    override fun schedule(delayNanos: Long, work: () -> Unit): ScheduledWork {
        val token = ScheduledWork()
        pending.add(Entry(now + maxOf(delayNanos, 0), ++nextSequence, token, work))
        return token
    }

    fun advance(nanos: Long) {
        onAdvance?.invoke(nanos)
        val target = now + nanos
        while (true) {
            pending.removeAll { it.token.isCancelled }
            // By hand: `minWith` returns null on Kotlin 1.3 and throws from 1.7, so it means different things.
            var next: Entry? = null
            for (entry in pending) {
                if (entry.deadline > target) continue
                val best = next
                if (best == null || entry.deadline < best.deadline || (entry.deadline == best.deadline && entry.sequence < best.sequence)) next = entry
            }
            if (next == null) break
            pending.remove(next)
            now = next.deadline
            next.work()
        }
        now = target
    }
}
