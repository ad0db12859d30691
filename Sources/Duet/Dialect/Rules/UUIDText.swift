import Foundation

/// The dialect's UUID rule in one place: a string that is exactly 8-4-4-4-12 hex digits (either
/// case) is UUID-shaped and is written lowercased, keys included; UUIDs are parsed from and
/// written to that text without Foundation (whose `uuidString` goes through `sprintf` on Linux
/// and is uppercase, and whose parse is `sscanf`-based, the decoder's hottest call when states
/// carry ids).
enum UUIDText {
    /// Exactly 8-4-4-4-12 hex digits.
    @inline(__always)
    static func isShaped(_ p: UnsafeBufferPointer<UInt8>) -> Bool {
        guard p.count == 36 else { return false }
        for i in 0..<36 {
            let c = p[i]
            if i == 8 || i == 13 || i == 18 || i == 23 {
                if c != UInt8(ascii: "-") { return false }
            } else if !isHex(c) {
                return false
            }
        }
        return true
    }

    @inline(__always)
    static func isHex(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46)
    }

    @inline(__always)
    static func lowerHex(_ c: UInt8) -> UInt8 { (c >= 0x41 && c <= 0x46) ? c | 0x20 : c }

    static func parse(_ text: String) -> UUID? {
        var text = text
        return text.withUTF8 { parse(bytes: $0) }
    }

    /// The same parse over UTF-8 bytes (the byte decoder reads them in place).
    static func parse(bytes: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard bytes.count == 36 else { return nil }
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let complete = withUnsafeMutableBytes(of: &uuid) { out -> Bool in
            var index = 0, written = 0
            while index < 36 {
                if index == 8 || index == 13 || index == 18 || index == 23 {
                    guard bytes[index] == UInt8(ascii: "-") else { return false }
                    index += 1
                    continue
                }
                guard let high = nibble(bytes[index]), let low = nibble(bytes[index + 1]) else { return false }
                out[written] = high << 4 | low
                written += 1
                index += 2
            }
            return true
        }
        return complete ? UUID(uuid: uuid) : nil
    }

    @inline(__always)
    private static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte &- 0x30
        case 0x61...0x66: return byte &- 0x57
        case 0x41...0x46: return byte &- 0x37
        default: return nil
        }
    }

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
