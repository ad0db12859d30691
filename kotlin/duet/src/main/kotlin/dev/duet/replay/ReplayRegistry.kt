package dev.duet.replay

import dev.duet.coding.CodingPath
import dev.duet.composition.Embedding
import dev.duet.dialect.Dialect
import dev.duet.dialect.JsonValue
import dev.duet.dialect.ScalarOrder
import dev.duet.kernel.Feature
import dev.duet.structure.FeatureStructure

/**
 * The features a runner serves over the replay protocol, and the seams between them.
 *
 * ```kotlin
 * val registry = ReplayRegistry("kotlin")
 * registry.register(Counter)
 * registry.addSeams(listOf(Shell.counter))     // describe lists them on their parents
 * ReplayServer(registry).serve()
 * ```
 */
class ReplayRegistry(val platform: String) {
    private val features = HashMap<String, ServedFeature<*, *, *>>()
    private val seams = ArrayList<Embedding<*, *, *, *, *>>()

    fun register(feature: Feature<*, *, *>) {
        features[feature.name] = ServedFeature(feature)
    }

    fun addSeams(embeddings: List<Embedding<*, *, *, *, *>>) {
        seams.addAll(embeddings)
    }

    /** Feature names in scalar order, as the handshake lists them. */
    val featureNames: List<String> get() = features.keys.sortedWith(ScalarOrder.comparator)

    fun feature(name: String): ServedFeature<*, *, *>? = features[name]

    /** What `describe` answers for [name]: its structure, with the seams it is the parent of. */
    fun describe(name: String): FeatureStructure? =
        features[name]?.describe(seams.filter { it.parent.name == name }.map { it.description })
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

    fun describe(seams: List<dev.duet.structure.SeamDescription> = emptyList()): FeatureStructure = FeatureStructure.of(feature, seams)
}
