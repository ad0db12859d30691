package dev.duet.memorylane

import dev.duet.dialect.Dialect
import dev.duet.structure.SeamDescription
import org.junit.Assert.assertEquals
import org.junit.Test

/** What the Kotlin runner's `describe` answers, the half of declaration parity this flavor gives. */
class DescribeTest {
    private val registry = MemoryLane.registry()

    @Test fun `describe lists structural fields with their roles and kinds`() {
        val described = registry.describe("mainnav")!!
        val sheet = described.fields.first { it.path == "sheet" }
        assertEquals("slot", sheet.role)
        assertEquals("optional<sum>", sheet.shape)
        assertEquals(listOf("capture", "inviteCode", "notificationPriming"), sheet.kinds)
        assertEquals("tabs", described.fields.first { it.path == "activeTab" }.role)
        assertEquals(listOf("myLane", "shared", "profile"), described.fields.first { it.path == "activeTab" }.kinds)
    }

    @Test fun `a parent describes the children it embeds`() {
        assertEquals(listOf(SeamDescription("capture", "ifLet"), SeamDescription("invitecode", "ifLet"),
            SeamDescription("priming", "ifLet"), SeamDescription("profile", "scope")), registry.describe("mainnav")!!.seams)
        assertEquals(listOf(SeamDescription("memorydetail", "forEach"), SeamDescription("sharepicker", "ifLet")), registry.describe("timeline")!!.seams)
        assertEquals(emptyList<SeamDescription>(), registry.describe("capture")!!.seams)
    }

    @Test fun `every feature restores by the default overlay, from its initial state`() {
        for (feature in MemoryLane.features) {
            val described = registry.describe(feature.name)!!
            assertEquals(feature.name, "overlay", described.restore)
            @Suppress("UNCHECKED_CAST")
            val codec = feature.stateCodec as dev.duet.coding.Codec<Any?>
            assertEquals(feature.name, Dialect.compact(codec.encode(feature.initial)), described.initialState)
        }
        assertEquals("""{"activeTab":{"case":"myLane"},"hasAnsweredPriming":false,"memoriesCaptured":0,"unseenSharedCount":0}""",
            registry.describe("mainnav")!!.initialState)
    }
}
