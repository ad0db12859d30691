package dev.duet.kernel

import dev.duet.coding.CodingError
import dev.duet.coding.CodingPath
import dev.duet.coding.Codec
import dev.duet.coding.Codecs
import dev.duet.dialect.JsonArray
import dev.duet.dialect.JsonObject
import dev.duet.dialect.JsonObjectBuilder
import dev.duet.dialect.JsonString
import dev.duet.dialect.JsonValue

/**
 * Effects are data: run a payload (an id makes it cancel-in-flight) or cancel by id.
 *
 * ```kotlin
 * Effect.run(Payload.StartTicker, "counter.ticker")   // {"id":"counter.ticker","kind":"run","payload":{"case":"startTicker"}}
 * Effect.cancel("counter.ticker")                     // {"id":"counter.ticker","kind":"cancel"}
 * ```
 */
sealed class Effect<out P> {
    /** The cancellation id: the run's (null when anonymous) or the cancelled one. */
    abstract val id: String?

    data class Run<P>(val payload: P, override val id: String? = null) : Effect<P>()
    data class Cancel(override val id: String) : Effect<Nothing>()

    companion object {
        fun <P> run(payload: P, id: String? = null): Effect<P> = Run(payload, id)
        fun cancel(id: String): Effect<Nothing> = Cancel(id)
    }
}

/** What a reducer returns: the next state and the effects to start, in order. */
data class Reduced<S, out P>(val state: S, val effects: List<Effect<P>> = emptyList())

/** The kernel wrapper's coding: `kind` instead of `case`, so a feature's `case` never collides. */
class EffectCodec<P>(private val payload: Codec<P>) : Codec<Effect<P>>() {
    override val shape = "effect"

    override fun encode(value: Effect<P>): JsonValue = when (value) {
        is Effect.Run -> {
            val out = JsonObjectBuilder()
            val id = value.id
            if (id != null) out.put("id", JsonString(id))
            out.put("kind", RUN).put("payload", payload.encode(value.payload)).build()
        }
        is Effect.Cancel -> JsonObject.of("id" to JsonString(value.id), "kind" to CANCEL)
    }

    override fun decode(json: JsonValue, at: CodingPath): Effect<P> {
        val obj = json as? JsonObject ?: throw CodingError(at.toString(), "expected an effect object")
        val id = obj["id"]?.let { Codecs.string.decode(it, at.key("id")) }
        return when ((obj["kind"] as? JsonString)?.value) {
            "run" -> Effect.Run(payload.decode(obj["payload"] ?: throw CodingError(at.toString(), "missing key \"payload\""), at.key("payload")), id)
            "cancel" -> Effect.Cancel(id ?: throw CodingError(at.toString(), "missing key \"id\""))
            else -> throw CodingError(at.key("kind").toString(), "effect kind is neither \"run\" nor \"cancel\"")
        }
    }

    fun encodeAll(effects: List<Effect<P>>): JsonValue = JsonArray(effects.map { encode(it) })

    private companion object {
        val RUN = JsonString("run")
        val CANCEL = JsonString("cancel")
    }
}

/** `state.reduced(Effect.run(…))`: the state with the effects a reduction returns. */
fun <S, P> S.reduced(first: Effect<P>, vararg more: Effect<P>): Reduced<S, P> = Reduced(this, listOf(first) + more)

/** `state.reduced()`: the state, and no effects. */
fun <S> S.reduced(): Reduced<S, Nothing> = Reduced(this)
