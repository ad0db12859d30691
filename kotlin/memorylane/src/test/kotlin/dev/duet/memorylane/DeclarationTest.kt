package dev.duet.memorylane

import dev.duet.coding.CodecCheck
import dev.duet.coding.StructCodec
import dev.duet.coding.SumCodec
import dev.duet.coding.field
import dev.duet.coding.members
import dev.duet.kernel.Feature
import dev.duet.testing.Repository
import dev.duet.testing.expect
import kotlin.reflect.KClass
import kotlin.reflect.KProperty1
import kotlin.reflect.full.primaryConstructor
import org.junit.Assert.assertEquals
import org.junit.Test

/**
 * The codecs are the one description of a feature's types, so they must cover them and say what
 * they hold: every sealed subclass of every sum type a feature codes is a registered case, and
 * every declaration round-trips a probe whose members all differ. (kotlin-reflect is used here
 * only, to list sealed subclasses; the runner does without it.)
 */
class DeclarationTest {
    /** Every sum codec reachable from the feature's state, action and effect codecs. */
    private fun codecsOf(feature: Feature<*, *, *>) = CodecCheck.reachable(feature.stateCodec, feature.actionCodec, feature.effectCodec)

    private fun sumCodecsOf(feature: Feature<*, *, *>): List<SumCodec<*>> = codecsOf(feature).filterIsInstance<SumCodec<*>>()

    private fun uncoded(codec: SumCodec<*>, type: KClass<*>): List<String> {
        val declared = type.sealedSubclasses.map { it.java }
        return declared.filter { it !in codec.caseClasses }.map { it.simpleName } +
            codec.caseClasses.filter { it !in declared }.map { "${it.simpleName} (not a case of ${type.simpleName})" }
    }

    @Test fun `every sealed case of every sum type a feature codes is registered`() {
        var checked = 0
        for (feature in MemoryLane.features) {
            for (codec in sumCodecsOf(feature)) {
                val type = codec.javaClass.enclosingClass.kotlin
                assertEquals("${feature.name}: ${type.simpleName} cases not coded", emptyList<String>(), uncoded(codec, type))
                checked++
            }
        }
        expect(checked >= 3 * MemoryLane.features.size / 2) { "only $checked sum types were checked" }
    }

    @Test fun `a codec that leaves a case out is caught (negative control)`() {
        val partial = object : SumCodec<MainNav.Sheet>() {
            init { unit("capture") { MainNav.Sheet.Capture } }
        }
        assertEquals(listOf("InviteCode", "NotificationPriming"), uncoded(partial, MainNav.Sheet::class))
    }

    @Test fun `every declaration round-trips a probe whose members all differ`() {
        for (feature in MemoryLane.features) {
            for (codec in listOf(feature.stateCodec, feature.actionCodec, feature.effectCodec)) {
                assertEquals(feature.name, emptyList<String>(), CodecCheck.mismatches(codec))
            }
        }
    }

    /** The constructor parameters [codec] does not declare a field for; null when its type is not known here. */
    private fun undeclaredParameters(codec: StructCodec<*>): List<String>? {
        val type = codec.javaClass.enclosingClass?.kotlin ?: return null
        val constructor = type.primaryConstructor ?: return null
        val declared = codec.fields.mapNotNull { (it.read as? KProperty1<*, *>)?.name }
        return constructor.parameters.mapNotNull { it.name }.filter { it !in declared }
    }

    @Test fun `every struct codec declares a field for every constructor parameter`() {
        val structs = MemoryLane.features.flatMap { codecsOf(it).filterIsInstance<StructCodec<*>>() }.distinct()
        var checked = 0
        for (codec in structs) {
            val missing = undeclaredParameters(codec) ?: continue
            assertEquals("${codec.javaClass.name}: parameters without a field", emptyList<String>(), missing)
            checked++
        }
        expect(checked >= MemoryLane.features.size) { "only $checked struct codecs were checked" }
    }

    private data class Names(val first: String, val last: String) {
        /** A codec that forgets `last` (a lambda, not the constructor reference, which would not compile with one field). */
        object Partial : StructCodec<Names>(members({ first: String -> Names(first, "") }, field(Names::first, dev.duet.coding.Codecs.string)))
    }

    @Test fun `a parameter without a field is caught (negative control)`() {
        assertEquals(listOf("last"), undeclaredParameters(Names.Partial))
    }

    @Test fun `two same-typed members declared in swapped order are caught (negative control)`() {
        val swapped = object : StructCodec<Names>(members(::Names, field(Names::last, dev.duet.coding.Codecs.string),
            field(Names::first, dev.duet.coding.Codecs.string))) {}
        val found = CodecCheck.mismatches(swapped)
        expect(found.size == 1 && found[0].contains("became")) { "$found" }
    }

    @Test fun `the runner serves exactly the features the manifest lists`() {
        val manifest = Repository.file("parity/manifest.yaml").readLines()
        val start = manifest.indexOf("features:")
        val listed = manifest.drop(start + 1).takeWhile { it.isBlank() || it.startsWith(" ") }
            .mapNotNull { Regex("^  ([a-z]+):$").find(it)?.groupValues?.get(1) }
        expect(listed.isNotEmpty()) { "no features: section read from parity/manifest.yaml" }
        assertEquals(listed.sorted(), MemoryLane.features.map { it.name }.sorted())
    }
}
