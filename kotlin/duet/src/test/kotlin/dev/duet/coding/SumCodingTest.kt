package dev.duet.coding

import dev.duet.dialect.Dialect
import dev.duet.kernel.Effect
import dev.duet.kernel.EffectCodec
import dev.duet.testing.assertThrows
import dev.duet.testing.expect
import java.time.Instant
import java.util.UUID
import org.junit.Assert.assertEquals
import org.junit.Test

private sealed class Sample {
    object Plain : Sample()
    data class Single(val text: String) : Sample()
    data class Labeled(val id: UUID, val note: String?) : Sample()

    companion object Coding : SumCodec<Sample>() {
        init {
            unit("plain") { Plain }
            single("single", ::Single, Codecs.string, Single::text)
            labeled("labeled", ::Labeled, label(Labeled::id, Codecs.uuid), label(Labeled::note, Codecs.optional(Codecs.string)))
        }
    }
}

private data class Holder(val when_: Instant, val maybe: Long?, val samples: List<Sample>) {
    companion object Coding : StructCodec<Holder>(members(::Holder,
        field(Holder::when_, Codecs.date, name = "when"),
        field(Holder::maybe, Codecs.optional(Codecs.int)),
        field(Holder::samples, Codecs.list(Sample.Coding))))
}

private val id = UUID.fromString("6ba7b810-9dad-11d1-80b4-00c04fd430c8")

/** Sum types, optionals, dates and effects in the dialect's shapes (DESIGN §3). */
class SumCodingTest {
    private fun encode(value: Sample) = Dialect.compact(Sample.Coding.encode(value))

    @Test fun `a payload-free case is {'case' name}`() { assertEquals("{\"case\":\"plain\"}", encode(Sample.Plain)) }
    @Test fun `one unlabelled payload is the value itself`() { assertEquals("{\"case\":\"single\",\"value\":\"x\"}", encode(Sample.Single("x"))) }
    @Test fun `labelled payloads are an object a nil label is omitted`() {
        assertEquals("{\"case\":\"labeled\",\"value\":{\"id\":\"$id\",\"note\":\"n\"}}", encode(Sample.Labeled(id, "n")))
        assertEquals("{\"case\":\"labeled\",\"value\":{\"id\":\"$id\"}}", encode(Sample.Labeled(id, null)))
    }

    @Test fun `decoding gives back the value, and the case name comes from the class name`() {
        for (value in listOf(Sample.Plain, Sample.Single("x"), Sample.Labeled(id, null), Sample.Labeled(id, "n"))) {
            assertEquals(value, Sample.Coding.decode(Dialect.parse(encode(value))))
        }
        assertEquals(listOf("plain", "single", "labeled"), Sample.Coding.caseNames)
    }

    @Test fun `an unknown case is refused with its path and the known cases`() {
        val error = assertThrows<CodingError> { Holder.Coding.decode(Dialect.parse("{\"samples\":[{\"case\":\"plain\"},{\"case\":\"nope\"}],\"when\":\"2026-07-02T09:30:00.000Z\"}")) }
        assertEquals("samples[1]", error.path)
        expect(error.reason.contains("plain, single, labeled")) { error.reason }
    }

    @Test fun `a missing required key is refused a missing optional is nil`() {
        val error = assertThrows<CodingError> { Holder.Coding.decode(Dialect.parse("{\"samples\":[]}")) }
        expect(error.reason.contains("missing key \"when\"")) { error.toString() }
        assertEquals(null, Holder.Coding.decode(Dialect.parse("{\"samples\":[],\"when\":\"2026-07-02T09:30:00.000Z\"}")).maybe)
    }

    @Test fun `dates are UTC with exactly three fractional digits other spellings are refused`() {
        val at = Instant.ofEpochMilli(1_782_984_600_123)
        assertEquals("\"2026-07-02T09:30:00.123Z\"", Dialect.compact(Codecs.date.encode(at)))
        assertEquals(at, Codecs.date.decode(Dialect.parse("\"2026-07-02T09:30:00.123Z\"")))
        for (bad in listOf("2026-07-02T09:30:00Z", "2026-07-02T09:30:00.123+00:00", "2026-02-30T09:30:00.000Z", "2026-07-02 09:30:00.000Z")) {
            assertThrows<CodingError> { Codecs.date.decode(Dialect.parse("\"$bad\"")) }
        }
    }

    @Test fun `a UUID decodes from either case and writes lowercase a near miss is refused`() {
        assertEquals(id, Codecs.uuid.decode(Dialect.parse("\"6BA7B810-9DAD-11D1-80B4-00C04FD430C8\"")))
        assertThrows<CodingError> { Codecs.uuid.decode(Dialect.parse("\"6ba7b810-9dad-11d1-80b4-00c04fd430c\"")) }
    }

    @Test fun `effects kind instead of case, id omitted when anonymous, no payload on cancel`() {
        val codec = EffectCodec(Sample.Coding)
        assertEquals("{\"id\":\"s.run\",\"kind\":\"run\",\"payload\":{\"case\":\"plain\"}}", Dialect.compact(codec.encode(Effect.run(Sample.Plain, "s.run"))))
        assertEquals("{\"kind\":\"run\",\"payload\":{\"case\":\"plain\"}}", Dialect.compact(codec.encode(Effect.run(Sample.Plain))))
        assertEquals("{\"id\":\"s.run\",\"kind\":\"cancel\"}", Dialect.compact(codec.encode(Effect.cancel("s.run"))))
    }

    @Test fun `a struct writes every non-nil member in scalar order, defaults included`() {
        val holder = Holder(Instant.ofEpochMilli(0), 0, emptyList())
        assertEquals("{\"maybe\":0,\"samples\":[],\"when\":\"1970-01-01T00:00:00.000Z\"}", Dialect.compact(Holder.Coding.encode(holder)))
        assertEquals("{\"samples\":[],\"when\":\"1970-01-01T00:00:00.000Z\"}", Dialect.compact(Holder.Coding.encode(holder.copy(maybe = null))))
    }
}
