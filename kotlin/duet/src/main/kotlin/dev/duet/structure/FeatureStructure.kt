package dev.duet.structure

import dev.duet.coding.Codec
import dev.duet.coding.Role
import dev.duet.coding.SumCodec
import dev.duet.dialect.Dialect
import dev.duet.dialect.JsonArray
import dev.duet.dialect.JsonBool
import dev.duet.dialect.JsonObject
import dev.duet.dialect.JsonString
import dev.duet.dialect.JsonValue
import dev.duet.kernel.Feature

/**
 * What `describe` answers for one feature, derived from its codecs: every state field (nested
 * struct fields dotted) with its JSON shape, role and kinds, the action and effect case names, the
 * initial state the default restore starts from, whether the feature restores itself, and the
 * children it embeds (its seams).
 *
 * ```kotlin
 * val structure = FeatureStructure.of(Timeline, seams = listOf(SeamDescription("memorydetail", "forEach")))
 * structure.fields.filter { it.role == "slot" }.map { it.path }   // [sheet]
 * structure.restore                                               // "overlay"
 * ```
 */
data class FeatureStructure(
    val feature: String,
    val fields: List<FieldDescription>,
    val actions: List<String>,
    val effects: List<String>,
    /** The canonical initial state: what the default restore lays a spine over. */
    val initialState: String,
    /** `overlay` (the default restore) or `custom` (the feature's own). */
    val restore: String,
    val seams: List<SeamDescription> = emptyList()
) {
    fun toJson(): JsonValue = JsonObject.of(
        "actions" to strings(actions),
        "effects" to strings(effects),
        "feature" to JsonString(feature),
        "fields" to JsonArray(fields.map { it.toJson() }),
        "initialState" to JsonString(initialState),
        "restore" to JsonString(restore),
        "seams" to JsonArray(seams.map { it.toJson() }))

    companion object {
        fun <S> of(feature: Feature<S, *, *>, seams: List<SeamDescription> = emptyList()) = FeatureStructure(
            feature.name,
            fieldsOf(feature.stateCodec),
            caseNames(feature.actionCodec),
            caseNames(feature.effectCodec),
            Dialect.compact(feature.stateCodec.encode(feature.initial)),
            if (feature.restoresItself) "custom" else "overlay",
            seams.sortedWith(compareBy({ it.child }, { it.placement })))

        /** The state fields alone: what the default restore overlays by. */
        fun fieldsOf(codec: Codec<*>): List<FieldDescription> = describeFields(codec, prefix = "")

        private fun describeFields(codec: Codec<*>, prefix: String): List<FieldDescription> {
            val out = ArrayList<FieldDescription>()
            for (field in codec.fields ?: return out) {
                val path = prefix + field.name
                out.add(FieldDescription(path, field.codec.shape, field.role.text, field.codec.kinds, field.runtimeOnly))
                if (!field.codec.isOptional && field.codec.fields != null) out.addAll(describeFields(field.codec, "$path."))
            }
            return out
        }

        private fun caseNames(codec: Codec<*>): List<String> =
            (codec as? SumCodec<*>)?.caseNames ?: codec.kinds ?: emptyList()

        private fun strings(values: List<String>) = JsonArray(values.map { JsonString(it) })
    }
}

/**
 * One state field: where it is, its JSON shape, its L0 role, for enums every case, and whether its
 * value only exists at run time (`"runtimeOnly": true`, written only when it does).
 */
data class FieldDescription(val path: String, val shape: String, val role: String, val kinds: List<String>? = null,
                            val runtimeOnly: Boolean = false) {
    val isStructural: Boolean get() = role != Role.Data.text

    fun toJson(): JsonValue {
        val members = arrayListOf<Pair<String, JsonValue>>(
            "path" to JsonString(path), "role" to JsonString(role), "shape" to JsonString(shape))
        if (kinds != null) members.add("kinds" to JsonArray(kinds.map { JsonString(it) }))
        if (runtimeOnly) members.add("runtimeOnly" to JsonBool.TRUE)
        return JsonObject.of(*members.toTypedArray())
    }
}

/** A child this feature embeds (`describe` lists it on the parent): the child's name and how it is mounted. */
data class SeamDescription(val child: String, val placement: String) {
    fun toJson(): JsonValue = JsonObject.of("child" to JsonString(child), "placement" to JsonString(placement))
}
