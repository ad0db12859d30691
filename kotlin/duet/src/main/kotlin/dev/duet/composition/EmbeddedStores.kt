package dev.duet.composition

import dev.duet.kernel.EffectHandler
import dev.duet.kernel.KernelClock
import dev.duet.kernel.Store
import dev.duet.kernel.StoreEvent

/**
 * The child stores an [Embedding] mounts in a parent store, kept in step with the parent's state:
 * after every parent reduce, a new mount gets a store and a gone one is torn down. A child effect
 * the embedding maps to a parent action finishes at once and that action is sent to the parent;
 * every other child effect runs through [effects] (without one it is data only and finishes).
 *
 * ```kotlin
 * val shell = Store(MainNav, MainNav.initial, clock)
 * val captures = EmbeddedStores(MainNavEmbeddings.capture, shell, clock) { Capture.initial }
 * shell.send(MainNav.Action.CaptureTapped)
 * captures.store()?.send(Capture.Action.CancelTapped)   // its captureCancelled delegate reaches the shell
 * shell.state.sheet                                     // null, and the capture store is torn down
 * ```
 */
class EmbeddedStores<PS, PA, CS, CA, CP>(
    val embedding: Embedding<PS, PA, CS, CA, CP>,
    private val parent: Store<PS, PA, *>,
    private val clock: KernelClock,
    private val effects: EffectHandler<CP, CA>? = null,
    private val initialState: (Mount) -> CS
) {
    private val live = LinkedHashMap<Mount, Store<CS, CA, CP>>()

    /** The live children, by mount. */
    val stores: Map<Mount, Store<CS, CA, CP>> get() = live

    init {
        parent.observe { event ->
            when (event) {
                is StoreEvent.Reduce -> mount(event.state)
                is StoreEvent.Teardown -> unmountAll()
                else -> Unit
            }
        }
        mount(parent.state)
    }

    /** The child at [index] (the only one, outside a path). */
    fun store(index: Int = 0): Store<CS, CA, CP>? = live.entries.firstOrNull { it.key.index == index }?.value

    private fun mount(state: PS) {
        val wanted = embedding.mounts(state).toSet()
        val gone = live.keys.filter { it !in wanted }
        for (mount in gone) live.remove(mount)?.teardown()
        for (mount in wanted) if (mount !in live) live[mount] = Store(embedding.child, initialState(mount), clock, handler())
    }

    private fun unmountAll() {
        val gone = ArrayList(live.values)
        live.clear()
        gone.forEach { it.teardown() }
    }

    private fun handler(): EffectHandler<CP, CA> = { payload, context ->
        val action = embedding.delegate(payload)
        if (action == null) {
            val own = effects
            if (own != null) own(payload, context) else context.finish()
        } else {
            context.finish()
            parent.send(action)
        }
    }
}
