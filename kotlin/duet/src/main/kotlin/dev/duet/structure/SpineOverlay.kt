package dev.duet.structure

import dev.duet.dialect.JsonObject
import dev.duet.dialect.JsonValue
import dev.duet.kernel.Feature

/**
 * The default restore: lay the spine's L0 and island fields over a base — the request's, else the
 * feature's initial state (a structural field absent from the spine is cleared), then decode the
 * result as the state, so an overlay that does not make a valid state is refused. The same rule as
 * the Swift runner's `SpineOverlay`.
 *
 * ```kotlin
 * SpineOverlay.restore(MainNav, Dialect.parse("""{"activeTab":{"case":"shared"}}"""))
 * // MainNav.State(activeTab = Tab.Shared, …every data field as in MainNav.initial)
 * ```
 */
object SpineOverlay {
    /** [base]: the state to lay the spine over; the feature's initial state when absent. */
    fun <S> restore(feature: Feature<S, *, *>, spine: JsonValue, base: JsonValue? = null): S {
        var state: JsonValue = base ?: feature.stateCodec.encode(feature.initial)
        for (field in FeatureStructure.fieldsOf(feature.stateCodec)) {
            if (!field.isStructural) continue
            val path = field.path.split('.')
            state = replacing(path, state, lookup(path, spine))
        }
        return feature.stateCodec.decode(state)
    }

    private fun lookup(path: List<String>, value: JsonValue?): JsonValue? {
        var at = value
        for (key in path) at = (at as? JsonObject)?.get(key) ?: return null
        return at
    }

    private fun replacing(path: List<String>, value: JsonValue, new: JsonValue?): JsonValue {
        if (path.isEmpty() || value !is JsonObject) return new ?: value
        val key = path[0]
        if (path.size == 1) return value.with(key, new)
        return value.with(key, replacing(path.subList(1, path.size), value[key] ?: JsonObject.EMPTY, new))
    }
}
