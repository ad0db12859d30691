package duet.test

import duet.coding.SumCodec
import duet.dialect.Dialect
import duet.kernel.Feature
import duet.structure.FieldDescription
import duet.structure.FeatureStructure
import memorylane.MainNav
import memorylane.MemoryLane
import kotlin.reflect.KClass

/**
 * The codecs are the one description of a feature's types, so they must cover them: every
 * sealed subclass of every action, effect and kind type is a registered case, in declaration
 * order. (kotlin-reflect is used here only; the runner does without it.)
 */
class DeclarationTests : Suite("declarations") {
    private fun unregistered(codec: SumCodec<*>, type: KClass<*>): List<String> {
        val declared = type.sealedSubclasses.map { SumCodec.caseName(it.java) }
        return declared.filter { it !in codec.caseNames } + codec.caseNames.filter { it !in declared }
    }

    private fun sumCodecsOf(feature: Feature<*, *, *>): List<SumCodec<*>> =
        listOf(feature.actionCodec, feature.effectCodec).filterIsInstance<SumCodec<*>>()

    init {
        test("Memory Lane serves 16 features") { assertEquals(16, MemoryLane.features.size) }
        test("every sealed case of every action and effect type is coded") {
            for (feature in MemoryLane.features) {
                for (codec in sumCodecsOf(feature)) {
                    val type = codec.javaClass.enclosingClass.kotlin
                    assertEquals(emptyList<String>(), unregistered(codec, type), "${feature.name} ${type.simpleName} cases not coded")
                }
            }
        }
        test("a codec that leaves a case out is caught (negative control)") {
            val partial = object : SumCodec<MainNav.Sheet>() {
                init { unit { MainNav.Sheet.Capture } }
            }
            assertEquals(listOf("inviteCode", "notificationPriming"), unregistered(partial, MainNav.Sheet::class))
        }
        test("describe lists structural fields with their roles and kinds") {
            val described = FeatureStructure.of(MainNav)
            val sheet = described.fields.first { it.path == "sheet" }
            assertEquals("slot", sheet.role)
            assertEquals("optional<sum>", sheet.shape)
            assertEquals(listOf("capture", "inviteCode", "notificationPriming"), sheet.kinds)
            assertEquals("tabs", described.fields.first { it.path == "activeTab" }.role)
        }
        test("a runtime-only field describes as Swift's @RuntimeOnly does, and only it") {
            class Chrome(val zoom: Long, val session: String?)
            val codec = object : duet.coding.StructCodec<Chrome>() {
                val zoom = field("zoom", duet.coding.Codecs.int) { it.zoom }
                val session = runtimeOnlyField("session", duet.coding.Codecs.optional(duet.coding.Codecs.string)) { it.session }
                override fun build(f: duet.coding.Fields) = Chrome(f[zoom], f[session])
            }
            val described = codec.fields.map { FieldDescription(it.name, it.codec.shape, it.role.text, it.codec.kinds, it.runtimeOnly).toJson() }
                .map { Dialect.compact(it) }
            assertEquals(listOf("""{"path":"session","role":"data","runtimeOnly":true,"shape":"optional<string>"}""",
                                """{"path":"zoom","role":"data","shape":"int"}"""), described.sorted())
        }
        test("restore keeps the spine's structural fields and rebuilds the rest from the initial state") {
            val restored = MainNav.restore(Dialect.parse("{\"activeTab\":{\"case\":\"profile\"},\"memoriesCaptured\":9}"))
            assertEquals(MainNav.State(activeTab = MainNav.Tab.Profile), restored)
        }
    }
}
