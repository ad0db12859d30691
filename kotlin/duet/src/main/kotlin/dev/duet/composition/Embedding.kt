package dev.duet.composition

import dev.duet.coding.Codec
import dev.duet.dialect.Dialect
import dev.duet.dialect.JsonValue
import dev.duet.kernel.Effect
import dev.duet.kernel.Feature
import dev.duet.structure.SeamDescription

/**
 * A child feature embedded in a parent: where the parent's state mounts it, and which of its
 * effects are the parent's actions. The delegate mapping is a Kotlin function over both features'
 * types, so the compiler checks the seam (an exhaustive `when` over the child's sealed payload makes
 * a new child delegate a compile error until the parent handles it); on the wire nothing changes.
 * The same three placements as the Swift flavor's `Embedding`:
 *
 * - [scope]: always mounted (a tab's content: siblings stay alive);
 * - [ifLet]: mounted while the parent shows it (a slot or stage kind, a presentation flag);
 * - [forEach]: one child per matching element of a path.
 *
 * ```kotlin
 * val capture = Embedding.ifLet(MainNav, Capture, shown = { it.sheet == MainNav.Sheet.Capture }) { delegate ->
 *     when (delegate) {
 *         is Capture.EffectPayload.CaptureFinished -> MainNav.Action.CaptureFinished(delegate.memoryId)
 *         Capture.EffectPayload.CaptureCancelled -> MainNav.Action.CaptureCancelled
 *         is Capture.EffectPayload.SaveMemory -> null          // the child's own work
 *     }
 * }
 * capture.delegate(Capture.EffectPayload.CaptureCancelled)     // MainNav.Action.CaptureCancelled
 * ```
 */
class Embedding<PS, PA, CS, CA, CP> private constructor(
    val parent: Feature<PS, PA, *>,
    val child: Feature<CS, CA, CP>,
    val placement: Placement,
    /** The children the parent's state mounts, one per live child. */
    val mounts: (PS) -> List<Mount>,
    /** The parent action a child effect delegates; null when the effect is the child's own work. */
    val delegate: (CP) -> PA?
) {
    /** What `describe` says of this seam on its parent. */
    val description: SeamDescription get() = SeamDescription(child.name, placement.wire)

    /** Whether the parent's state (a dialect tree) mounts the child at all. */
    fun isMounted(parentState: JsonValue): Boolean = mounts(parent.stateCodec.decode(parentState)).isNotEmpty()

    /**
     * The parent action the last `run` of [effects] (a dialect tree, as a reduce answers it)
     * delegates, as a dialect tree; null when that effect is the child's own work or there is none.
     */
    fun delegatedAction(effects: JsonValue): JsonValue? {
        val decoded = (effects as? dev.duet.dialect.JsonArray)?.elements?.map { child.effects.decode(it) } ?: return null
        val lastRun = decoded.lastOrNull { it is Effect.Run } as? Effect.Run ?: return null
        return delegate(lastRun.payload)?.let { parent.actionCodec.encode(it) }
    }

    override fun toString() = "${parent.name} ${placement.wire} ${child.name}"

    companion object {
        /** Mounted for as long as the parent is. */
        fun <PS, PA, CS, CA, CP> scope(parent: Feature<PS, PA, *>, child: Feature<CS, CA, CP>, delegate: (CP) -> PA?) =
            Embedding(parent, child, Placement.Scope, { listOf(Mount.ONLY) }, delegate)

        /** Mounted while [shown] holds of the parent's state. */
        fun <PS, PA, CS, CA, CP> ifLet(parent: Feature<PS, PA, *>, child: Feature<CS, CA, CP>, shown: (PS) -> Boolean,
                                       delegate: (CP) -> PA?) =
            Embedding(parent, child, Placement.IfLet, { state -> if (shown(state)) listOf(Mount.ONLY) else emptyList() }, delegate)

        /** One child per element of [path] that [matches], identified by its index and its route's canonical JSON. */
        fun <PS, PA, CS, CA, CP, R> forEach(parent: Feature<PS, PA, *>, child: Feature<CS, CA, CP>, path: (PS) -> List<R>,
                                            route: Codec<R>, matches: (R) -> Boolean = { true }, delegate: (CP) -> PA?) =
            Embedding(parent, child, Placement.ForEach, { state ->
                path(state).mapIndexedNotNull { index, element ->
                    if (matches(element)) Mount(index, Dialect.compact(route.encode(element))) else null
                }
            }, delegate)
    }
}

/** How a parent mounts a child: the names `describe` gives them, as the Swift flavor spells them. */
enum class Placement(val wire: String) { Scope("scope"), IfLet("ifLet"), ForEach("forEach") }

/**
 * One mounted child: the path index it stands at (0 outside a path) and, in a path, the route it
 * was mounted for — a new route at the same index is a new child.
 */
data class Mount(val index: Int, val route: String) {
    companion object {
        val ONLY = Mount(0, "")
    }
}
