package dev.duet.coding

import dev.duet.dialect.Dialect
import dev.duet.structure.FieldDescription
import dev.duet.testing.assertThrows
import dev.duet.testing.expect
import org.junit.Assert.assertEquals
import org.junit.Test

private data class Friend(val id: Long, val displayName: String, val nickname: String? = null) {
    companion object Coding : StructCodec<Friend>(members(::Friend,
        field(Friend::id, Codecs.int),
        field(Friend::displayName, Codecs.string, name = "name"),
        field(Friend::nickname, Codecs.optional(Codecs.string))))
}

/** Structs declared once: the constructor reference and one field per parameter. */
class StructCodecTest {
    @Test fun `a member is named by its property, or by the name it declares`() {
        assertEquals("""{"id":7,"name":"Grace"}""", Dialect.compact(Friend.Coding.encode(Friend(7, "Grace"))))
        assertEquals(listOf("id", "name", "nickname"), Friend.Coding.fields.map { it.name })
    }

    @Test fun `decoding calls the constructor with the members in parameter order`() {
        assertEquals(Friend(7, "Grace", "G"), Friend.Coding.decode(Dialect.parse("""{"id":7,"name":"Grace","nickname":"G"}""")))
    }

    @Test fun `a required member missing is refused with its key, an unknown key is ignored`() {
        val error = assertThrows<CodingError> { Friend.Coding.decode(Dialect.parse("""{"id":7}""")) }
        expect(error.reason == "missing key \"name\"") { error.toString() }
        assertEquals(Friend(7, "Grace"), Friend.Coding.decode(Dialect.parse("""{"id":7,"name":"Grace","extra":true}""")))
    }

    private data class Twice(val a: String, val b: String)

    @Test fun `a wire name declared twice is refused when the codec is made`() {
        val error = assertThrows<IllegalArgumentException> {
            object : StructCodec<Twice>(members(::Twice, field(Twice::a, Codecs.string), field(Twice::b, Codecs.string, name = "a"))) {}
        }
        expect(error.message!!.contains("\"a\" declared twice")) { "${error.message}" }
    }

    private class Chrome(val zoom: Long, val session: String?)

    @Test fun `a runtime-only field describes as Swift's @RuntimeOnly does, and only it`() {
        val codec = object : StructCodec<Chrome>(members(::Chrome, field(Chrome::zoom, Codecs.int),
            field(Chrome::session, Codecs.optional(Codecs.string), runtimeOnly = true))) {}
        val described = codec.fields.map { Dialect.compact(FieldDescription(it.name, it.codec.shape, it.role.text, it.codec.kinds, it.runtimeOnly).toJson()) }
        assertEquals(listOf("""{"path":"session","role":"data","runtimeOnly":true,"shape":"optional<string>"}""",
            """{"path":"zoom","role":"data","shape":"int"}"""), described.sorted())
    }

    private data class Flags(val a: Boolean, val b: Boolean, val c: Boolean, val d: Boolean, val e: Boolean)

    @Test fun `CodecCheck tells any two swapped booleans apart, and passes the right order`() {
        fun flags(vararg order: kotlin.reflect.KProperty1<Flags, Boolean>) = object : StructCodec<Flags>(members(::Flags,
            field(order[0], Codecs.bool), field(order[1], Codecs.bool), field(order[2], Codecs.bool), field(order[3], Codecs.bool),
            field(order[4], Codecs.bool))) {}
        assertEquals(emptyList<String>(), CodecCheck.mismatches(flags(Flags::a, Flags::b, Flags::c, Flags::d, Flags::e)))
        expect(CodecCheck.mismatches(flags(Flags::a, Flags::b, Flags::c, Flags::e, Flags::d)).isNotEmpty()) { "d and e swapped went unseen" }
        expect(CodecCheck.mismatches(flags(Flags::e, Flags::b, Flags::c, Flags::d, Flags::a)).isNotEmpty()) { "a and e swapped went unseen" }
    }

    private data class Counted(val n: Long)

    @Test fun `a declaration given as a lambda is read on first use, once`() {
        var reads = 0
        val lazy = object : StructCodec<Counted>({ reads++; members(::Counted, field(Counted::n, Codecs.int)) }) {}
        assertEquals("nothing is built before the codec is used", 0, reads)
        assertEquals("""{"n":3}""", Dialect.compact(lazy.encode(Counted(3))))
        assertEquals(Counted(4), lazy.decode(Dialect.parse("""{"n":4}""")))
        assertEquals(1, reads)
        var sums = 0
        val cases = object : SumCodec<Counted>({ sums++; single("counted", ::Counted, Codecs.int, Counted::n) }) {}
        assertEquals(0, sums)
        assertEquals(listOf("counted"), cases.caseNames)
        assertEquals("""{"case":"counted","value":5}""", Dialect.compact(cases.encode(Counted(5))))
        assertEquals(1, sums)
    }
}
