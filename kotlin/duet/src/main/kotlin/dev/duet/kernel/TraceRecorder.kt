package dev.duet.kernel

import dev.duet.dialect.CompactWriter
import dev.duet.dialect.Dialect
import dev.duet.dialect.JsonInt
import dev.duet.dialect.JsonNull
import dev.duet.dialect.JsonObject
import dev.duet.dialect.JsonString
import dev.duet.dialect.JsonValue

/**
 * Writes a store's runtime as compact canonical JSON lines (the kernel-trace vocabulary:
 * `send`, `reduce`, `effectStart`, `effectAction`, `effectCancelled`, `effectFinished`,
 * `advance`, `teardown`), feature values embedded as canonical strings. `effectStart` carries
 * `"id":null`: the trace vocabulary identifies effects by payload.
 *
 * ```kotlin
 * val recorder = TraceRecorder(); recorder.record(store)
 * store.send(Action.Inc)     // {"action":"\"inc\"","event":"send"} then {"action":"\"inc\"","event":"reduce","state":"1"}
 * recorder.text              // the lines, each ending in "\n"
 * ```
 */
class TraceRecorder {
    private val lines = ArrayList<String>()

    val text: String get() = lines.joinToString("") { it + "\n" }

    fun <S, A, P> record(store: Store<S, A, P>, feature: Feature<S, A, P>) {
        fun action(a: A) = embedded(feature.actionCodec.encode(a))
        fun payload(p: P) = embedded(feature.effectCodec.encode(p))
        store.observe { event ->
            when (event) {
                is StoreEvent.Send -> write("action" to action(event.action), "event" to JsonString("send"))
                is StoreEvent.Reduce -> write("action" to action(event.action), "event" to JsonString("reduce"),
                    "state" to embedded(feature.stateCodec.encode(event.state)))
                is StoreEvent.EffectStart -> write("event" to JsonString("effectStart"), "id" to JsonNull, "payload" to payload(event.payload))
                is StoreEvent.EffectAction -> write("action" to action(event.action), "event" to JsonString("effectAction"))
                is StoreEvent.EffectCancelled -> write("event" to JsonString("effectCancelled"), "payload" to payload(event.payload))
                is StoreEvent.EffectFinished -> write("event" to JsonString("effectFinished"), "payload" to payload(event.payload))
                is StoreEvent.Teardown -> write("event" to JsonString("teardown"))
            }
        }
    }

    /** Records virtual time moving forward (wire it to the clock that drives the store). */
    fun recordAdvance(nanoseconds: Long) = write("event" to JsonString("advance"), "nanoseconds" to JsonInt(nanoseconds))

    private fun embedded(value: JsonValue) = JsonString(Dialect.compact(value))

    private fun write(vararg members: Pair<String, JsonValue>) {
        lines.add(CompactWriter().apply { write(JsonObject.of(*members)) }.toString())
    }
}
