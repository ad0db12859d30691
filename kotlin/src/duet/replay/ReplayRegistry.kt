package duet.replay

import duet.dialect.CompactWriter
import duet.dialect.JsonValue
import duet.dialect.ScalarOrder
import duet.kernel.Feature
import duet.structure.FeatureStructure

/**
 * The features a runner serves over the replay protocol.
 *
 * ```kotlin
 * val registry = ReplayRegistry("kotlin")
 * registry.register(Counter)
 * ReplayServer(registry).serve()
 * ```
 */
class ReplayRegistry(val platform: String) {
    private val features = HashMap<String, ServedFeature<*, *, *>>()

    fun register(feature: Feature<*, *, *>) {
        features[feature.name] = ServedFeature(feature)
    }

    /** Feature names in scalar order, as the handshake lists them. */
    val featureNames: List<String> get() = features.keys.sortedWith(ScalarOrder.comparator)

    fun feature(name: String): ServedFeature<*, *, *>? = features[name]
}

/** One registered feature: what the server calls per request. */
class ServedFeature<S, A, P>(val feature: Feature<S, A, P>) {
    /** (state tree, action tree) → (canonical state, canonical effects). */
    fun reduce(state: JsonValue, action: JsonValue): Pair<String, String> {
        val reduced = feature.reduce(feature.stateCodec.decode(state, duet.coding.CodingPath.ROOT.key("state")),
            feature.actionCodec.decode(action, duet.coding.CodingPath.ROOT.key("action")))
        return canonical(feature.stateCodec.encode(reduced.state)) to canonical(feature.effects.encodeAll(reduced.effects))
    }

    /** The canonical state rebuilt from a spine. */
    fun restore(spine: JsonValue): String = canonical(feature.stateCodec.encode(feature.restore(spine)))

    fun describe(): FeatureStructure = FeatureStructure.of(feature)

    private fun canonical(value: JsonValue) = CompactWriter().apply { write(value) }.toString()
}
