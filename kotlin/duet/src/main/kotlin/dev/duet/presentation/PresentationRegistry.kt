package dev.duet.presentation

import kotlin.reflect.KClass

/**
 * Maps L1 kinds to what a platform shows for them (L3 manner), the Kotlin twin of the Swift
 * flavor's `PresentationRegistry<Surface>`. Generic over the surface type so it runs anywhere (a
 * composable, a fragment, a string in a test); the last registration for a kind type wins; `null`
 * when no renderer is registered or the renderer declines. A kind value finds the renderer of its
 * kind type through its class's supertypes, so a case of a sealed kind uses the sealed type's.
 *
 * ```kotlin
 * val registry = PresentationRegistry<String>()
 * registry.register(MainNav.Sheet::class) { sheet -> if (sheet == MainNav.Sheet.Capture) "camera sheet" else null }
 * registry.surfaceFor(MainNav.Sheet.Capture)               // "camera sheet"
 * registry.surfaceFor(MainNav.Sheet.NotificationPriming)   // null: the renderer declined
 * ```
 */
class PresentationRegistry<Surface> {
    private val renderers = HashMap<Class<*>, (Any) -> Surface?>()

    /** Registers the renderer for every kind of [kind], replacing an earlier one. */
    fun <Kind : Any> register(kind: KClass<Kind>, renderer: (Kind) -> Surface?) {
        val type = kind.java
        renderers[type] = { value -> if (type.isInstance(value)) renderer(type.cast(value)) else null }
    }

    /** Removes the renderer for [kind]. */
    fun <Kind : Any> unregister(kind: KClass<Kind>) {
        renderers.remove(kind.java)
    }

    /** What to show for [kind]; null when nothing is registered for its type or the renderer declines. */
    fun <Kind : Any> surfaceFor(kind: Kind): Surface? = rendererOf(kind.javaClass)?.invoke(kind)

    /** Whether a renderer is registered for [kind] (or, for a case class, for its sealed type). */
    fun hasRenderer(kind: KClass<*>): Boolean = rendererOf(kind.java) != null

    /** The class's own renderer, else its nearest registered superclass's, else its interfaces'. */
    private fun rendererOf(type: Class<*>): ((Any) -> Surface?)? {
        var at: Class<*>? = type
        while (at != null && at != Any::class.java) {
            renderers[at]?.let { return it }
            for (face in at.interfaces) renderers[face]?.let { return it }
            at = at.superclass
        }
        return null
    }
}
