package duet.structure

import duet.coding.Codec
import duet.coding.Role
import duet.dialect.JsonArray
import duet.dialect.JsonBool
import duet.dialect.JsonObject
import duet.dialect.JsonString
import duet.dialect.JsonValue
import duet.kernel.Feature
import duet.coding.SumCodec

/**
 * What `describe` answers for one feature, derived from its codecs: every state field (nested
 * struct fields dotted) with its JSON shape, role and kinds, and the action and effect case names.
 *
 * ```kotlin
 * val structure = FeatureStructure.of(Timeline)
 * structure.fields.filter { it.role == "slot" }.map { it.path }   // [sheet]
 * ```
 */
data class FeatureStructure(val feature: String, val fields: List<FieldDescription>, val actions: List<String>, val effects: List<String>) {
    fun toJson(): JsonValue = JsonObject.of(
        "actions" to strings(actions),
        "effects" to strings(effects),
        "feature" to JsonString(feature),
        "fields" to JsonArray(fields.map { it.toJson() }))

    companion object {
        fun of(feature: Feature<*, *, *>) = FeatureStructure(
            feature.name,
            describeFields(feature.stateCodec, prefix = ""),
            caseNames(feature.actionCodec),
            caseNames(feature.effectCodec))

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
