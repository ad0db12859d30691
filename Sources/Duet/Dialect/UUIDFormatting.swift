import Foundation

/// Lowercase `8-4-4-4-12` text straight from a UUID's bytes (Foundation's `uuidString`
/// goes through `sprintf` on Linux, and is uppercase).
enum UUIDFormatting {
    private static let hex: StaticString = "0123456789abcdef"

    static func append(_ uuid: UUID, to out: ByteSink) {
        out.reserve(38)
        let w = out.base + out.count
        w[0] = UInt8(ascii: "\"")
        var o = 1
        withUnsafeBytes(of: uuid.uuid) { raw in
            for i in 0..<16 {
                if i == 4 || i == 6 || i == 8 || i == 10 { w[o] = UInt8(ascii: "-"); o += 1 }
                w[o] = hex.utf8Start[Int(raw[i] >> 4)]
                w[o + 1] = hex.utf8Start[Int(raw[i] & 0xF)]
                o += 2
            }
        }
        w[37] = UInt8(ascii: "\"")
        out.count += 38
    }

    static func string(_ uuid: UUID) -> String {
        let sink = ByteSink(capacity: 38)
        append(uuid, to: sink)
        return String(decoding: sink.view(1..<37), as: UTF8.self)
    }
}
