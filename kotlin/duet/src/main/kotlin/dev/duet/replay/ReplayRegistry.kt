package duet.replay

import duet.coding.CodingPath
import duet.dialect.Dialect
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
    /** (state tree, action tree) → (state tree, effects tree), for the server to write canonically. */
    fun reduce(state: JsonValue, action: JsonValue): Pair<JsonValue, JsonValue> {
        val reduced = feature.reduce(feature.stateCodec.decode(state, CodingPath.ROOT.key("state")),
            feature.actionCodec.decode(action, CodingPath.ROOT.key("action")))
        return feature.stateCodec.encode(reduced.state) to feature.effects.encodeAll(reduced.effects)
    }

    /** The canonical state rebuilt from a spine, over [base] when the request brings one. */
    fun restore(spine: JsonValue, base: JsonValue? = null): String = Dialect.compact(feature.stateCodec.encode(feature.restore(spine, base)))

    fun describe(): FeatureStructure = FeatureStructure.of(feature)
}
