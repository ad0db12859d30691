package dev.duet.memorylane

import dev.duet.coding.Codec
import dev.duet.coding.Codecs

// The codecs Memory Lane's types are written with, under short names.
internal val text: Codec<String> = Codecs.string
internal val int: Codec<Long> = Codecs.int
internal val bool: Codec<Boolean> = Codecs.bool
internal val uuid = Codecs.uuid
internal val date = Codecs.date
internal fun <V> optional(codec: Codec<V>) = Codecs.optional(codec)
internal fun <V> list(codec: Codec<V>) = Codecs.list(codec)
