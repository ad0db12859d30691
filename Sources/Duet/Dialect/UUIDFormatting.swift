import Foundation

/// Lowercase `8-4-4-4-12` text straight from a UUID's bytes (Foundation's `uuidString`
/// goes through `sprintf` on Linux, and is uppercase).
enum UUIDFormatting {
    @inline(__always)
    private static func hexDigit(_ nibble: UInt8) -> UInt8 { nibble < 10 ? nibble &+ 0x30 : nibble &+ 0x57 }

    static func append(_ uuid: UUID, to out: ByteSink) {
        out.reserve(38)
        let w = out.base + out.count
        @inline(__always) func byte(_ b: UInt8, at o: Int) {
            w[o] = hexDigit(b >> 4)
            w[o + 1] = hexDigit(b & 0xF)
        }
        // Straight-line: fixed offsets, dashes before bytes 4, 6, 8 and 10.
        let u = uuid.uuid
        w[0] = UInt8(ascii: "\"")
        byte(u.0, at: 1); byte(u.1, at: 3); byte(u.2, at: 5); byte(u.3, at: 7)
        w[9] = UInt8(ascii: "-")
        byte(u.4, at: 10); byte(u.5, at: 12)
        w[14] = UInt8(ascii: "-")
        byte(u.6, at: 15); byte(u.7, at: 17)
        w[19] = UInt8(ascii: "-")
        byte(u.8, at: 20); byte(u.9, at: 22)
        w[24] = UInt8(ascii: "-")
        byte(u.10, at: 25); byte(u.11, at: 27); byte(u.12, at: 29); byte(u.13, at: 31); byte(u.14, at: 33); byte(u.15, at: 35)
        w[37] = UInt8(ascii: "\"")
        out.count += 38
    }

    static func string(_ uuid: UUID) -> String {
        let sink = ByteSink(capacity: 38)
        append(uuid, to: sink)
        return String(decoding: sink.view(1..<37), as: UTF8.self)
    }
}
