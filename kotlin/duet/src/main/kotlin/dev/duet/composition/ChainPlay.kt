package dev.duet.composition

import dev.duet.coding.CodingPath
import dev.duet.dialect.Dialect
import dev.duet.dialect.JsonArray
import dev.duet.dialect.JsonBool
import dev.duet.dialect.JsonInt
import dev.duet.dialect.JsonObject
import dev.duet.dialect.JsonString
import dev.duet.dialect.JsonValue
import dev.duet.kernel.Feature

/**
 * A chain fixture's behaviour (`chain-*.fixture.json`): one state per node, and steps that send an
 * action to one node. A step with `linkToNext` is a seam hop: its child speaks to the next step's node.
 *
 * ```kotlin
 * val chain = ChainFixture.parse(File("parity/fixtures/chain-mainnav-capture.fixture.json").readBytes())
 * chain.steps.count { it.linkToNext }   // 2
 * ```
 */
class ChainFixture(val chain: String, val initialStates: Map<String, JsonValue>, val steps: List<Step>) {
    class Step(val node: String, val action: JsonValue, val linkToNext: Boolean, val label: String?, val line: Long?)

    companion object {
        /** The behavioural subset of a chain fixture file; a missing member is an error naming it. */
        fun parse(bytes: ByteArray): ChainFixture {
            val root = Dialect.parse(bytes) as? JsonObject ?: throw IllegalArgumentException("a chain fixture is an object")
            val chain = (root["chain"] as? JsonString)?.value ?: throw IllegalArgumentException("no \"chain\" name")
            val states = root["initialStates"] as? JsonObject ?: throw IllegalArgumentException("$chain: no \"initialStates\" object")
            val steps = (root["steps"] as? JsonArray)?.elements ?: throw IllegalArgumentException("$chain: no \"steps\" array")
            return ChainFixture(chain, states.members.toMap(), steps.mapIndexed { index, value ->
                val step = value as? JsonObject ?: throw IllegalArgumentException("$chain: steps[$index] is not an object")
                Step((step["node"] as? JsonString)?.value ?: throw IllegalArgumentException("$chain: steps[$index] has no \"node\""),
                    step["action"] ?: throw IllegalArgumentException("$chain: steps[$index] has no \"action\""),
                    (step["linkToNext"] as? JsonBool)?.value ?: false,
                    (step["label"] as? JsonString)?.value,
                    (step["line"] as? JsonInt)?.value)
            })
        }
    }
}

/**
 * Plays chain fixtures in process through the flavor's own reducers and checks each seam hop
 * through its typed [Embedding], as the Swift flavor's `Chain.play()` does: the parent mounts the
 * child when it speaks, and the embedding maps the child's last effect to exactly the next hop's
 * action, sent to that parent. What the replay protocol cannot see (the delegate mapping is not on
 * the wire) is judged here.
 *
 * ```kotlin
 * val play = ChainPlay(MemoryLane.features, MemoryLane.seams)
 * play.firstFailure(chain)   // null when every hop holds
 * ```
 */
class ChainPlay(features: List<Feature<*, *, *>>, private val seams: List<Embedding<*, *, *, *, *>>) {
    private val features = features.associateBy { it.name }

    /** The first hop that fails, or null when the chain holds. */
    fun firstFailure(chain: ChainFixture): ChainPlayFailure? {
        val states = HashMap(chain.initialStates)
        for ((index, step) in chain.steps.withIndex()) {
            fun failure(reason: String) = ChainPlayFailure(chain.chain, index, step.label, step.line, reason)
            val feature = features[step.node] ?: return failure("no feature ${step.node} in this flavor")
            val state = states[step.node] ?: return failure("node ${step.node} has no initial state")
            val (next, effects) = try {
                reduce(feature, state, step.action)
            } catch (e: Exception) {
                return failure("${step.node} does not reduce the hop: ${e.message}")
            }
            states[step.node] = next
            if (!step.linkToNext) continue
            val following = chain.steps.getOrNull(index + 1) ?: return failure("a seam on the last hop: there is no next hop for its action")
            val candidates = seams.filter { it.child.name == step.node }
            if (candidates.isEmpty()) return failure("no seam embeds ${step.node}; declare its Embedding")
            val seam = candidates.firstOrNull { it.parent.name == following.node }
                ?: return failure("the seams of ${step.node} delegate to ${candidates.joinToString { it.parent.name }}, but the next hop is ${following.node}'s")
            val parentState = states[seam.parent.name]
                ?: return failure("the chain has no state for the parent ${seam.parent.name}")
            if (!seam.isMounted(parentState)) {
                return failure("${seam.parent.name} does not mount ${step.node} here (${seam.placement.wire}): the child speaks while it is not shown")
            }
            val action = seam.delegatedAction(effects)
                ?: return failure("the last effect is not a delegate of the seam to ${seam.parent.name}")
            if (action != following.action) {
                return failure("the seam delegates ${Dialect.compact(action)}, but the next hop sends ${Dialect.compact(following.action)}")
            }
        }
        return null
    }

    private fun <S, A, P> reduce(feature: Feature<S, A, P>, state: JsonValue, action: JsonValue): Pair<JsonValue, JsonValue> {
        val reduced = feature.reduce(feature.stateCodec.decode(state, CodingPath.ROOT.key("state")),
            feature.actionCodec.decode(action, CodingPath.ROOT.key("action")))
        return feature.stateCodec.encode(reduced.state) to feature.effects.encodeAll(reduced.effects)
    }
}

/** A hop of a chain that failed in [ChainPlay]: the chain, the step and why. */
data class ChainPlayFailure(val chain: String, val step: Int, val label: String?, val line: Long?, val reason: String) {
    override fun toString() = "chain $chain step $step" + (label?.let { " \"$it\"" } ?: "") + (line?.let { " (line $it)" } ?: "") + ": $reason"
}
